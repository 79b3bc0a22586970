import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { dateFnsLocalizer, type DateLocalizer } from 'react-big-calendar';
import { WEEK_STARTS_ON } from './range.js';

/*
 * react-big-calendar compares dates with a generic date library: every "same day?" or "in this
 * range?" builds new Dates and truncates them field by field. Laying out a month of 2,000 posts
 * asks that tens of thousands of times, and profiling showed it as the top cost of a view switch.
 * These are the same rules on numbers, for the units the calendar actually asks about; any other
 * unit falls back to the library's own answer.
 */

type Unit = string | undefined;
type Compare = (a: Date, b: Date, unit?: Unit) => boolean;

const MINUTE = 60_000;

/** Local midnight of a date, as a number (DST-safe: built from fields, not by subtracting hours). */
export function dayKey(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** The minute a date falls in; zones have whole-minute offsets, so flooring the instant is exact. */
export function minuteKey(d: Date): number {
  return Math.floor(d.getTime() / MINUTE);
}

function keyFor(unit: Unit): ((d: Date) => number) | null {
  if (unit === 'day') return dayKey;
  if (unit === 'minutes') return minuteKey;
  if (unit === undefined || unit === 'milliseconds') return (d) => d.getTime();
  return null;
}

/** Whether every argument is a real Date; anything else (the library passes undefined at times) goes to the library. */
const allDates = (...values: unknown[]) => values.every((v) => v instanceof Date);

function fastCompare(original: Compare, test: (a: number, b: number) => boolean): Compare {
  return (a, b, unit) => {
    const key = keyFor(unit);
    return key && allDates(a, b) ? test(key(a), key(b)) : original(a, b, unit);
  };
}

/** A fast version of a localizer method, used only when every argument is a Date. */
function whenDates<A extends unknown[], R>(
  original: (...args: A) => R,
  fast: (...args: A) => R,
): (...args: A) => R {
  return (...args) => (allDates(...args) ? fast(...args) : original(...args));
}

/** The calendar's localizer: date-fns formats, weeks from Monday, and the fast comparisons. */
export function createLocalizer(): DateLocalizer {
  const localizer = dateFnsLocalizer({
    format,
    parse,
    startOfWeek: (date: Date) => startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON }),
    getDay,
    locales: { 'en-US': enUS },
  });
  // The typings list only part of the localizer; these are its documented overridable methods.
  const l = localizer as unknown as {
    isSameDate: (a: Date, b: Date) => boolean;
    continuesPrior: (start: Date, first: Date) => boolean;
    continuesAfter: (start: Date, end: Date, last: Date) => boolean;
    inEventRange: typeof inEventRange;
    sortEvents: typeof sortEvents;
    startOf: (date: Date, unit: string, firstOfWeek?: number) => Date;
    ceil: (date: Date, unit: string) => Date;
    diff: (a: Date, b: Date, unit?: string) => number;
    inRange: (day: Date, min?: Date, max?: Date, unit?: string) => boolean;
    eq: Compare;
    neq: Compare;
    lt: Compare;
    lte: Compare;
    gt: Compare;
    gte: Compare;
  };
  l.eq = fastCompare(l.eq, (a, b) => a === b);
  l.neq = fastCompare(l.neq, (a, b) => a !== b);
  l.lt = fastCompare(l.lt, (a, b) => a < b);
  l.lte = fastCompare(l.lte, (a, b) => a <= b);
  l.gt = fastCompare(l.gt, (a, b) => a > b);
  l.gte = fastCompare(l.gte, (a, b) => a >= b);
  l.isSameDate = whenDates(l.isSameDate, (a, b) => dayKey(a) === dayKey(b));
  l.continuesPrior = whenDates(l.continuesPrior, (start, first) => dayKey(start) < dayKey(first));
  l.continuesAfter = whenDates(l.continuesAfter, (start, end, last) =>
    minuteKey(start) === minuteKey(end)
      ? minuteKey(end) >= minuteKey(last)
      : minuteKey(end) > minuteKey(last),
  );
  // The month view asks for every post's day start and end once per week row it draws.
  const libraryStartOf = l.startOf;
  l.startOf = (date, unit, firstOfWeek) =>
    unit === 'day' && date instanceof Date ? startOfDayFast(date) : libraryStartOf(date, unit, firstOfWeek);
  const libraryCeil = l.ceil;
  l.ceil = (date, unit) => (unit === 'day' && date instanceof Date ? ceilDay(date) : libraryCeil(date, unit));
  // ...and for each of them, how many days it spans in the row (diff by day).
  const libraryDiff = l.diff;
  l.diff = (a, b, unit) =>
    unit === 'day' && allDates(a, b)
      ? dayDiff(a, b)
      : unit === 'minutes' && allDates(a, b)
        ? Math.abs(minuteKey(a) - minuteKey(b))
        : libraryDiff(a, b, unit);
  // The week view asks, for each of its days, which of the week's posts fall on it.
  const libraryDayInRange = l.inRange;
  l.inRange = (day, min, max, unit) =>
    (unit ?? 'day') === 'day' &&
    allDates(day) &&
    (!min || min instanceof Date) &&
    (!max || max instanceof Date)
      ? (!min || dayKey(day) >= dayKey(min)) && (!max || dayKey(day) <= dayKey(max))
      : libraryDayInRange(day, min, max, unit);
  const libraryInRange = l.inEventRange;
  l.inEventRange = (args) =>
    allDates(args.event.start, args.event.end, args.range.start, args.range.end)
      ? inEventRange(args)
      : libraryInRange(args);
  const librarySort = l.sortEvents;
  l.sortEvents = (args) =>
    allDates(args.evtA.start, args.evtA.end, args.evtB.start, args.evtB.end)
      ? sortEvents(args)
      : librarySort(args);
  return localizer;
}

/** Local midnight of a date, built from its fields (DST-safe). */
function startOfDayFast(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** The date itself at a local midnight, else the next local midnight: the library's ceil by day. */
function ceilDay(d: Date): Date {
  const floor = startOfDayFast(d);
  return floor.getTime() === d.getTime() ? floor : new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1);
}

/** Whole days between the local midnights of two dates, unsigned: the library's diff by day. */
export function dayDiff(a: Date, b: Date): number {
  return Math.round(Math.abs(dayKey(a) - dayKey(b)) / 86_400_000);
}

interface Span {
  start: Date;
  end: Date;
  allDay?: boolean;
}

/** Whether an event shows in a range: the library's rule, on numbers. */
export function inEventRange({ event, range }: { event: Span; range: { start: Date; end: Date } }): boolean {
  const eStart = dayKey(event.start);
  const startsBeforeEnd = eStart <= dayKey(range.end);
  const endMinute = minuteKey(event.end);
  const rangeStartMinute = minuteKey(range.start);
  const sameMinute = Math.floor(eStart / MINUTE) === endMinute;
  const endsAfterStart = sameMinute ? endMinute >= rangeStartMinute : endMinute > rangeStartMinute;
  return startsBeforeEnd && endsAfterStart;
}

/** Days an event spans, counted on local midnights as the library does. */
function daySpan(start: Date, end: Date): number {
  return Math.round((dayKey(end) - dayKey(start)) / 86_400_000);
}

/** The library's event order (day, longer first, all-day first, start, end), on numbers. */
export function sortEvents({ evtA, evtB }: { evtA: Span; evtB: Span }): number {
  return (
    dayKey(evtA.start) - dayKey(evtB.start) ||
    daySpan(evtB.start, evtB.end) - daySpan(evtA.start, evtA.end) ||
    Number(!!evtB.allDay) - Number(!!evtA.allDay) ||
    evtA.start.getTime() - evtB.start.getTime() ||
    evtA.end.getTime() - evtB.end.getTime()
  );
}

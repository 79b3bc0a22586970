import { tzOffset } from '@date-fns/tz';
import type { DayKey } from './ipc.js';

/*
 * Pure. Periods as calendar days (DayKey, both ends included), chosen in a time zone: "today" is
 * the day on that zone's wall clock, and everything after is day arithmetic on dates (no instants,
 * so no daylight-saving hour can shift a day).
 */

export type RangeKind =
  'last7' | 'last30' | 'last90' | 'thisMonth' | 'lastMonth' | 'thisQuarter' | 'thisYear' | 'custom';

export interface DayRange {
  from: DayKey;
  to: DayKey;
}

export const RANGE_KINDS: readonly { kind: RangeKind; label: string }[] = [
  { kind: 'last7', label: 'Last 7 days' },
  { kind: 'last30', label: 'Last 30 days' },
  { kind: 'last90', label: 'Last 90 days' },
  { kind: 'thisMonth', label: 'This month' },
  { kind: 'lastMonth', label: 'Last month' },
  { kind: 'thisQuarter', label: 'This quarter' },
  { kind: 'thisYear', label: 'This year' },
  { kind: 'custom', label: 'Custom' },
];

const DAY_MS = 86_400_000;

function ms(day: DayKey): number {
  return Date.parse(`${day}T00:00:00Z`);
}

function key(msUtc: number): DayKey {
  return new Date(msUtc).toISOString().slice(0, 10);
}

export function isDayKey(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(ms(s)) && key(ms(s)) === s;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The day on the wall clock of `zone` at `now`. */
export function todayIn(zone: string, now: number = Date.now()): DayKey {
  // One formatter per zone: building one costs far more than using it, and a year of posts asks thousands of times.
  let format = dayFormats.get(zone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format.format(now);
}

/** Per zone and UTC day: the zone's offset when it holds all day, null on a day it changes. */
const dayOffsets = new Map<string, number | null>();

/**
 * The calendar day of an instant in `zone`, or null for an unreadable instant. A zone's offset
 * changes at most once a day, so it is read twice per UTC day and reused for every instant of that
 * day: a year of posts costs a few hundred time-zone conversions instead of one each.
 */
export function dayOfInstant(iso: string, zone: string): DayKey | null {
  const day = dayStartOfInstant(iso, zone);
  return day === null ? null : key(day);
}

/** The zone's offset (minutes) all through the UTC day of `at`, or null on a day it changes. */
function steadyOffset(zone: string, at: number): number | null {
  const dayStart = Math.floor(at / DAY_MS) * DAY_MS;
  const cacheKey = `${zone}|${dayStart}`;
  let offset = dayOffsets.get(cacheKey);
  if (offset === undefined) {
    const first = tzOffset(zone, new Date(dayStart));
    offset = first === tzOffset(zone, new Date(dayStart + DAY_MS - 1_000)) ? first : null;
    if (dayOffsets.size > 100_000) dayOffsets.clear();
    dayOffsets.set(cacheKey, offset);
  }
  return offset;
}

/** As dayOfInstant, as the UTC midnight (ms) that names the day: for sums that count days by number. */
export function dayStartOfInstant(iso: string, zone: string): number | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const offset = steadyOffset(zone, at);
  if (offset === null) return ms(todayIn(zone, at));
  const wall = at + offset * 60_000;
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

/**
 * The wall clock of `zone` at the instant `at` (ms), written as if it were UTC: read its weekday
 * and hour with getUTCDay/getUTCHours. From the day's offset (see dayOfInstant), read at the
 * instant itself only on a day the offset changes.
 */
export function wallClockOf(at: number, zone: string): number {
  const offset = steadyOffset(zone, at) ?? tzOffset(zone, new Date(at));
  return at + offset * 60_000;
}

export function addDays(day: DayKey, n: number): DayKey {
  return key(ms(day) + n * DAY_MS);
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysBetween(range: DayRange): number {
  return Math.max(0, Math.round((ms(range.to) - ms(range.from)) / DAY_MS) + 1);
}

export function inRange(day: DayKey, range: DayRange): boolean {
  return day >= range.from && day <= range.to;
}

/** Every day of the range, oldest first. */
export function eachDay(range: DayRange): DayKey[] {
  const out: DayKey[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

function parts(day: DayKey): { y: number; m: number; d: number } {
  return { y: Number(day.slice(0, 4)), m: Number(day.slice(5, 7)), d: Number(day.slice(8, 10)) };
}

function make(y: number, m: number, d: number): DayKey {
  return key(Date.UTC(y, m - 1, d));
}

function lastOfMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The same calendar day `years` years away; 29 February becomes the 28th in a common year. */
export function shiftYears(day: DayKey, years: number): DayKey {
  const { y, m, d } = parts(day);
  return make(y + years, m, Math.min(d, lastOfMonth(y + years, m)));
}

/** The same day of the month `months` months away, kept inside the shorter month (31 Mar − 1 → 28/29 Feb). */
export function shiftMonths(day: DayKey, months: number): DayKey {
  const { y, m, d } = parts(day);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  return make(ny, nm, Math.min(d, lastOfMonth(ny, nm)));
}

/** The range a choice names on `today`; ranges that run "until now" end today. */
export function rangeFor(kind: RangeKind, today: DayKey, custom?: DayRange): DayRange {
  const { y, m } = parts(today);
  switch (kind) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'last90':
      return { from: addDays(today, -89), to: today };
    case 'thisMonth':
      return { from: make(y, m, 1), to: today };
    case 'lastMonth': {
      const from = shiftMonths(make(y, m, 1), -1);
      return { from, to: addDays(make(y, m, 1), -1) };
    }
    case 'thisQuarter':
      return { from: make(y, Math.floor((m - 1) / 3) * 3 + 1, 1), to: today };
    case 'thisYear':
      return { from: make(y, 1, 1), to: today };
    case 'custom': {
      if (!custom || !isDayKey(custom.from) || !isDayKey(custom.to)) return { from: today, to: today };
      return custom.from <= custom.to ? custom : { from: custom.to, to: custom.from };
    }
  }
}

/**
 * What a range is compared with. A range of whole calendar units (a month, a quarter, a year, or
 * the part of one so far) is compared with the unit before, over as many days into it ("this month
 * so far" against the same days of last month; October against September, whatever their lengths),
 * because that is how a client reads a monthly report. Any other range is compared with the days
 * just before it, as many as it has.
 */
export function previousPeriod(kind: RangeKind, range: DayRange): DayRange {
  const months = kind === 'thisMonth' || kind === 'lastMonth' ? 1 : kind === 'thisQuarter' ? 3 : 0;
  if (months > 0) {
    const from = shiftMonths(range.from, -months);
    const wholeUnit = addDays(range.from, -1);
    const to = kind === 'lastMonth' ? wholeUnit : minDay(shiftMonths(range.to, -months), wholeUnit);
    return { from, to };
  }
  if (kind === 'thisYear') return yearBefore(range);
  const length = daysBetween(range);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** The same days one year before. */
export function yearBefore(range: DayRange): DayRange {
  return { from: shiftYears(range.from, -1), to: shiftYears(range.to, -1) };
}

function minDay(a: DayKey, b: DayKey): DayKey {
  return a < b ? a : b;
}

/** The smallest range holding all of these. */
export function spanOf(ranges: readonly DayRange[]): DayRange {
  const first = ranges[0]!;
  return ranges.reduce(
    (acc, r) => ({ from: r.from < acc.from ? r.from : acc.from, to: r.to > acc.to ? r.to : acc.to }),
    first,
  );
}

/** Monday of the week holding `day` (weeks start on Monday, as ISO weeks do). */
export function weekStart(day: DayKey): DayKey {
  const weekday = new Date(ms(day)).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

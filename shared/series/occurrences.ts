import * as rruleModule from 'rrule';
import type { Options } from 'rrule';
import { wallTimeToInstant } from '../queue/slots.js';
import type { SeriesRule } from './model.js';

/*
 * The dates of a series. rrule (RFC 5545) walks the rule over "floating" wall times, written as UTC
 * so no zone of this computer gets in; each wall time then becomes an instant in the series' zone
 * with the queue's wallTimeToInstant. That is what keeps 9:00 New York at 9:00 on both sides of a
 * DST change (rrule's own tzid support depends on the host's zone and is easy to get wrong). A wall
 * time the clocks skip (2:30 on a spring-forward night) goes out when the clocks jump (3:00); one
 * that comes twice (1:30 on a fall-back night) goes out the first time.
 *
 * Months without the rule's day (the 31st, 30 February) get no post, as RFC 5545 says; a yearly 29
 * February goes out in leap years only. Skipped dates still count towards "after N times", like an
 * RFC 5545 EXDATE.
 */

/*
 * Node's ES module loader (the e2e bridge, scripts) reads rrule's CommonJS build, whose names sit
 * under `default`; bundlers and vitest read its ES build, which has them at the top.
 */
const viaDefault = Reflect.get(rruleModule, 'default') as typeof rruleModule | undefined;
const rrule: typeof rruleModule = viaDefault?.RRule !== undefined ? viaDefault : rruleModule;
const { RRule, Weekday: RWeekday } = rrule;

const DAY = 86_400_000;
/** A series that ends after at most this many dates gets all its posts at once. */
export const MADE_AT_ONCE = 60;
/** A longer or endless series keeps this far ahead as real posts… */
export const HORIZON_DAYS = 56;
/** …and at least this many of its next dates. */
export const HORIZON_MIN = 6;
/** A date this close may pass before the outbox sends it: it is not made any more. */
export const LEAD_MS = 60_000;
/** The furthest a walk looks: far enough for a yearly 29 February, short enough to stay quick. */
const MAX_WALK = 5_000;

export interface Occurrence {
  /** The rule's day in the series' zone, "YYYY-MM-DD": the key of the date, whatever its time. */
  date: string;
  /** 1-based place in the rule (skipped dates keep theirs). */
  index: number;
  /** The instant it goes out. */
  at: number;
}

/** rrule counts weekdays from Monday (0); the app from Sunday (0). */
const rruleDay = (weekday: number): number => (weekday + 6) % 7;

function parseDate(date: string): { y: number; m: number; d: number } {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return { y, m: m - 1, d };
}

export const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (floating: Date) =>
  `${floating.getUTCFullYear()}-${pad(floating.getUTCMonth() + 1)}-${pad(floating.getUTCDate())}`;

/** The weekday (0 = Sunday) of a "YYYY-MM-DD" day. */
export function weekdayOf(date: string): number {
  const { y, m, d } = parseDate(date);
  return new Date(Date.UTC(y, m, d)).getUTCDay();
}

/** The rule as rrule options, over floating wall times. */
export function rruleOptions(rule: SeriesRule): Partial<Options> {
  const { y, m, d } = parseDate(rule.start);
  const [hh = 0, mm = 0] = rule.time.split(':').map(Number);
  const options: Partial<Options> = {
    dtstart: new Date(Date.UTC(y, m, d, hh, mm)),
    interval: rule.interval,
    wkst: RRule.MO,
  };
  const byMonthDay = (): Partial<Options> =>
    rule.monthDay.kind === 'day'
      ? { bymonthday: rule.monthDay.day }
      : { byweekday: [new RWeekday(rruleDay(rule.monthDay.weekday), rule.monthDay.nth)] };
  switch (rule.freq) {
    case 'daily':
      options.freq = RRule.DAILY;
      break;
    case 'weekly': {
      options.freq = RRule.WEEKLY;
      const days = rule.weekdays.length > 0 ? rule.weekdays : [weekdayOf(rule.start)];
      options.byweekday = [...new Set(days)].sort().map(rruleDay);
      break;
    }
    case 'monthly':
      Object.assign(options, { freq: RRule.MONTHLY, ...byMonthDay() });
      break;
    case 'yearly':
      Object.assign(options, { freq: RRule.YEARLY, bymonth: rule.month, ...byMonthDay() });
      break;
  }
  if (rule.end.kind === 'count') options.count = rule.end.count;
  if (rule.end.kind === 'until') {
    const end = parseDate(rule.end.date);
    options.until = new Date(Date.UTC(end.y, end.m, end.d, 23, 59, 59));
  }
  return options;
}

/**
 * The series' dates in order, from its start, while `keep` says so (it sees each date; false
 * stops the walk). Skipped dates are left out but keep their place.
 */
export function walk(
  rule: SeriesRule,
  timezone: string,
  keep: (o: Occurrence, taken: number) => boolean,
  skip: ReadonlySet<string> = new Set(),
): Occurrence[] {
  const out: Occurrence[] = [];
  let index = 0;
  new RRule(rruleOptions(rule)).all((floating) => {
    index += 1;
    if (index > MAX_WALK) return false;
    const date = dayOf(floating);
    const o: Occurrence = {
      date,
      index,
      at: wallTimeToInstant(
        timezone,
        floating.getUTCFullYear(),
        floating.getUTCMonth(),
        floating.getUTCDate(),
        floating.getUTCHours(),
        floating.getUTCMinutes(),
      ),
    };
    if (!keep(o, out.length)) return false;
    if (!skip.has(date)) out.push(o);
    return true;
  });
  return out;
}

/** The first `n` dates of a series (skipped ones left out). */
export function firstOccurrences(
  rule: SeriesRule,
  timezone: string,
  n: number,
  skip: ReadonlySet<string> = new Set(),
): Occurrence[] {
  return walk(rule, timezone, (_, taken) => taken < n, skip);
}

/** How many dates the rule has in all, or null when it has more than `cap` (or no end). */
export function totalDates(rule: SeriesRule, timezone: string, cap = MADE_AT_ONCE): number | null {
  if (rule.end.kind === 'never') return null;
  if (rule.end.kind === 'count' && rule.end.count > cap) return null;
  let n = 0;
  walk(rule, timezone, () => ++n <= cap + 1);
  return n > cap ? null : n;
}

/**
 * The dates that should be posts now: every one still to come of a series with at most
 * MADE_AT_ONCE dates; otherwise a rolling horizon, the next HORIZON_DAYS and at least the next
 * HORIZON_MIN. A date closer than LEAD_MS (or past) is not made any more.
 */
export function dueOccurrences(
  rule: SeriesRule,
  timezone: string,
  skip: ReadonlySet<string>,
  now: number,
): Occurrence[] {
  const from = now + LEAD_MS;
  const all = totalDates(rule, timezone) !== null;
  const horizon = now + HORIZON_DAYS * DAY;
  let ahead = 0;
  return walk(
    rule,
    timezone,
    (o) => {
      if (o.at < from) return true;
      if (all) return true;
      ahead += 1;
      return o.at <= horizon || ahead <= HORIZON_MIN;
    },
    skip,
  ).filter((o) => o.at >= from);
}

/** Why the rule can never give a date (a 30 February), or null. */
export function neverHappens(rule: SeriesRule, timezone: string): string | null {
  return firstOccurrences(rule, timezone, 1).length === 0
    ? 'This rule never names a day (that month has no such date); choose another day.'
    : null;
}

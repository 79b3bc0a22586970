import { WEEKDAY_NAMES } from '../queue/slots.js';
import type { MonthDay, SeriesRule } from './model.js';
import { weekdayOf } from './occurrences.js';

/*
 * A rule in plain words: "Every Monday and Thursday at 9:00, until 31 March 2027". rrule's own
 * toText is English-only and reads oddly ("every week on Monday, Thursday at 9"), so the app says
 * it itself. Times are 24-hour "9:00" here; the screens may put their own clock around it.
 */

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const NTH: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };

/** "1st", "2nd", "23rd", "31st". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

/** "Monday", "Monday and Thursday", "Monday, Wednesday and Friday" (Monday first, as a week runs). */
export function listWeekdays(days: readonly number[]): string {
  const names = [...new Set(days)]
    .sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7))
    .map((d) => WEEKDAY_NAMES[d] ?? '');
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "9:00", "17:30". */
export function wallTimeWords(time: string): string {
  const [h = '0', m = '00'] = time.split(':');
  return `${Number(h)}:${m}`;
}

/** "31 March 2027". */
export function dayWords(date: string): string {
  const [y = '', m = '1', d = '1'] = date.split('-');
  return `${Number(d)} ${MONTH_NAMES[Number(m) - 1] ?? ''} ${y}`;
}

function monthDayWords(md: MonthDay): string {
  return md.kind === 'day'
    ? `the ${ordinal(md.day)}`
    : `the ${NTH[md.nth] ?? ''} ${WEEKDAY_NAMES[md.weekday] ?? ''}`;
}

const every = (interval: number, one: string, many: string) =>
  interval === 1 ? `Every ${one}` : interval === 2 ? `Every other ${one}` : `Every ${interval} ${many}`;

/** The rule in words, with its time and its end. */
export function describeRule(rule: SeriesRule): string {
  const at = `at ${wallTimeWords(rule.time)}`;
  let head: string;
  switch (rule.freq) {
    case 'daily':
      head = `${every(rule.interval, 'day', 'days')} ${at}`;
      break;
    case 'weekly': {
      const days = listWeekdays(rule.weekdays.length > 0 ? rule.weekdays : [weekdayOf(rule.start)]);
      head =
        rule.interval === 1
          ? `Every ${days} ${at}`
          : `${every(rule.interval, 'week', 'weeks')} on ${days} ${at}`;
      break;
    }
    case 'monthly':
      head = `${every(rule.interval, 'month', 'months')} on ${monthDayWords(rule.monthDay)} ${at}`;
      break;
    case 'yearly': {
      const month = MONTH_NAMES[rule.month - 1] ?? '';
      const on =
        rule.monthDay.kind === 'day'
          ? `${rule.monthDay.day} ${month}`
          : `${monthDayWords(rule.monthDay)} of ${month}`;
      head = `${every(rule.interval, 'year', 'years')} on ${on} ${at}`;
      break;
    }
  }
  switch (rule.end.kind) {
    case 'never':
      return head;
    case 'count':
      return `${head}, ${rule.end.count === 1 ? 'once' : rule.end.count === 2 ? 'twice' : `${rule.end.count} times`}`;
    case 'until':
      return `${head}, until ${dayWords(rule.end.date)}`;
  }
}

/** What the rule leaves out, said on screen: months without the day, years without 29 February. */
export function ruleNote(rule: SeriesRule): string | null {
  if (rule.monthDay.kind !== 'day') return null;
  const day = rule.monthDay.day;
  if (rule.freq === 'monthly' && day > 28)
    return day === 29
      ? 'February has no 29th in most years: that month gets no post.'
      : `Months without a ${ordinal(day)} get no post (they are skipped, not moved).`;
  if (rule.freq === 'yearly' && rule.month === 2 && day === 29)
    return 'Only leap years have a 29 February: the post goes out every four years.';
  return null;
}

/** X refuses the same text twice: a series that repeats one text there is warned. */
export function repeatWarning(
  platforms: readonly string[],
  variants: readonly string[],
  dates: number | null,
): string | null {
  if (!platforms.includes('x')) return null;
  if (dates !== null && dates <= 1) return null;
  if (new Set(variants.map((v) => v.trim())).size > 1) return null;
  return 'X refuses a post with the same text as a recent one: add a second text variant so the dates take turns.';
}

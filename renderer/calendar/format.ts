import { hour12 } from '../app/time-format.js';

/*
 * Every time written on the calendar's screen goes through here, always in the brand zone, so no
 * label can fall back to the machine's zone by accident. Formatters are cached: creating an
 * Intl.DateTimeFormat costs far more than using one, and a month can hold thousands of posts.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, given: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  // The user's 12/24-hour clock (app/time-format.ts), the same as every other screen's.
  const options = { ...given, hour12: hour12() };
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
};
const FULL: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };

/** "9:30 AM" in the brand zone. */
export const formatTime = (instant: string | Date, zone: string) =>
  formatter(zone, TIME).format(new Date(instant));
/** "Tue, Mar 3, 9:30 AM" in the brand zone. */
export const formatDateTime = (instant: string | Date, zone: string) =>
  formatter(zone, DATE_TIME).format(new Date(instant));
/** "Tuesday, March 3, 2026 at 9:30 AM" in the brand zone. */
export const formatFull = (instant: string | Date, zone: string) =>
  formatter(zone, FULL).format(new Date(instant));

/**
 * The time on a post's chip in the grids, as short as it reads: "9am", "9:30am", "17:30" (a 24-hour
 * locale). The chip's one time format: every chip asks here, so it can follow the app's own time
 * format (the OS's 12/24-hour setting) from one place. The full time stays in the accessible name
 * and the tooltip.
 */
export function formatChipTime(instant: string | Date, zone: string): string {
  let hour = '';
  let minute = '';
  let period = '';
  for (const part of formatter(zone, TIME).formatToParts(new Date(instant))) {
    if (part.type === 'hour') hour = part.value;
    else if (part.type === 'minute') minute = part.value;
    else if (part.type === 'dayPeriod') period = part.value;
  }
  if (!period) return `${Number(hour)}:${minute}`;
  return `${hour}${minute === '00' ? '' : `:${minute}`}${period.replace(/[.\s]/g, '').toLowerCase()}`;
}

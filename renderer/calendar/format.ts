import { hour12 } from '../ui/time-format.js';
import { wallMinuteOfDay } from './time.js';

/*
 * Every time written on the calendar's screen goes through here, always in the brand zone, so no
 * label can fall back to the machine's zone by accident. Formatters are cached: creating an
 * Intl.DateTimeFormat costs far more than using one, and a month can hold thousands of posts.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

const OPTIONS = {
  time: { hour: 'numeric', minute: '2-digit' },
  dateTime: { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  full: { dateStyle: 'full', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** The formatter of a kind in a zone, built once per zone, kind and clock. */
function formatter(zone: string, kind: keyof typeof OPTIONS): Intl.DateTimeFormat {
  // The user's 12/24-hour clock (ui/time-format.ts), the same as every other screen's.
  const h12 = hour12();
  const key = `${zone}|${kind}|${h12 ? 12 : 24}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { ...OPTIONS[kind], hour12: h12, timeZone: zone });
    formatters.set(key, f);
  }
  return f;
}

/*
 * A time of day is written the same whatever the date: "9:30 AM" is the wall clock's hour and minute
 * on the user's clock. So each minute of the day is written once (per clock), from the zone's offset
 * at the instant (time.ts keeps those per hour): a week draws hundreds of chips, each writing its
 * time twice (the chip's and the tooltip's), where an Intl format per chip cost ~10 ms.
 */
const timesOfDay = new Map<string, string>();

function timeOfDay(kind: 'time' | 'chip', instant: string | Date, zone: string): string {
  const f = formatter(zone, 'time');
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const minute = wallMinuteOfDay(ms, zone);
  // An instant or zone it cannot read: written as the formatter writes it (or refuses to).
  if (!Number.isFinite(minute)) return kind === 'time' ? f.format(new Date(instant)) : chipTime(f, instant);
  const key = `${kind}|${hour12() ? 12 : 24}|${minute}`;
  let text = timesOfDay.get(key);
  if (text === undefined) {
    const wall = new Date(Date.UTC(2000, 0, 1, 0, minute));
    const utc = formatter('UTC', 'time');
    text = kind === 'time' ? utc.format(wall) : chipTime(utc, wall);
    timesOfDay.set(key, text);
  }
  return text;
}

/** "9:30 AM" in the brand zone. */
export const formatTime = (instant: string | Date, zone: string) => timeOfDay('time', instant, zone);
/** "Tue, Mar 3, 9:30 AM" in the brand zone. */
export const formatDateTime = (instant: string | Date, zone: string) =>
  formatter(zone, 'dateTime').format(new Date(instant));
/** "Tuesday, March 3, 2026 at 9:30 AM" in the brand zone. */
export const formatFull = (instant: string | Date, zone: string) =>
  formatter(zone, 'full').format(new Date(instant));

/**
 * The time on a post's chip in the grids, as short as it reads: "9am", "9:30am", "17:30" (a 24-hour
 * locale). The chip's one time format: every chip asks here, so it can follow the app's own time
 * format (the OS's 12/24-hour setting) from one place. The full time stays in the accessible name
 * and the tooltip.
 */
export function formatChipTime(instant: string | Date, zone: string): string {
  return timeOfDay('chip', instant, zone);
}

function chipTime(f: Intl.DateTimeFormat, instant: string | Date): string {
  let hour = '';
  let minute = '';
  let period = '';
  for (const part of f.formatToParts(new Date(instant))) {
    if (part.type === 'hour') hour = part.value;
    else if (part.type === 'minute') minute = part.value;
    else if (part.type === 'dayPeriod') period = part.value;
  }
  if (!period) return `${Number(hour)}:${minute}`;
  return `${hour}${minute === '00' ? '' : `:${minute}`}${period.replace(/[.\s]/g, '').toLowerCase()}`;
}

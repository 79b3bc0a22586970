/*
 * One time format for every screen: a time of day is written the way the user's locale writes it,
 * 12-hour ("5:30 PM") or 24-hour ("17:30"), so the agenda, the queue, the heatmap, the outbox and
 * the plan never disagree. The clock comes from the locale Chromium runs with (the OS's
 * language settings, in Electron and in a browser alike); `setHour12` lets main's answer override it.
 */

let forced: boolean | null = null;
let cached: boolean | null = null;

/** Whether times are written on a 12-hour clock, by the locale's own default. */
export function hour12(): boolean {
  if (forced !== null) return forced;
  if (cached === null) {
    const cycle = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hourCycle;
    cached = cycle === 'h11' || cycle === 'h12';
  }
  return cached;
}

/** Forces 12- or 24-hour times (null: the locale decides), e.g. from the OS's own setting. */
export function setHour12(value: boolean | null): void {
  forced = value;
}

/** The Intl options of a time of day with minutes, on the user's clock. */
export function timeOptions(): Intl.DateTimeFormatOptions {
  return { hour: 'numeric', minute: '2-digit', hour12: hour12() };
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = wallFormatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone: 'UTC' });
    wallFormatters.set(key, f);
  }
  return f;
}

/** A wall time ("17:30", as slots and inputs store it) as the user's clock writes it: "5:30 PM" or "17:30". */
export function formatWallTime(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  return wallFormatter(timeOptions()).format(new Date(Date.UTC(2000, 0, 1, Number(m[1]), Number(m[2]))));
}

/** An hour of the day as a column label: "5 PM" or "17:00". */
export function formatHour(hour: number): string {
  if (!hour12()) return `${String(hour).padStart(2, '0')}:00`;
  return wallFormatter({ hour: 'numeric', hour12: true }).format(new Date(Date.UTC(2000, 0, 1, hour)));
}

/** A date-fns pattern for a time of day on the user's clock, for code that formats with date-fns. */
export function timePattern(): string {
  return hour12() ? 'h:mm a' : 'HH:mm';
}

import { tzOffset } from '@date-fns/tz';

/*
 * The calendar's grids (and react-big-calendar's agenda) lay everything out in the browser's own
 * zone, but every time on our screen is the brand's. So the calendar is fed "wall dates": browser-local Dates whose fields (year … minute)
 * are the instant's wall clock in the brand zone. Every instant goes through instantToWall on the way
 * in and wallToInstant on the way out; nothing else converts.
 */

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The system zone as last read, and when: a chip asks for it, and reading it builds a formatter. */
let system = { zone: '', at: -Infinity };

/**
 * The zone this machine runs in: the brand's default when it has none of its own. Read at most once
 * a second (the OS's zone can change while the app runs; a calendar of thousands of chips asks for
 * it per chip, and each read builds an Intl formatter).
 */
export function systemTimeZone(): string {
  const now = Date.now();
  if (now - system.at >= 1000 || now < system.at) {
    system = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', at: now };
  }
  return system.zone;
}

const validZones = new Map<string, boolean>();

/** Whether the runtime knows this IANA zone name, so a bad setting never breaks the screen. */
export function isValidTimeZone(zone: string): boolean {
  let valid = validZones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    if (validZones.size > 1000) validZones.clear();
    validZones.set(zone, valid);
  }
  return valid;
}

/** The zone the calendar uses for a brand: its own when valid, else the system's. */
export function brandZone(timezone: string | null | undefined): string {
  return timezone && isValidTimeZone(timezone) ? timezone : systemTimeZone();
}

/** Per zone, the UTC offset of each clock hour (ms since the epoch / HOUR) that has one throughout. */
const hourOffsets = new Map<string, Map<number, number>>();

/**
 * `tzOffset(zone, ms)`, kept per zone and hour: an offset read costs an Intl format, and a month
 * of 20,000 posts asked for one per post. An hour whose first and last milliseconds have the same
 * offset has it throughout (no zone changes its offset twice within an hour); an hour with a
 * change in it is read exactly, each time.
 */
function offsetAt(zone: string, ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let hours = hourOffsets.get(zone);
  if (!hours) {
    hours = new Map();
    hourOffsets.set(zone, hours);
  }
  const known = hours.get(hour);
  if (known !== undefined) return known;
  const first = tzOffset(zone, new Date(hour * HOUR));
  const last = tzOffset(zone, new Date(hour * HOUR + HOUR - 1));
  if (first !== last || Number.isNaN(first)) return tzOffset(zone, new Date(ms));
  if (hours.size >= 100_000) hours.clear();
  hours.set(hour, first);
  return first;
}

/** The minute of the day (0 to 1439) that the clocks of `zone` show at `ms`; NaN for a zone it cannot read. */
export function wallMinuteOfDay(ms: number, zone: string): number {
  const shifted = ms + offsetAt(zone, ms) * MINUTE;
  return Math.floor((((shifted % DAY) + DAY) % DAY) / MINUTE);
}

/** The wall clock of `instant` in `zone`, as a browser-local Date for the calendar to lay out. */
export function instantToWall(instant: Date | number, zone: string): Date {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const shifted = new Date(ms + offsetAt(zone, ms) * MINUTE);
  return new Date(
    shifted.getUTCFullYear(),
    shifted.getUTCMonth(),
    shifted.getUTCDate(),
    shifted.getUTCHours(),
    shifted.getUTCMinutes(),
    shifted.getUTCSeconds(),
    shifted.getUTCMilliseconds(),
  );
}

/**
 * The instant at which the clocks of `zone` show the fields of `wall` (a browser-local Date).
 * A wall time skipped by a DST jump moves forward by the jump (02:30 on a spring-forward night is
 * 03:30), as clocks do. A wall time that happens twice picks the occurrence with the same offset as
 * `hint` (the post's current instant, so a post that stays put keeps its instant), else the first.
 */
export function wallToInstant(wall: Date, zone: string, hint?: Date): Date {
  const asUtc = Date.UTC(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
    wall.getMilliseconds(),
  );
  const offsets = new Set([tzOffset(zone, new Date(asUtc - DAY)), tzOffset(zone, new Date(asUtc + DAY))]);
  const candidates = [...offsets]
    .map((offset) => asUtc - offset * MINUTE)
    .filter((ms) => instantToWallMs(ms, zone) === asUtc)
    .sort((a, b) => a - b);
  if (candidates.length === 0) {
    // In a DST gap: read the wall time with the offset from before the jump, which lands after it.
    return new Date(asUtc - tzOffset(zone, new Date(asUtc - DAY)) * MINUTE);
  }
  if (hint && candidates.length > 1) {
    const hintOffset = tzOffset(zone, hint);
    const same = candidates.find((ms) => tzOffset(zone, new Date(ms)) === hintOffset);
    if (same !== undefined) return new Date(same);
  }
  return new Date(candidates[0]!);
}

function instantToWallMs(ms: number, zone: string): number {
  return ms + tzOffset(zone, new Date(ms)) * MINUTE;
}

/**
 * The slot a post lands in when dropped on a day (month view): that day, at the post's own time of
 * day. Competitors set 23:59 or midnight here; we keep the hour and minute the user chose.
 */
export function keepTimeOfDay(day: Date, original: Date): Date {
  return new Date(
    day.getFullYear(),
    day.getMonth(),
    day.getDate(),
    original.getHours(),
    original.getMinutes(),
    original.getSeconds(),
    original.getMilliseconds(),
  );
}

/** A wall date moved by whole days or minutes, in wall terms: 09:00 stays 09:00 across DST. */
export function shiftWall(wall: Date, amount: { days?: number; minutes?: number }): Date {
  const next = new Date(wall.getTime());
  if (amount.days) next.setDate(next.getDate() + amount.days);
  if (amount.minutes) next.setMinutes(next.getMinutes() + amount.minutes);
  return next;
}

/** `yyyy-MM-dd` of a wall date: how the remembered calendar date is stored. */
export function wallDateKey(wall: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`;
}

/** The wall date of a `yyyy-MM-dd` key, or null when it is not one. */
export function parseWallDateKey(key: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** `yyyy-MM-ddTHH:mm` of a wall date, the value a datetime-local input takes. */
export function wallToInputValue(wall: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wallDateKey(wall)}T${pad(wall.getHours())}:${pad(wall.getMinutes())}`;
}

/** The wall date typed in a datetime-local input, or null when it is not a valid one. */
export function parseInputValue(value: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const day = parseWallDateKey(match[1]!);
  const [hours, minutes] = [Number(match[2]), Number(match[3])];
  if (!day || hours > 23 || minutes > 59) return null;
  day.setHours(hours, minutes, 0, 0);
  return day;
}

/** Short name of the zone at a moment ("EST", "GMT+1"), shown beside the zone's IANA name. */
export function zoneAbbreviation(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

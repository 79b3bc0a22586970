import { tzOffset } from '@date-fns/tz';
import { z } from 'zod';

/*
 * The posting queue's weekly time slots and the pure
 * computation of the next free ones, in a brand's IANA zone, DST-correct.
 *
 * DST choices (documented for users in samples/README.md):
 * - a slot whose wall time does not exist that day (spring forward, 02:30 in New York on
 *   2026-03-08) moves to the first minute after the gap: 03:00 local;
 * - a slot whose wall time happens twice (fall back, 01:30 in New York on 2026-11-01) is the
 *   first occurrence (the earlier instant, still on summer time).
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How far ahead the search looks before giving up (a year of weeks). */
const HORIZON_DAYS = 371;

/** Weekday names by the number a slot (and Date#getDay) gives them: 0 = Sunday … 6 = Saturday. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * One weekly posting time: weekday 0 = Sunday … 6 = Saturday, wall time "HH:mm" in the brand's
 * zone, and optionally the content category (its id) the slot is kept for. Slots saved before
 * categories existed have none: they stay valid and open to any post.
 */
export const QueueSlot = z.object({
  weekday: z.number().int().min(0).max(6),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Write the time as HH:mm, 00:00 to 23:59.'),
  category: z.string().min(1).max(200).optional(),
});
export type QueueSlot = z.infer<typeof QueueSlot>;

export const QueueSlots = z.array(QueueSlot).max(7 * 48);

/** Sorted by weekday then time, without duplicates: the one order every screen shows. */
export function normalizeSlots(slots: readonly QueueSlot[]): QueueSlot[] {
  const seen = new Set<string>();
  const out: QueueSlot[] = [];
  for (const s of [...slots].sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time))) {
    const key = `${s.weekday} ${s.time}`;
    if (!seen.has(key)) out.push(s);
    seen.add(key);
  }
  return out;
}

const offsetAt = (timezone: string, ms: number): number => tzOffset(timezone, new Date(ms));

/**
 * The instant of a wall time in `timezone`. A time in a spring-forward gap becomes the first
 * instant after the gap; a time that happens twice becomes its first occurrence.
 */
export function wallTimeToInstant(
  timezone: string,
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
): number {
  const wall = Date.UTC(year, month, day, hours, minutes);
  const before = offsetAt(timezone, wall - DAY / 2);
  const after = offsetAt(timezone, wall + DAY / 2);
  const valid = [...new Set([before, after])]
    .map((o) => wall - o * MINUTE)
    .filter((ms) => offsetAt(timezone, ms) * MINUTE === wall - ms);
  if (valid.length > 0) return Math.min(...valid);
  // In the gap: the instant the clocks jumped lies between the two readings; find its minute.
  let lo = wall - after * MINUTE;
  let hi = wall - before * MINUTE;
  while (hi - lo > MINUTE) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
    if (offsetAt(timezone, mid) === after) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The calendar day (in `timezone`) that contains `ms`, as UTC-based y/m/d numbers. */
function localDay(timezone: string, ms: number): { y: number; m: number; d: number } {
  const local = new Date(ms + offsetAt(timezone, ms) * MINUTE);
  return { y: local.getUTCFullYear(), m: local.getUTCMonth(), d: local.getUTCDate() };
}

const minuteOf = (ms: number) => Math.floor(ms / MINUTE);

/**
 * Every slot instant from `start` (inclusive) to `end` (exclusive), ascending: what the calendar
 * draws faintly in week and day views.
 */
export function slotInstantsBetween(
  slots: readonly QueueSlot[],
  timezone: string,
  start: number,
  end: number,
): number[] {
  const out: number[] = [];
  if (slots.length === 0 || end <= start) return out;
  const sorted = normalizeSlots(slots);
  const first = localDay(timezone, start);
  for (let i = 0; ; i += 1) {
    const date = new Date(Date.UTC(first.y, first.m, first.d + i));
    const weekday = date.getUTCDay();
    let past = false;
    for (const slot of sorted) {
      if (slot.weekday !== weekday) continue;
      const [h = 0, min = 0] = slot.time.split(':').map(Number);
      const at = wallTimeToInstant(
        timezone,
        date.getUTCFullYear(),
        date.getUTCMonth(),
        date.getUTCDate(),
        h,
        min,
      );
      if (at >= end) past = true;
      else if (at >= start && out[out.length - 1] !== at) out.push(at);
    }
    // Days are walked in order; a slot past the end on a day means every later day is past too.
    if (past || Date.UTC(first.y, first.m, first.d + i) - DAY > end) break;
  }
  return out;
}

/**
 * The next `count` free slot instants strictly after `from`: free = no post of this account in the
 * same minute (`busy` holds the instants, in ms, of the account's posts). Empty when there are no
 * slots or none is free within a year.
 */
export function nextFreeSlots(
  slots: readonly QueueSlot[],
  timezone: string,
  from: number,
  busy: Iterable<number>,
  count: number,
): number[] {
  if (slots.length === 0 || count <= 0) return [];
  const taken = new Set<number>();
  for (const ms of busy) taken.add(minuteOf(ms));
  const out: number[] = [];
  // Walk a week at a time so a crowded account does not compute a year of slots at once.
  for (let start = from + 1; start < from + HORIZON_DAYS * DAY && out.length < count; start += 7 * DAY) {
    for (const at of slotInstantsBetween(
      slots,
      timezone,
      start,
      Math.min(start + 7 * DAY, from + HORIZON_DAYS * DAY),
    )) {
      if (taken.has(minuteOf(at))) continue;
      out.push(at);
      if (out.length === count) break;
    }
  }
  return out;
}

/** One slot "Add to queue" chose: its instant, and whether it is kept for the post's category. */
export interface ChosenSlot {
  at: number;
  reserved: boolean;
}

/**
 * The next `count` free slots for a post of `category` (null: none). A post with a category takes
 * the free slots kept for it first, then, when those run out (or there are none), slots kept for
 * no category. A post without a category only ever takes slots kept for no category, so a
 * category's slots stay free for it.
 */
export function nextFreeSlotsFor(
  slots: readonly QueueSlot[],
  category: string | null,
  timezone: string,
  from: number,
  busy: Iterable<number>,
  count: number,
): ChosenSlot[] {
  const taken = [...busy];
  const open = slots.filter((s) => s.category === undefined);
  const kept = category === null ? [] : slots.filter((s) => s.category === category);
  const reserved = nextFreeSlots(kept, timezone, from, taken, count).map((at) => ({ at, reserved: true }));
  if (reserved.length >= count) return reserved;
  const rest = nextFreeSlots(open, timezone, from, taken, count - reserved.length).map((at) => ({
    at,
    reserved: false,
  }));
  return [...reserved, ...rest];
}

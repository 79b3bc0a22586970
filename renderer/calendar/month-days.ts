import type { PostEvent } from './posts.js';
import { WEEK_STARTS_ON } from './range.js';

/*
 * The month view's date math and day buckets (MonthGrid.tsx draws them). Wall dates throughout:
 * browser-local Dates carrying brand-zone fields, so a day is built from its fields (DST-safe), never
 * by adding 24 hours.
 */

/** A day as one number (yyyymmdd), cheaper than a string key in a map of ten thousand posts. */
export function dayNumber(wall: Date): number {
  return wall.getFullYear() * 10_000 + (wall.getMonth() + 1) * 100 + wall.getDate();
}

/** The days the month view of `date` shows: whole weeks from the week holding the 1st to the one holding the last. */
export function monthDays(date: Date): Date[] {
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const last = new Date(date.getFullYear(), date.getMonth() + 1, 0);
  const back = (first.getDay() - WEEK_STARTS_ON + 7) % 7;
  const ahead = (WEEK_STARTS_ON + 6 - last.getDay() + 7) % 7;
  const count = back + last.getDate() + ahead;
  return Array.from(
    { length: count },
    (_, i) => new Date(first.getFullYear(), first.getMonth(), 1 - back + i),
  );
}

/**
 * How many weeks at the top of a month view are wholly past (before today) and hold no post: the
 * view leaves them out, so the weeks that matter get the room. Never every week.
 */
export function emptyPastWeeks(
  days: readonly Date[],
  byDay: ReadonlyMap<number, readonly PostEvent[]>,
  now: Date,
): number {
  const today = dayNumber(now);
  const weeks = Math.floor(days.length / 7);
  let skipped = 0;
  while (skipped < weeks - 1) {
    const week = days.slice(skipped * 7, skipped * 7 + 7).map(dayNumber);
    if (!week.every((day) => day < today && !byDay.get(day)?.length)) break;
    skipped++;
  }
  return skipped;
}

// One collator, as `localeCompare` would use: it looked one up per comparison (a busy day's posts
// share their minutes, so most comparisons of a 20,000-post month reach the ids).
const ids = new Intl.Collator();
const byStart = (a: PostEvent, b: PostEvent) =>
  a.start.getTime() - b.start.getTime() || ids.compare(a.id, b.id);

const buckets = new WeakMap<readonly PostEvent[], Map<number, PostEvent[]>>();
/** The buckets made last, whose unchanged days the next list reuses. */
let previous: Map<number, PostEvent[]> | null = null;

const samePosts = (a: readonly PostEvent[], b: readonly PostEvent[]) =>
  a.length === b.length && a.every((e, i) => e === b[i]);

/**
 * Every post held, by day, each day in time order. Kept per list of posts: going to the next month
 * or back to the month view asks again with the same list, and gets the same buckets without a pass
 * over ten thousand posts. A new list (a post moved) keeps the arrays of the days whose posts did
 * not change (events are kept per post, posts.ts), so only the days that changed draw again.
 */
export function postsByDay(events: readonly PostEvent[]): ReadonlyMap<number, readonly PostEvent[]> {
  let known = buckets.get(events);
  if (!known) {
    known = new Map();
    for (const event of events) {
      const key = dayNumber(event.start);
      const day = known.get(key);
      if (day) day.push(event);
      else known.set(key, [event]);
    }
    for (const [key, day] of known) {
      day.sort(byStart);
      const before = previous?.get(key);
      if (before && samePosts(before, day)) known.set(key, before);
    }
    buckets.set(events, known);
    previous = known;
  }
  return known;
}

/**
 * The buckets of `events` if they are made already (the month view made them for this list), else
 * undefined: a caller that needs only a few days of a new list (a week after a drop) reads those
 * rather than bucketing and sorting every day of every post held.
 */
export function knownPostsByDay(
  events: readonly PostEvent[],
): ReadonlyMap<number, readonly PostEvent[]> | undefined {
  return buckets.get(events);
}

/** Chips that fit in a day's post area `space` px tall, chips `chipPx` tall ("+N more" is one chip tall too). */
export function chipsThatFit(space: number, chipPx: number): number {
  return Math.max(1, Math.floor(space / chipPx));
}

/**
 * What a day with `count` posts draws in room for `fit` chips: all of them when they fit; else the
 * chips that fit above a "+N more" (`fitWithMore`: one fewer than fit unless the "+N more" is
 * shorter than a chip; at least one post is always drawn) and the "+N more".
 */
export function cellPlan(
  count: number,
  fit: number,
  fitWithMore: number = fit - 1,
): { shown: number; hidden: number } {
  if (count <= fit) return { shown: count, hidden: 0 };
  const shown = Math.max(1, Math.min(fitWithMore, count - 1));
  return { shown, hidden: count - shown };
}

/** A box's new top-left so that it stays inside the window (8 px margin), as near its anchor as it can. */
export function placeInside(
  anchor: { left: number; top: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { left: number; top: number } {
  const margin = 8;
  const clamp = (v: number, room: number) => Math.max(margin, Math.min(v, room - margin));
  return {
    left: clamp(anchor.left, viewport.width - size.width),
    top: clamp(anchor.top, viewport.height - size.height),
  };
}

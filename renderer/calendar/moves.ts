import type { CalendarPost } from '../../shared/posts/ipc.js';
import { firstLine, whyNotMovable } from './posts.js';
import type { ViewName } from './range.js';
import { keepMinutesInRow } from './time-rows.js';
import { instantToWall, keepTimeOfDay, shiftWall, wallToInstant } from './time.js';
import { memberTimePassed, TIME_PASSED, timeHasPassed } from '../../shared/posts/time-passed.js';

/** One post's move: where it was and where it goes (ISO instants). */
/** How the user moved a post in the calendar, as the activity log says it. */
export type MoveOrigin = 'drag' | 'keyboard' | 'calendar';

export interface PostMove {
  id: string;
  title: string;
  from: string;
  to: string;
}

export type MovePlan = { ok: true; moves: PostMove[]; skipped: string[] } | { ok: false; reason: string };

interface PlanContext {
  zone: string;
  now: Date;
  /** Move every post of the dragged post's group by the same offset. */
  wholeGroup: boolean;
  /** Every post the calendar knows, to find the group's other members. */
  known: readonly CalendarPost[];
}

/**
 * Where a post dropped on the calendar goes. In month view (or any all-day row) the drop names a
 * day, and the post keeps its time of day there; in the week and day views it names a 30-minute
 * row, and the post keeps its minutes within the row (12:25 dropped on the 15:00 row is 15:25).
 */
export function dropTarget(
  post: CalendarPost,
  dropWall: Date,
  view: ViewName,
  isAllDay: boolean,
  zone: string,
): Date {
  const current = new Date(post.publishDate);
  const currentWall = instantToWall(current, zone);
  const wall =
    view === 'month' || isAllDay
      ? keepTimeOfDay(dropWall, currentWall)
      : view === 'week' || view === 'day'
        ? keepMinutesInRow(dropWall, currentWall)
        : dropWall;
  return wallToInstant(wall, zone, current);
}

export type ShiftKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight';

/**
 * Where the keyboard moves a post: one 30-minute row up or down in the week and day views (one week in the
 * month view and the agenda), one day left or right; in wall time, so 09:00 stays 09:00 across DST.
 */
export function shiftTarget(
  post: CalendarPost,
  key: ShiftKey,
  view: ViewName,
  rowMinutes: number,
  zone: string,
): Date {
  const current = new Date(post.publishDate);
  const wall = instantToWall(current, zone);
  const timeGrid = view === 'week' || view === 'day';
  const vertical = (sign: 1 | -1) => (timeGrid ? { minutes: sign * rowMinutes } : { days: sign * 7 });
  const amount = {
    ArrowUp: vertical(-1),
    ArrowDown: vertical(1),
    ArrowLeft: { days: -1 },
    ArrowRight: { days: 1 },
  }[key];
  return wallToInstant(shiftWall(wall, amount), zone, current);
}

/**
 * Checks and expands a move: the post (and with `wholeGroup`, every movable post of its group, by
 * the same offset) to `target`. Refuses with a sentence the user can act on.
 */
export function planMove(post: CalendarPost, target: Date, ctx: PlanContext): MovePlan {
  const why = whyNotMovable(post);
  if (why) return { ok: false, reason: why };
  const from = new Date(post.publishDate);
  const offset = target.getTime() - from.getTime();
  if (offset === 0) return { ok: true, moves: [], skipped: [] };

  const members = ctx.wholeGroup && post.group ? groupMembers(post, ctx.known) : [post];
  const moves: PostMove[] = [];
  const skipped: string[] = [];
  for (const member of members) {
    const reason = whyNotMovable(member);
    if (reason) {
      skipped.push(`${member.integration.name ?? 'an unnamed account'}: ${reason}`);
      continue;
    }
    const to = new Date(Date.parse(member.publishDate) + offset);
    if (timeHasPassed(to.getTime(), ctx.now.getTime())) {
      return {
        ok: false,
        reason:
          member.id === post.id
            ? TIME_PASSED
            : memberTimePassed(member.integration.name ?? 'an unnamed account'),
      };
    }
    moves.push({
      id: member.id,
      title: firstLine(member.content),
      from: member.publishDate,
      to: to.toISOString(),
    });
  }
  return { ok: true, moves, skipped };
}

/** The post and the other posts of its group the calendar knows, each once, the post first. */
export function groupMembers(post: CalendarPost, known: readonly CalendarPost[]): CalendarPost[] {
  const byId = new Map<string, CalendarPost>([[post.id, post]]);
  for (const p of known) if (p.group && p.group === post.group && !byId.has(p.id)) byId.set(p.id, p);
  return [...byId.values()];
}

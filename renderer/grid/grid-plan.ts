import { normalizePostState } from '../../shared/api/resources.js';
import type { BulkApplyInput } from '../../shared/bulk/plan.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { whyTimePassed } from '../../shared/posts/time-passed.js';

/*
 * Pure. The Instagram grid planner's plan: which tiles an account's profile grid shows and in what
 * order (newest top-left, as the profile shows them), what swapping two tiles changes, and the time
 * a local draft placed into the grid gets. The screen shows it; main applies the swap as one bulk
 * change (so one undo takes both moves back) and refuses by the same shared rules.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How many of the account's published posts the grid shows below the scheduled ones: three rows. */
export const PUBLISHED_SHOWN = 9;

/** One tile of the grid: a post (published, or still to come), or a free posting slot. */
export type GridTile =
  | {
      kind: 'post';
      id: string;
      at: number;
      post: CalendarPost;
      published: boolean;
      /** Why this tile cannot be swapped, in words, or null when it can. */
      fixed: string | null;
    }
  | { kind: 'slot'; id: string; at: number };

export interface GridContext {
  /** The Instagram account whose grid this is. */
  integrationId: string;
  now: number;
  /** Why a post cannot move (the key's scopes, then shared/posts/movable.ts), or null. */
  whyNotMovable: (post: CalendarPost) => string | null;
  /** The account's next free posting slots (epoch ms), where a draft can be placed. */
  freeSlots?: readonly number[];
  publishedShown?: number;
}

/** Whether a post will show on the profile: published, or on its way there (scheduled, publishing). */
function gridState(post: CalendarPost): 'published' | 'coming' | null {
  const state = normalizePostState(post.state);
  if (state === 'published') return 'published';
  if (state === 'scheduled' || state === 'publishing') return 'coming';
  return null;
}

/**
 * The account's grid, newest first (the order the profile shows, left to right, top to bottom):
 * every post still to come and the free slots among them, then its last published posts. Server
 * drafts and failed posts never reach the profile, so they are left out.
 */
export function gridTiles(posts: readonly CalendarPost[], ctx: GridContext): GridTile[] {
  const coming: GridTile[] = [];
  const published: GridTile[] = [];
  const seen = new Set<string>();
  for (const post of posts) {
    if (post.integration.id !== ctx.integrationId || seen.has(post.id)) continue;
    seen.add(post.id);
    const kind = gridState(post);
    if (!kind) continue;
    const tile: GridTile = {
      kind: 'post',
      id: post.id,
      at: Date.parse(post.publishDate),
      post,
      published: kind === 'published',
      fixed: ctx.whyNotMovable(post),
    };
    (kind === 'published' ? published : coming).push(tile);
  }
  const newestFirst = (a: GridTile, b: GridTile) => b.at - a.at || a.id.localeCompare(b.id);
  const busy = new Set(coming.map((t) => t.at));
  const slots: GridTile[] = [...new Set(ctx.freeSlots ?? [])]
    .filter((at) => at > ctx.now && !busy.has(at))
    .map((at) => ({ kind: 'slot', id: `slot:${new Date(at).toISOString()}`, at }));
  return [
    ...[...coming, ...slots].sort(newestFirst),
    ...published.sort(newestFirst).slice(0, ctx.publishedShown ?? PUBLISHED_SHOWN),
  ];
}

/** What dropping one tile on another does: the moves of one bulk change, or why nothing changes. */
export type SwapPlan = { ok: true; moves: BulkApplyInput['moves'] } | { ok: false; reason: string };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Swapping tile `from` (picked up) with tile `onto`: two posts trade their times; a post dropped on
 * a free slot takes the slot's time. A published post, or one that cannot move for another reason,
 * refuses with the rule's own sentence, and so does a time that has passed.
 */
export function planSwap(from: GridTile, onto: GridTile, now: number): SwapPlan {
  if (from.id === onto.id) return { ok: false, reason: 'Drop it on another post to swap their times.' };
  if (from.kind !== 'post')
    return { ok: false, reason: 'A free slot cannot be moved; drop a post or a draft on it.' };
  if (from.fixed) return { ok: false, reason: from.fixed };
  if (onto.kind === 'post' && onto.fixed) return { ok: false, reason: onto.fixed };
  if (from.at === onto.at) return { ok: false, reason: 'They are at the same time already.' };
  const passed = whyTimePassed(onto.at, now) ?? (onto.kind === 'post' ? whyTimePassed(from.at, now) : null);
  if (passed) return { ok: false, reason: passed };
  const moves = [{ id: from.id, from: from.post.publishDate, to: iso(onto.at) }];
  if (onto.kind === 'post') moves.push({ id: onto.id, from: onto.post.publishDate, to: iso(from.at) });
  return { ok: true, moves };
}

/**
 * The time a local draft placed into the grid gets: the free slot it was dropped on; else the
 * account's next free slot; else, for an account without posting slots, the first whole hour at
 * least an hour from now with no post of the account within `gapMinutes` of it.
 */
export function draftTime(
  onto: GridTile | null,
  ctx: { now: number; freeSlots: readonly number[]; busy: readonly number[]; gapMinutes: number },
): number {
  if (onto?.kind === 'slot' && onto.at > ctx.now) return onto.at;
  const slot = [...ctx.freeSlots].sort((a, b) => a - b).find((at) => at > ctx.now + MINUTE);
  if (slot !== undefined) return slot;
  const gap = Math.max(ctx.gapMinutes, 1) * MINUTE;
  let at = Math.ceil((ctx.now + HOUR) / HOUR) * HOUR;
  // A year of hours at most: an account cannot be busy every hour of a year.
  for (let i = 0; i < 24 * 366; i++, at += HOUR) {
    if (ctx.busy.every((b) => Math.abs(b - at) >= gap)) return at;
  }
  return at;
}

import type { PostListItem } from '../../shared/api/resources.js';

/*
 * A pull's answer written a slice at a time: a wide pull of a busy brand is thousands of posts,
 * and one transaction over all of them held main's event loop for seconds (bench/sync-drag), so
 * a drag's answer waited behind it. Each slice is a stretch of the pulled range with the posts
 * the service listed in it; replacing each stretch with its own posts is the same as replacing
 * the whole range with all of them.
 */

/** Posts written in one transaction before main's event loop gets a turn. */
export const WRITE_SLICE = 50;

export interface PullSlice {
  startMs: number;
  endMs: number;
  items: PostListItem[];
}

/**
 * Cuts [startMs, endMs) into stretches of about `size` posts each, in time order; posts at the same
 * instant stay in one stretch, and the stretches cover the whole range without gaps or overlaps.
 */
export function pullSlices(
  items: readonly PostListItem[],
  startMs: number,
  endMs: number,
  size: number = WRITE_SLICE,
): PullSlice[] {
  const dated = items.map((item) => ({ item, ms: Date.parse(item.publishDate) })).sort((a, b) => a.ms - b.ms);
  const slices: PullSlice[] = [];
  let current: PullSlice = { startMs, endMs, items: [] };
  let lastMs = -Infinity;
  for (const { item, ms } of dated) {
    // A new stretch starts at this post's instant, when the current one is full and that instant
    // lies inside the range after the stretch's start.
    if (current.items.length >= size && ms !== lastMs && ms > current.startMs && ms < endMs) {
      current.endMs = ms;
      slices.push(current);
      current = { startMs: ms, endMs, items: [] };
    }
    current.items.push(item);
    lastMs = ms;
  }
  slices.push(current);
  return slices;
}

/** Lets other work (an IPC call, a timer) run before the next slice. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

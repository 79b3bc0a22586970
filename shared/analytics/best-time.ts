import type { MetricMap } from '../api/resources.js';
import { normalizeSlots, type QueueSlot } from '../queue/slots.js';
import { wallClockOf } from './ranges.js';

/*
 * "Best time to post": an account's own published posts, each
 * placed in the weekday × hour of the brand's zone it was published at, with the mean engagement
 * of the posts in each cell and how many posts that mean rests on.
 *
 * Engagement of one post is its engagement RATE: interactions (likes + comments + shares + clicks,
 * whichever the service reports) divided by impressions. A rate, not a count, because an hour
 * should not win only because the post that happened to land there was boosted or went out when
 * the account had more followers: the rate asks "of the people who saw it, how many acted", which
 * is what timing changes. A post without impressions uses the service's own `engagementRate` when
 * it gives one. Only when no post of the account has impressions or a rate does the heatmap fall
 * back to interactions per post; the two are never mixed in one heatmap.
 */

/** Fewer posts with numbers than this, and the heatmap says there is too little data. */
export const MIN_POSTS = 10;
/** A weekday × hour is only recommended when its mean rests on at least this many posts. */
export const MIN_CELL_POSTS = 3;
/** How many of the best hours "Use as queue slots" proposes. */
const TOP_HOURS = 5;

const INTERACTIONS = ['likes', 'comments', 'shares', 'clicks'] as const;

export interface PostWithMetrics {
  /** Optional in the service's answer; a post without it is left out (counted in `skipped`). */
  publishDate?: string;
  metrics: MetricMap;
}

export interface HeatCell {
  /** 0 = Sunday … 6 = Saturday, as queue slots count them. */
  weekday: number;
  hour: number;
  /** Posts published in this hour of this weekday (with usable numbers). */
  count: number;
  /** Mean engagement of those posts; null when there are none. */
  mean: number | null;
}

export type HeatmapStatus =
  /** Fewer than MIN_POSTS posts with numbers. */
  | 'too-little-data'
  /** Enough posts, but no hour of the week has MIN_CELL_POSTS of them. */
  | 'too-spread'
  | 'ok';

export interface BestTimeHeatmap {
  timezone: string;
  /** 'rate': interactions per impression; 'interactions': per post, when no post has impressions. */
  basis: 'rate' | 'interactions';
  /** 7 rows (Sunday first) × 24 hours. */
  cells: HeatCell[][];
  /** Posts that went into the heatmap, and those left out (no date, no numbers). */
  used: number;
  skipped: number;
  /** The largest mean of any cell, for colour scaling. */
  maxMean: number;
  status: HeatmapStatus;
  /** The best cells with enough posts, best first (at most TOP_HOURS); empty unless status is 'ok'. */
  top: HeatCell[];
}

const finite = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

function interactionsOf(m: MetricMap): number | null {
  const parts = INTERACTIONS.map((k) => m[k]).filter(finite);
  if (parts.length > 0) return parts.reduce((a, b) => a + b, 0);
  return finite(m.engagements) ? m.engagements : null;
}

function rateOf(m: MetricMap): number | null {
  const interactions = interactionsOf(m);
  if (interactions !== null && finite(m.impressions) && m.impressions > 0)
    return interactions / m.impressions;
  return finite(m.engagementRate) && m.engagementRate >= 0 ? m.engagementRate : null;
}

/** Weekday (0 = Sunday) and hour of an instant on the wall clock of `timezone`. */
export function wallSlot(
  iso: string | undefined,
  timezone: string,
): { weekday: number; hour: number } | null {
  const ms = iso === undefined ? Number.NaN : Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  // Not a TZDate per post: a year of posts spent most of a change of period converting zones.
  const wall = new Date(wallClockOf(ms, timezone));
  return { weekday: wall.getUTCDay(), hour: wall.getUTCHours() };
}

export function bestTimeHeatmap(
  posts: readonly PostWithMetrics[],
  timezone: string,
  opts: { minPosts?: number; minCellPosts?: number; topHours?: number } = {},
): BestTimeHeatmap {
  const minPosts = opts.minPosts ?? MIN_POSTS;
  const minCell = opts.minCellPosts ?? MIN_CELL_POSTS;
  const anyRate = posts.some((p) => rateOf(p.metrics) !== null);
  const basis = anyRate ? 'rate' : 'interactions';
  const value = (m: MetricMap) => (basis === 'rate' ? rateOf(m) : interactionsOf(m));

  const sums = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => ({ sum: 0, count: 0 })));
  let used = 0;
  for (const p of posts) {
    const at = wallSlot(p.publishDate, timezone);
    const v = value(p.metrics);
    if (!at || v === null) continue;
    const cell = sums[at.weekday]![at.hour]!;
    cell.sum += v;
    cell.count += 1;
    used += 1;
  }
  const cells = sums.map((row, weekday) =>
    row.map((c, hour): HeatCell => ({
      weekday,
      hour,
      count: c.count,
      mean: c.count > 0 ? c.sum / c.count : null,
    })),
  );
  const all = cells.flat();
  const maxMean = Math.max(0, ...all.map((c) => c.mean ?? 0));
  const reliable = all
    .filter((c) => c.count >= minCell && c.mean !== null)
    .sort((a, b) => b.mean! - a.mean! || b.count - a.count || a.weekday - b.weekday || a.hour - b.hour);
  const status: HeatmapStatus =
    used < minPosts ? 'too-little-data' : reliable.length === 0 ? 'too-spread' : 'ok';
  return {
    timezone,
    basis,
    cells,
    used,
    skipped: posts.length - used,
    maxMean,
    status,
    top: status === 'ok' ? reliable.slice(0, opts.topHours ?? TOP_HOURS) : [],
  };
}

/** The best hours as weekly queue slots (on the hour), in the slot editor's order. */
export function topHoursAsSlots(heatmap: Pick<BestTimeHeatmap, 'top'>): QueueSlot[] {
  return normalizeSlots(
    heatmap.top.map((c) => ({ weekday: c.weekday, time: `${String(c.hour).padStart(2, '0')}:00` })),
  );
}

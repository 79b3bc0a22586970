import type { AnalyticsResponse } from '../../shared/api/resources.js';
import { metricLabel, orderedMetricNames } from './metrics.js';
import { toCsv } from './csv.js';

/*
 * Pure. The recent posts table as data: its columns (the metrics the service sent,
 * known ones first), its sort order, and the same rows as CSV.
 */

export type RecentPost = AnalyticsResponse['recentPosts'][number];

export type SortKey = 'publishDate' | 'content' | `metric:${string}`;
export interface SortOrder {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

export interface Column {
  key: SortKey;
  label: string;
  /** The metric's name for metric columns. */
  metric: string | null;
}

const POST_METRIC_ORDER = ['impressions', 'likes', 'comments', 'shares', 'clicks', 'engagementRate'];

/** Every metric any post carries, the usual ones in their usual order, then the rest. */
export function postMetricNames(posts: readonly RecentPost[]): string[] {
  const seen: Record<string, number> = {};
  for (const p of posts) for (const name of Object.keys(p.metrics)) seen[name] ??= 0;
  const names = orderedMetricNames(seen);
  const usual = POST_METRIC_ORDER.filter((n) => names.includes(n));
  return [...usual, ...names.filter((n) => !usual.includes(n))];
}

export function columnsFor(posts: readonly RecentPost[]): Column[] {
  return [
    { key: 'publishDate', label: 'Published', metric: null },
    { key: 'content', label: 'Post', metric: null },
    ...postMetricNames(posts).map((name) => ({
      key: `metric:${name}` as const,
      label: metricLabel(name),
      metric: name,
    })),
  ];
}

function sortValue(post: RecentPost, key: SortKey): number | string | null {
  if (key === 'publishDate') return post.publishDate ? Date.parse(post.publishDate) : null;
  if (key === 'content') return (post.content ?? '').toLocaleLowerCase();
  return post.metrics[key.slice('metric:'.length)] ?? null;
}

/** A sorted copy; posts without the value go last in either direction. */
export function sortPosts(posts: readonly RecentPost[], order: SortOrder): RecentPost[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  return [...posts].sort((a, b) => {
    const x = sortValue(a, order.key);
    const y = sortValue(b, order.key);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (typeof x === 'string' || typeof y === 'string') return sign * String(x).localeCompare(String(y));
    return sign * (x - y);
  });
}

/** Clicking a header: a new column starts with its natural order (numbers high first), the same one flips. */
export function nextSort(current: SortOrder, key: SortKey): SortOrder {
  if (current.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: key === 'content' ? 'ascending' : 'descending' };
}

/** The table as shown (same columns, same order), with raw numbers so a spreadsheet can compute. */
export function recentPostsCsv(posts: readonly RecentPost[]): string {
  const metrics = postMetricNames(posts);
  const header = ['Published', 'Post', 'Post ID', 'Link', ...metrics.map(metricLabel)];
  const rows = posts.map((p) => [
    p.publishDate ?? '',
    p.content ?? '',
    p.postId,
    p.releaseURL ?? '',
    ...metrics.map((m) => p.metrics[m]),
  ]);
  return toCsv(header, rows);
}

import type { MetricMap } from '../../shared/api/resources.js';

/*
 * Pure. How a metric is named and written for people. The service's metric names
 * are open (MetricMap): a name we do not know still gets a readable label and a plain number.
 */

const KNOWN_LABELS: Record<string, string> = {
  followers: 'Followers',
  following: 'Following',
  impressions: 'Impressions',
  reach: 'Reach',
  engagements: 'Engagements',
  engagementRate: 'Engagement rate',
  posts: 'Posts',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
  clicks: 'Clicks',
};

/** The profile metrics shown first, in this order; any others follow in the service's order. */
const PREFERRED_ORDER = [
  'followers',
  'impressions',
  'reach',
  'engagements',
  'engagementRate',
  'posts',
  'following',
];

/** `engagementRate`, `video_views`, `link-clicks` → "Engagement rate", "Video views", "Link clicks". */
export function metricLabel(name: string): string {
  const known = KNOWN_LABELS[name];
  if (known) return known;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  if (!words) return name;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Rates arrive as fractions (0.0345); shown as percentages. */
export function isRateMetric(name: string): boolean {
  return /rate$/i.test(name);
}

const integerFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 });

/** A metric's value as people read it: 12,345 or 3.45%. */
export function formatMetric(name: string, value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (isRateMetric(name)) return percentFormat.format(value);
  return Number.isInteger(value) ? integerFormat.format(value) : decimalFormat.format(value);
}

/** Metric names in display order: the usual ones first, then any the service added. */
export function orderedMetricNames(metrics: MetricMap): string[] {
  const names = Object.keys(metrics);
  const known = PREFERRED_ORDER.filter((n) => names.includes(n));
  return [...known, ...names.filter((n) => !PREFERRED_ORDER.includes(n))];
}

export interface Trend {
  direction: 'up' | 'down' | 'flat';
  /** Relative change (0.12 = +12%), or null when there is nothing to compare with. */
  change: number | null;
  /** What the trend says, in words, for screen readers and the tooltip. */
  sentence: string;
}

/** The change against the previous period of the same length. */
export function trendOf(name: string, current: number, previous: number | undefined): Trend | null {
  if (previous === undefined || !Number.isFinite(previous) || !Number.isFinite(current)) return null;
  const delta = current - previous;
  const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
  const change = previous === 0 ? null : delta / Math.abs(previous);
  const was = formatMetric(name, previous);
  if (direction === 'flat')
    return { direction, change: 0, sentence: `Unchanged from the previous 30 days (${was})` };
  const amount = change === null ? '' : `${percentFormat.format(Math.abs(change))} `;
  return {
    direction,
    change,
    sentence: `${amount}${direction === 'up' ? 'up' : 'down'} from ${was} in the previous 30 days`,
  };
}

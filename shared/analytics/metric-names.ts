/*
 * Pure. What each metric is called for people, how it is written, and how it adds up. One map:
 * the screen, the CSV and (later) the client report all read their words from here, and a metric
 * the service adds that is not in it still gets a readable name, never its raw key.
 */

/**
 * How a metric adds up over days and accounts:
 * - `count`: counts of a day (impressions, engagements); they add across days and accounts.
 * - `level`: a standing value (followers); over a range it is the last known value, and accounts add.
 * - `ratio`: a rate; over a range it is the sum of its numerator over the sum of its denominator,
 *   never a mean of daily rates (a quiet day would weigh as much as a busy one).
 */
export type MetricKind = 'count' | 'level' | 'ratio';

export interface MetricInfo {
  /** The name people read: "Engagement rate". */
  name: string;
  /** What one unit is, for axis titles and table headings: "people", "%". */
  unit: string;
  kind: MetricKind;
  /** For a ratio: the counts it is made of. */
  of?: { numerator: string; denominator: string };
}

const KNOWN: Record<string, MetricInfo> = {
  followers: { name: 'Followers', unit: 'people', kind: 'level' },
  following: { name: 'Following', unit: 'accounts', kind: 'level' },
  impressions: { name: 'Impressions', unit: 'views', kind: 'count' },
  // Reach added over days counts a person reached on two days twice: it stays a count of the day.
  reach: { name: 'Reach', unit: 'people', kind: 'count' },
  engagements: { name: 'Engagements', unit: 'interactions', kind: 'count' },
  engagementRate: {
    name: 'Engagement rate',
    unit: '%',
    kind: 'ratio',
    of: { numerator: 'engagements', denominator: 'impressions' },
  },
  clickThroughRate: {
    name: 'Click-through rate',
    unit: '%',
    kind: 'ratio',
    of: { numerator: 'clicks', denominator: 'impressions' },
  },
  posts: { name: 'Posts', unit: 'posts', kind: 'count' },
  likes: { name: 'Likes', unit: 'likes', kind: 'count' },
  comments: { name: 'Comments', unit: 'comments', kind: 'count' },
  shares: { name: 'Shares', unit: 'shares', kind: 'count' },
  clicks: { name: 'Clicks', unit: 'clicks', kind: 'count' },
  saves: { name: 'Saves', unit: 'saves', kind: 'count' },
  videoViews: { name: 'Video views', unit: 'views', kind: 'count' },
};

/** `engagementRate`, `video_views`, `link-clicks` → "Engagement rate", "Video views", "Link clicks". */
function readableName(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .toLowerCase();
  if (!words) return 'Unnamed metric';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Everything the app knows of a metric; an unknown key gets a readable name and a guess by its wording. */
export function metricInfo(key: string): MetricInfo {
  const known = Object.hasOwn(KNOWN, key) ? KNOWN[key] : undefined;
  if (known) return known;
  const name = readableName(key);
  if (/rate$/i.test(key)) return { name, unit: '%', kind: 'ratio' };
  return { name, unit: '', kind: 'count' };
}

export function metricName(key: string): string {
  return metricInfo(key).name;
}

/** The metrics shown first, in this order; any others follow in the order met. */
export const PREFERRED_ORDER: readonly string[] = [
  'followers',
  'impressions',
  'reach',
  'engagements',
  'engagementRate',
  'posts',
  'following',
];

/** Metric keys in display order: the usual ones first, then any others as met. */
export function orderMetricKeys(keys: Iterable<string>): string[] {
  const seen = [...new Set(keys)];
  const usual = PREFERRED_ORDER.filter((k) => seen.includes(k));
  return [...usual, ...seen.filter((k) => !PREFERRED_ORDER.includes(k))];
}

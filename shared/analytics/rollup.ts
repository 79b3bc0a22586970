import type { MetricMap } from '../api/resources.js';
import type { BrandRef } from '../ipc/models.js';
import type { CampaignRange, Label } from '../labels/model.js';
import type { AccountDay, AccountHistory, AnalyticsHistory, DayKey, PostResults } from './ipc.js';
import { metricInfo, orderMetricKeys } from './metric-names.js';
import {
  addDays,
  dayOfInstant,
  dayStartOfInstant,
  daysBetween,
  inRange,
  weekStart,
  type DayRange,
} from './ranges.js';

const DAY_MS = 86_400_000;

/*
 * Pure. Kept history added up over a range and a group of accounts, the way a client's numbers
 * must add up: counts add across days and accounts; a rate is the sum of its numerator over the
 * sum of its denominator over the whole range (never a mean of daily rates); a standing value
 * (followers) is the last known one, with its change over the period. A day with no data is
 * absent, not zero: it adds nothing and is reported as missing.
 */

/** How accounts are grouped. Labels and campaigns group posts instead: see PostRollupBy below. */
export type RollupBy = 'account' | 'brand' | 'all' | 'platform';

export interface RollupGroup {
  /** Stable within a roll-up: what the screen remembers as the chosen group. */
  key: string;
  accounts: AccountHistory[];
}

export function brandKey(brand: BrandRef): string {
  return JSON.stringify([brand.profileId, brand.brandId]);
}

export function accountKey(account: AccountHistory): string {
  return JSON.stringify([account.brand.profileId, account.brand.brandId, account.integration.id]);
}

function groupKey(account: AccountHistory, by: RollupBy): string {
  switch (by) {
    case 'account':
      return accountKey(account);
    case 'brand':
      return brandKey(account.brand);
    case 'platform':
      return String(account.integration.platform);
    case 'all':
      return 'all';
  }
}

/** The groups of a roll-up, in the order their first account comes. */
export function groupsOf(accounts: readonly AccountHistory[], by: RollupBy): RollupGroup[] {
  const groups = new Map<string, AccountHistory[]>();
  for (const a of accounts) {
    const k = groupKey(a, by);
    const list = groups.get(k);
    if (list) list.push(a);
    else groups.set(k, [a]);
  }
  if (by === 'all' && groups.size === 0) groups.set('all', []);
  return [...groups].map(([key, list]) => ({ key, accounts: list }));
}

/** Each account with only the days of the range, and the posts published in it (their day in `zone`). */
export function sliceHistory(
  accounts: readonly AccountHistory[],
  range: DayRange,
  zone: string,
): AccountHistory[] {
  const near = {
    sureFrom: addDays(range.from, 2),
    sureTo: addDays(range.to, -2),
    outFrom: addDays(range.from, -2),
    outTo: addDays(range.to, 2),
  };
  return accounts.map((a) => ({
    ...a,
    days: a.days.filter((d) => inRange(d.date, range)),
    posts: a.posts.filter((p) => p.publishDate !== null && publishedIn(p.publishDate, range, near, zone)),
  }));
}

/**
 * Whether an instant falls on a day of the range in `zone`. The date written in the instant is
 * within two days of its day in any zone, so only instants near the range's ends need the zone's
 * calendar (a year of posts would otherwise cost a time-zone conversion each).
 */
function publishedIn(
  iso: string,
  range: DayRange,
  near: { sureFrom: DayKey; sureTo: DayKey; outFrom: DayKey; outTo: DayKey },
  zone: string,
): boolean {
  const written = iso.slice(0, 10);
  if (written > near.sureFrom && written < near.sureTo) return true;
  if (written < near.outFrom || written > near.outTo) return false;
  const day = dayOfInstant(iso, zone);
  return day !== null && inRange(day, range);
}

export interface LevelChange {
  /** The first known value in the range (summed over the accounts that have one). */
  first: number;
  /** The last known value in the range. */
  last: number;
  change: number;
}

export interface SeriesPoint {
  date: DayKey;
  value: number;
}

export interface Summary {
  range: DayRange;
  daysInRange: number;
  /** Days of the range on which at least one account has data. */
  daysWithData: number;
  /** Metric totals over the range; a metric no account has is absent. */
  totals: MetricMap;
  /** For standing values (followers): the first and last known value and the change between. */
  levels: Record<string, LevelChange>;
  /** Each metric per day, as the totals add up, on the days that have it. */
  series: Record<string, SeriesPoint[]>;
  /** Metric keys in display order. */
  metrics: string[];
}

const finite = (n: number | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

interface RatioParts {
  numerator: number;
  denominator: number;
}

/**
 * A rate's parts on one account-day: its own numerator and denominator when both were reported;
 * else (a rate the app cannot rebuild) the reported rate weighted by the day's impressions.
 */
function ratioParts(key: string, m: MetricMap): RatioParts | null {
  const of = metricInfo(key).of;
  if (of && finite(m[of.numerator]) && finite(m[of.denominator])) {
    return { numerator: m[of.numerator]!, denominator: m[of.denominator]! };
  }
  if (finite(m[key]) && finite(m.impressions)) {
    return { numerator: m[key]! * m.impressions!, denominator: m.impressions! };
  }
  return null;
}

/** Every metric key the days carry, plus the known rates their parts let us compute. */
function metricKeysOf(accounts: readonly AccountHistory[]): string[] {
  const keys = new Set<string>();
  for (const a of accounts) for (const d of a.days) for (const k of Object.keys(d.metrics)) keys.add(k);
  for (const rate of ['engagementRate', 'clickThroughRate']) {
    const of = metricInfo(rate).of!;
    if (keys.has(of.numerator) && keys.has(of.denominator)) keys.add(rate);
  }
  return orderMetricKeys(keys);
}

/** The accounts' history added up over the range (the accounts should be sliced to it first). */
export function summarize(accounts: readonly AccountHistory[], range: DayRange): Summary {
  const keys = metricKeysOf(accounts);
  // The days in range with data, each given a slot: sums go into arrays by slot rather than into
  // maps by day, which keeps a year of 90 accounts quick to add up.
  const inside = accounts.map((a) => a.days.filter((d) => inRange(d.date, range)));
  const dayList = [...new Set(inside.flatMap((days) => days.map((d) => d.date)))].sort();
  const slotOf = new Map(dayList.map((d, i) => [d, i]));
  const n = dayList.length;

  const totals: MetricMap = {};
  const levels: Record<string, LevelChange> = {};
  const series: Record<string, SeriesPoint[]> = {};

  for (const key of keys) {
    const kind = metricInfo(key).kind;
    if (kind === 'count') {
      const sums = new Float64Array(n);
      const has = new Uint8Array(n);
      for (const days of inside) {
        for (const d of days) {
          const v = d.metrics[key];
          if (!finite(v)) continue;
          const slot = slotOf.get(d.date)!;
          sums[slot] = sums[slot]! + v;
          has[slot] = 1;
        }
      }
      const points: SeriesPoint[] = [];
      let total = 0;
      for (let i = 0; i < n; i++) {
        if (!has[i]) continue;
        points.push({ date: dayList[i]!, value: sums[i]! });
        total += sums[i]!;
      }
      if (points.length === 0) continue;
      series[key] = points;
      totals[key] = total;
    } else if (kind === 'level') {
      const known = inside
        .map((days) => days.filter((d) => finite(d.metrics[key])))
        .filter((list) => list.length > 0);
      if (known.length === 0) continue;
      const first = known.reduce((sum, list) => sum + list[0]!.metrics[key]!, 0);
      const last = known.reduce((sum, list) => sum + list[list.length - 1]!.metrics[key]!, 0);
      levels[key] = { first, last, change: last - first };
      totals[key] = last;
      // Each day: every account's latest value up to that day, so an account missing a day does
      // not make the sum dip; an account counts from its first known day in the range.
      const change = new Float64Array(n);
      const has = new Uint8Array(n);
      for (const list of known) {
        let before = 0;
        for (const d of list) {
          const slot = slotOf.get(d.date)!;
          change[slot] = change[slot]! + d.metrics[key]! - before;
          before = d.metrics[key]!;
          has[slot] = 1;
        }
      }
      const points: SeriesPoint[] = [];
      let running = 0;
      for (let i = 0; i < n; i++) {
        running += change[i]!;
        if (has[i]) points.push({ date: dayList[i]!, value: running });
      }
      series[key] = points;
    } else {
      const numerators = new Float64Array(n);
      const denominators = new Float64Array(n);
      const has = new Uint8Array(n);
      for (const days of inside) {
        for (const d of days) {
          const parts = ratioParts(key, d.metrics);
          if (!parts) continue;
          const slot = slotOf.get(d.date)!;
          numerators[slot] = numerators[slot]! + parts.numerator;
          denominators[slot] = denominators[slot]! + parts.denominator;
          has[slot] = 1;
        }
      }
      let numerator = 0;
      let denominator = 0;
      const points: SeriesPoint[] = [];
      for (let i = 0; i < n; i++) {
        if (!has[i]) continue;
        numerator += numerators[i]!;
        denominator += denominators[i]!;
        if (denominators[i]! > 0)
          points.push({ date: dayList[i]!, value: numerators[i]! / denominators[i]! });
      }
      if (denominator <= 0) continue;
      totals[key] = numerator / denominator;
      series[key] = points;
    }
  }

  return {
    range,
    daysInRange: daysBetween(range),
    daysWithData: n,
    totals,
    levels,
    series,
    metrics: keys.filter((k) => k in totals),
  };
}

const INTERACTIONS = ['likes', 'comments', 'shares', 'clicks'] as const;

/** A post's engagements: as the service counts them, or its likes, comments, shares and clicks. */
export function postEngagements(metrics: MetricMap): number | null {
  if (finite(metrics.engagements)) return metrics.engagements;
  let sum = 0;
  let any = false;
  for (const key of INTERACTIONS) {
    const v = metrics[key];
    if (finite(v)) {
      sum += v;
      any = true;
    }
  }
  return any ? sum : null;
}

export interface RankedPost {
  post: PostResults;
  account: AccountHistory;
  engagements: number;
}

/**
 * The best and the worst posts of the accounts by engagements, at most `count` each; a post is
 * never in both lists. Posts without numbers are in neither. Ties go to the later post.
 */
export function topAndBottomPosts(
  accounts: readonly AccountHistory[],
  count = 5,
): { top: RankedPost[]; bottom: RankedPost[] } {
  const ranked: RankedPost[] = [];
  for (const account of accounts) {
    for (const post of account.posts) {
      const engagements = postEngagements(post.metrics);
      if (engagements !== null) ranked.push({ post, account, engagements });
    }
  }
  // Plain comparisons, not localeCompare: ISO instants and ids sort by their characters, and
  // a year of posts sorts many times faster.
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  ranked.sort(
    (a, b) =>
      b.engagements - a.engagements ||
      order(b.post.publishDate ?? '', a.post.publishDate ?? '') ||
      order(a.post.postId, b.post.postId),
  );
  const top = ranked.slice(0, count);
  const rest = ranked.slice(top.length);
  const bottom = rest.slice(Math.max(0, rest.length - count)).reverse();
  return { top, bottom };
}

export interface WeekResults {
  /** Monday of the week. */
  week: DayKey;
  /** Days of this week inside the range (the first and last week may be short). */
  days: number;
  posts: number;
  /** Summed over the week's posts that report them. */
  engagements: number;
  impressions: number;
  /** The week's posts' engagements over their impressions; null without impressions. */
  engagementRate: number | null;
}

/** Posts published each week of the range (in `zone`) beside the results of those posts. */
export function postsPerWeek(
  accounts: readonly AccountHistory[],
  range: DayRange,
  zone: string,
): WeekResults[] {
  const weeks = new Map<DayKey, WeekResults>();
  for (let week = weekStart(range.from); week <= range.to;) {
    const next = addDays(week, 7);
    const from = week < range.from ? range.from : week;
    const to = next > range.to ? range.to : addDays(next, -1);
    weeks.set(week, {
      week,
      days: daysBetween({ from, to }),
      posts: 0,
      engagements: 0,
      impressions: 0,
      engagementRate: null,
    });
    week = next;
  }
  const rated = new Map<DayKey, RatioParts>();
  // Days by number (UTC midnights), so a year of posts needs no date text per post.
  const fromMs = Date.parse(`${range.from}T00:00:00Z`);
  const toMs = Date.parse(`${range.to}T00:00:00Z`);
  const rows = new Map([...weeks.values()].map((w) => [Date.parse(`${w.week}T00:00:00Z`), w]));
  for (const a of accounts) {
    for (const p of a.posts) {
      const day = p.publishDate ? dayStartOfInstant(p.publishDate, zone) : null;
      if (day === null || day < fromMs || day > toMs) continue;
      // 1 January 1970 was a Thursday: three days after a Monday.
      const sinceMonday = (((Math.round(day / DAY_MS) + 3) % 7) + 7) % 7;
      const row = rows.get(day - sinceMonday * DAY_MS);
      if (!row) continue;
      row.posts += 1;
      const engagements = postEngagements(p.metrics);
      if (engagements !== null) row.engagements += engagements;
      if (finite(p.metrics.impressions)) row.impressions += p.metrics.impressions;
      if (engagements !== null && finite(p.metrics.impressions)) {
        const r = rated.get(row.week) ?? { numerator: 0, denominator: 0 };
        r.numerator += engagements;
        r.denominator += p.metrics.impressions;
        rated.set(row.week, r);
      }
    }
  }
  for (const [week, r] of rated) {
    if (r.denominator > 0) weeks.get(week)!.engagementRate = r.numerator / r.denominator;
  }
  return [...weeks.values()];
}

export interface Comparison {
  value: number;
  /** The same metric over the period compared with; undefined when that period has no data for it. */
  previous: number | undefined;
  /** Relative change (0.12 = +12%); null when the earlier value is zero or missing. */
  change: number | null;
}

/**
 * Each metric of `current` beside the same metric of an earlier period. Followers compare their
 * last values, so the change reads "1,240 followers, up from 1,180".
 */
export function compareSummaries(current: Summary, earlier: Summary | null): Record<string, Comparison> {
  const out: Record<string, Comparison> = {};
  for (const key of current.metrics) {
    const value = current.totals[key]!;
    const previous = earlier?.totals[key];
    out[key] = {
      value,
      previous,
      change: previous === undefined || previous === 0 ? null : (value - previous) / Math.abs(previous),
    };
  }
  return out;
}

/*
 * Roll-ups by label and by campaign. An account's daily numbers cannot be split by label, so a
 * label's results are those of the posts of the period that carry it, each as last seen: counts
 * add over the posts, a rate is the sum of its numerator over the sum of its denominator (never a
 * mean of the posts' rates). A label of the same name in several brands is one label (the
 * all-brands view makes them so); a campaign is a label with days.
 */

/** Roll-ups over the posts that carry a label, beside the account roll-ups of RollupBy. */
export type PostRollupBy = 'label' | 'campaign';

/** Each brand's labels, as the history answer gives them. */
export type BrandLabels = NonNullable<AnalyticsHistory['labels']>;

export interface LabelGroup {
  /** The label's name in lower case: one key for the same label across brands. */
  key: string;
  /** The name as the first brand writes it. */
  name: string;
  color: Label['color'];
  /** The campaign's days (the widest over brands); null for a label without days. */
  campaign: CampaignRange | null;
}

export const labelKey = (name: string): string => name.trim().toLowerCase();

/** The labels of the brands, one per name, sorted by name; only those with days for `campaign`. */
export function labelGroupsOf(labels: BrandLabels | undefined, by: PostRollupBy): LabelGroup[] {
  const out = new Map<string, LabelGroup>();
  for (const { labels: list } of labels ?? []) {
    for (const l of list) {
      const key = labelKey(l.name);
      const known = out.get(key);
      if (!known) {
        out.set(key, { key, name: l.name, color: l.color, campaign: l.campaign });
      } else if (l.campaign) {
        const c = known.campaign;
        known.campaign = c
          ? {
              start: c.start < l.campaign.start ? c.start : l.campaign.start,
              end: c.end > l.campaign.end ? c.end : l.campaign.end,
            }
          : l.campaign;
      }
    }
  }
  return [...out.values()]
    .filter((g) => by === 'label' || g.campaign !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Label id → label key, per brand: a post's label ids are its own brand's. */
function keysById(labels: BrandLabels | undefined): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const { brand, labels: list } of labels ?? [])
    out.set(brandKey(brand), new Map(list.map((l) => [l.id, labelKey(l.name)])));
  return out;
}

/** The label keys a post carries (each once, even if two of its brand's labels share a name). */
function postKeys(post: PostResults, ofBrand: Map<string, string> | undefined): Set<string> {
  const keys = new Set<string>();
  if (!ofBrand || !post.labels) return keys;
  for (const id of post.labels) {
    const key = ofBrand.get(id);
    if (key !== undefined) keys.add(key);
  }
  return keys;
}

/**
 * The accounts with only their posts that carry the label, and no days (an account's daily
 * numbers cannot be split by label). Accounts with no such post are left out.
 */
export function withLabel(
  accounts: readonly AccountHistory[],
  labels: BrandLabels | undefined,
  key: string,
): AccountHistory[] {
  const byBrand = keysById(labels);
  const out: AccountHistory[] = [];
  for (const a of accounts) {
    const ofBrand = byBrand.get(brandKey(a.brand));
    const posts = a.posts.filter((p) => postKeys(p, ofBrand).has(key));
    if (posts.length > 0) out.push({ ...a, days: [], posts });
  }
  return out;
}

export interface PostSummary extends Summary {
  /** How many posts the numbers are of. */
  posts: number;
}

/** A post's results as a "day" of its account: the day it was published, counted once. */
function postAsDay(post: PostResults, zone: string): AccountDay | null {
  const date = post.publishDate ? dayOfInstant(post.publishDate, zone) : null;
  if (date === null) return null;
  const metrics: MetricMap = { ...post.metrics, posts: 1 };
  if (!finite(metrics.engagements)) {
    const engagements = postEngagements(post.metrics);
    if (engagements !== null) metrics.engagements = engagements;
  }
  return { date, metrics };
}

/**
 * The results of the accounts' posts published in the range (in `zone`), added up as
 * `summarize` adds days: counts add over posts; a rate is a ratio of sums; the series is by the
 * day the posts were published; "days with data" are the days a post was published.
 */
export function summarizePosts(
  accounts: readonly AccountHistory[],
  range: DayRange,
  zone: string,
): PostSummary {
  let posts = 0;
  const asDays = sliceHistory(accounts, range, zone).map((a) => {
    const days = a.posts.flatMap((p) => postAsDay(p, zone) ?? []);
    posts += days.length;
    return { ...a, days };
  });
  return { ...summarize(asDays, range), posts };
}

export interface LabelRollupRow {
  label: LabelGroup;
  summary: PostSummary;
}

/**
 * Each label's results over the posts of the range that carry it, and the total over the posts
 * that carry any of them: a post with two labels counts once in each label and once in the total.
 */
export function rollupByLabel(
  accounts: readonly AccountHistory[],
  labels: BrandLabels | undefined,
  range: DayRange,
  zone: string,
  by: PostRollupBy = 'label',
): { rows: LabelRollupRow[]; total: PostSummary } {
  const groups = labelGroupsOf(labels, by);
  if (groups.length === 0) return { rows: [], total: summarizePosts([], range, zone) };
  const shown = new Set(groups.map((g) => g.key));
  const byBrand = keysById(labels);
  const sliced = sliceHistory(accounts, range, zone);
  const rows = groups
    .map((label) => ({ label, summary: summarizePosts(withLabel(sliced, labels, label.key), range, zone) }))
    .filter((r) => r.summary.posts > 0);
  const labelled = sliced.map((a) => {
    const ofBrand = byBrand.get(brandKey(a.brand));
    return {
      ...a,
      days: [],
      posts: a.posts.filter((p) => [...postKeys(p, ofBrand)].some((k) => shown.has(k))),
    };
  });
  return { rows, total: summarizePosts(labelled, range, zone) };
}

import type { MetricMap } from '../api/resources.js';
import type { BrandRef } from '../ipc/models.js';
import type { AccountHistory, DayKey, PostResults } from './ipc.js';
import { metricInfo, orderMetricKeys } from './metric-names.js';
import { addDays, dayOfInstant, daysBetween, inRange, weekStart, type DayRange } from './ranges.js';

/*
 * Pure. Kept history added up over a range and a group of accounts, the way a client's numbers
 * must add up: counts add across days and accounts; a rate is the sum of its numerator over the
 * sum of its denominator over the whole range (never a mean of daily rates); a standing value
 * (followers) is the last known one, with its change over the period. A day with no data is
 * absent, not zero: it adds nothing and is reported as missing.
 */

/** How accounts are grouped. Labels and campaigns are not groups yet: they need the posts' labels. */
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
  return accounts.map((a) => ({
    ...a,
    days: a.days.filter((d) => inRange(d.date, range)),
    posts: a.posts.filter((p) => {
      const day = p.publishDate ? dayOfInstant(p.publishDate, zone) : null;
      return day !== null && inRange(day, range);
    }),
  }));
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
  const days = new Set<DayKey>();
  for (const a of accounts) for (const d of a.days) if (inRange(d.date, range)) days.add(d.date);
  const dayList = [...days].sort();

  const totals: MetricMap = {};
  const levels: Record<string, LevelChange> = {};
  const series: Record<string, SeriesPoint[]> = {};

  for (const key of keys) {
    const kind = metricInfo(key).kind;
    if (kind === 'count') {
      const perDay = new Map<DayKey, number>();
      for (const a of accounts) {
        for (const d of a.days) {
          const v = d.metrics[key];
          if (!inRange(d.date, range) || !finite(v)) continue;
          perDay.set(d.date, (perDay.get(d.date) ?? 0) + v);
        }
      }
      if (perDay.size === 0) continue;
      series[key] = dayList.flatMap((date) => {
        const value = perDay.get(date);
        return value === undefined ? [] : [{ date, value }];
      });
      totals[key] = series[key].reduce((s, p) => s + p.value, 0);
    } else if (kind === 'level') {
      const known = accounts
        .map((a) => a.days.filter((d) => inRange(d.date, range) && finite(d.metrics[key])))
        .filter((list) => list.length > 0);
      if (known.length === 0) continue;
      const first = known.reduce((s, list) => s + list[0]!.metrics[key]!, 0);
      const last = known.reduce((s, list) => s + list[list.length - 1]!.metrics[key]!, 0);
      levels[key] = { first, last, change: last - first };
      totals[key] = last;
      // Each day: every account's latest value up to that day, so an account missing a day does
      // not make the sum dip; an account counts from its first known day in the range.
      const cursor = known.map(() => 0);
      const current = known.map((): number | null => null);
      series[key] = dayList.flatMap((date) => {
        let any = false;
        known.forEach((list, i) => {
          while (cursor[i]! < list.length && list[cursor[i]!]!.date <= date) {
            if (list[cursor[i]!]!.date === date) any = true;
            current[i] = list[cursor[i]!]!.metrics[key]!;
            cursor[i]! += 1;
          }
        });
        if (!any) return [];
        return [{ date, value: current.reduce<number>((s, v) => s + (v ?? 0), 0) }];
      });
    } else {
      const perDay = new Map<DayKey, RatioParts>();
      for (const a of accounts) {
        for (const d of a.days) {
          if (!inRange(d.date, range)) continue;
          const parts = ratioParts(key, d.metrics);
          if (!parts) continue;
          const sum = perDay.get(d.date) ?? { numerator: 0, denominator: 0 };
          sum.numerator += parts.numerator;
          sum.denominator += parts.denominator;
          perDay.set(d.date, sum);
        }
      }
      let numerator = 0;
      let denominator = 0;
      const points: SeriesPoint[] = [];
      for (const date of dayList) {
        const p = perDay.get(date);
        if (!p) continue;
        numerator += p.numerator;
        denominator += p.denominator;
        if (p.denominator > 0) points.push({ date, value: p.numerator / p.denominator });
      }
      if (denominator <= 0) continue;
      totals[key] = numerator / denominator;
      series[key] = points;
    }
  }

  return {
    range,
    daysInRange: daysBetween(range),
    daysWithData: dayList.length,
    totals,
    levels,
    series,
    metrics: keys.filter((k) => k in totals),
  };
}

/** A post's engagements: as the service counts them, or its likes, comments, shares and clicks. */
export function postEngagements(metrics: MetricMap): number | null {
  if (finite(metrics.engagements)) return metrics.engagements;
  const parts = ['likes', 'comments', 'shares', 'clicks'].map((k) => metrics[k]).filter(finite);
  return parts.length > 0 ? parts.reduce((a, b) => a + b, 0) : null;
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
  ranked.sort(
    (a, b) =>
      b.engagements - a.engagements ||
      (b.post.publishDate ?? '').localeCompare(a.post.publishDate ?? '') ||
      a.post.postId.localeCompare(b.post.postId),
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
  for (const a of accounts) {
    for (const p of a.posts) {
      const day = p.publishDate ? dayOfInstant(p.publishDate, zone) : null;
      if (day === null || !inRange(day, range)) continue;
      const row = weeks.get(weekStart(day));
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

import type { BrandRef } from '../../shared/ipc/models.js';
import type { AccountHistory, AnalyticsHistory, PostResults } from '../../shared/analytics/ipc.js';
import { platformName } from '../../shared/platforms/names.js';
import {
  previousPeriod,
  rangeFor,
  spanOf,
  yearBefore,
  type DayRange,
  type RangeKind,
} from '../../shared/analytics/ranges.js';
import {
  brandKey,
  compareSummaries,
  groupsOf,
  postsPerWeek,
  sliceHistory,
  summarize,
  topAndBottomPosts,
  type Comparison,
  type RankedPost,
  type RollupBy,
  type Summary,
  type WeekResults,
} from '../../shared/analytics/rollup.js';
import { metricName } from '../../shared/analytics/metric-names.js';
import { toCsv } from './csv.js';
import type { RecentPost } from './recent-posts.js';

/*
 * Pure. What the analytics screen shows for a kept history and the user's choices: the periods,
 * the groups to pick from, the chosen group's totals beside the period compared with, its posts,
 * and the problems and freshness in sentences. Kept apart from React so it can be tested.
 */

export type CompareWith = 'previous' | 'yearBefore' | 'none';

export interface AnalyticsChoice {
  rangeKind: RangeKind;
  custom: DayRange | null;
  rollup: RollupBy;
  /** The group picked within the roll-up (an account id, a brand, a platform); null: the first. */
  groupKey: string | null;
  compare: CompareWith;
}

export const ROLLUPS: readonly { by: RollupBy; label: string }[] = [
  { by: 'all', label: 'All brands' },
  { by: 'brand', label: 'Brand' },
  { by: 'account', label: 'Account' },
  { by: 'platform', label: 'Platform' },
];

export interface Periods {
  range: DayRange;
  previous: DayRange;
  yearAgo: DayRange;
  /** One read holds all three, so switching the comparison reads nothing again. */
  query: DayRange;
}

export function periodsOf(choice: Pick<AnalyticsChoice, 'rangeKind' | 'custom'>, today: string): Periods {
  const range = rangeFor(choice.rangeKind, today, choice.custom ?? undefined);
  const previous = previousPeriod(choice.rangeKind, range);
  const yearAgo = yearBefore(range);
  return { range, previous, yearAgo, query: spanOf([range, previous, yearAgo]) };
}

/** A brand's name as people know it; the id never shows. */
export type BrandNameOf = (brand: BrandRef) => string;

export interface GroupOption {
  key: string;
  label: string;
}

/** The key an account is remembered by in the "Account" roll-up: its own id, unique across brands. */
function optionKey(account: AccountHistory, by: RollupBy, fallback: string): string {
  return by === 'account' ? account.integration.id : fallback;
}

function groupLabel(account: AccountHistory, by: RollupBy, brandName: BrandNameOf, brands: number): string {
  switch (by) {
    case 'account': {
      const own = `${account.integration.name} (${platformName(account.integration.platform)})`;
      return brands > 1 ? `${own} · ${brandName(account.brand)}` : own;
    }
    case 'brand':
      return brandName(account.brand);
    case 'platform':
      return platformName(account.integration.platform);
    case 'all':
      return 'All brands';
  }
}

export interface Group extends GroupOption {
  accounts: AccountHistory[];
}

/** The groups of a roll-up, named for people and sorted by name. */
export function groupsFor(
  accounts: readonly AccountHistory[],
  by: RollupBy,
  brandName: BrandNameOf,
): Group[] {
  const brands = new Set(accounts.map((a) => brandKey(a.brand))).size;
  return groupsOf(accounts, by)
    .map((g) => {
      const first = g.accounts[0];
      return {
        key: first ? optionKey(first, by, g.key) : g.key,
        label: first ? groupLabel(first, by, brandName, brands) : 'All brands',
        accounts: g.accounts,
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

export interface AnalyticsView {
  periods: Periods;
  groups: GroupOption[];
  group: Group;
  summary: Summary;
  /** The period compared with, when one is chosen and any of its days is kept. */
  earlier: { range: DayRange; summary: Summary; label: string } | null;
  /** Why there is nothing to compare with, in a sentence; null when there is. */
  noComparison: string | null;
  comparisons: Record<string, Comparison>;
  /** Kept days reach back as far as the same days a year before. */
  reachesYearBefore: boolean;
  ranked: { top: RankedPost[]; bottom: RankedPost[] };
  weeks: WeekResults[];
  /** Posts published in the range, newest first, as the posts table shows them. */
  posts: RecentPost[];
  /** Every kept post of the group, for the best time to post (which reads the whole history read). */
  allPosts: RecentPost[];
  /** "24 of 30 days have data." */
  coverage: string;
}

export function asRecentPost(post: PostResults): RecentPost {
  return {
    postId: post.postId,
    ...(post.group ? { group: post.group } : {}),
    ...(post.publishDate ? { publishDate: post.publishDate } : {}),
    releaseURL: post.releaseURL,
    content: post.content,
    metrics: post.metrics,
  };
}

function newestFirst(a: RecentPost, b: RecentPost): number {
  return (b.publishDate ?? '').localeCompare(a.publishDate ?? '') || a.postId.localeCompare(b.postId);
}

export function coverageSentence(s: Pick<Summary, 'daysWithData' | 'daysInRange'>): string {
  if (s.daysWithData === 0) return 'No day of this period has data.';
  if (s.daysWithData === s.daysInRange) {
    return s.daysInRange === 1 ? 'The day has data.' : `All ${s.daysInRange} days have data.`;
  }
  return `${s.daysWithData} of ${s.daysInRange} days have data; the others are left out, not counted as zero.`;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** "1 Oct 2026 – 31 Oct 2026", or one day. */
export function rangeLabel(range: DayRange): string {
  const from = dayFormat.format(Date.parse(`${range.from}T00:00:00Z`));
  if (range.from === range.to) return from;
  return `${from} – ${dayFormat.format(Date.parse(`${range.to}T00:00:00Z`))}`;
}

/** Everything the screen shows for this history and these choices. */
export function analyticsView(
  history: AnalyticsHistory,
  choice: AnalyticsChoice,
  today: string,
  zone: string,
  brandName: BrandNameOf,
): AnalyticsView {
  const periods = periodsOf(choice, today);
  const groups = groupsFor(history.accounts, choice.rollup, brandName);
  // No account kept in these brands (or none in this roll-up): an empty group, so the page still
  // offers its controls and says the period has no numbers.
  const group = groups.find((g) => g.key === choice.groupKey) ??
    groups[0] ?? { key: 'all', label: 'All brands', accounts: [] };
  const current = sliceHistory(group.accounts, periods.range, zone);
  const summary = summarize(current, periods.range);

  const earliestDay = group.accounts.reduce<string | null>((min, a) => {
    const first = a.days[0]?.date;
    return first && (min === null || first < min) ? first : min;
  }, null);
  const reachesYearBefore = earliestDay !== null && earliestDay <= periods.yearAgo.to;

  let earlier: AnalyticsView['earlier'] = null;
  let noComparison: string | null = null;
  if (choice.compare !== 'none') {
    const range = choice.compare === 'previous' ? periods.previous : periods.yearAgo;
    const label = choice.compare === 'previous' ? 'the period before' : 'the same days a year before';
    const s = summarize(sliceHistory(group.accounts, range, zone), range);
    if (s.daysWithData > 0) earlier = { range, summary: s, label };
    else
      noComparison = `No history is kept for ${label} (${rangeLabel(range)}), so there is nothing to compare with yet.`;
  }

  const posts = current.flatMap((a) => a.posts.map(asRecentPost)).sort(newestFirst);
  return {
    periods,
    groups: groups.map(({ key, label }) => ({ key, label })),
    group,
    summary,
    earlier,
    noComparison,
    comparisons: compareSummaries(summary, earlier?.summary ?? null),
    reachesYearBefore,
    ranked: topAndBottomPosts(current),
    weeks: postsPerWeek(current, periods.range, zone),
    posts,
    allPosts: group.accounts.flatMap((a) => a.posts.map(asRecentPost)),
    coverage: coverageSentence(summary),
  };
}

/** Each brand's problem as a sentence that names the brand: "Harbor Coffee: …". */
export function problemSentences(history: AnalyticsHistory, brandName: BrandNameOf): string[] {
  return history.problems.map((p) => {
    const message = p.message.trim().replace(/\s+/g, ' ');
    const ended = /[.!?]$/.test(message) ? message : `${message}.`;
    return `${brandName(p.brand)}: ${ended}`;
  });
}

/**
 * How fresh the numbers are: "As of 09:14" today, "As of 27 Nov, 09:14" on another day, and what is
 * happening now.
 */
export function freshness(
  history: Pick<AnalyticsHistory, 'asOf' | 'updating'>,
  now: number,
  time: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' },
): string {
  const at = history.asOf === null ? Number.NaN : Date.parse(history.asOf);
  if (Number.isNaN(at)) return history.updating ? 'Reading analytics for the first time…' : 'Not read yet';
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString();
  const when = new Intl.DateTimeFormat(
    undefined,
    sameDay ? time : { ...time, day: 'numeric', month: 'short' },
  ).format(at);
  return history.updating ? `As of ${when} · updating now…` : `As of ${when}`;
}

/** The day-by-day numbers of the group as CSV: one row per day with data, raw numbers. */
export function dailyNumbersCsv(summary: Summary): string {
  const days = [...new Set(summary.metrics.flatMap((m) => summary.series[m]!.map((p) => p.date)))].sort();
  const byMetric = summary.metrics.map((m) => new Map(summary.series[m]!.map((p) => [p.date, p.value])));
  return toCsv(
    ['Day', ...summary.metrics.map(metricName)],
    days.map((d) => [d, ...byMetric.map((values) => values.get(d))]),
  );
}

import type { BrandRef } from '../../shared/ipc/models.js';
import type { AccountHistory, AnalyticsHistory, PostResults } from '../../shared/analytics/ipc.js';
import { platformName } from '../../shared/platforms/names.js';
import {
  dayOfInstant,
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
  labelGroupsOf,
  postsPerWeek,
  rollupByLabel,
  sliceHistory,
  summarize,
  summarizePosts,
  topAndBottomPosts,
  withLabel,
  type Comparison,
  type LabelGroup,
  type LabelRollupRow,
  type PostRollupBy,
  type PostSummary,
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

/** Accounts added up (RollupBy), or the posts that carry a label or campaign (PostRollupBy). */
export type RollupChoice = RollupBy | PostRollupBy;

export const isPostRollup = (by: RollupChoice): by is PostRollupBy => by === 'label' || by === 'campaign';

export interface AnalyticsChoice {
  rangeKind: RangeKind;
  custom: DayRange | null;
  rollup: RollupChoice;
  /** The group picked within the roll-up (an account id, a brand, a platform, a label's name); null: the first. */
  groupKey: string | null;
  compare: CompareWith;
}

export const ROLLUPS: readonly { by: RollupChoice; label: string }[] = [
  { by: 'all', label: 'All brands' },
  { by: 'brand', label: 'Brand' },
  { by: 'account', label: 'Account' },
  { by: 'platform', label: 'Platform' },
  { by: 'label', label: 'Label' },
  { by: 'campaign', label: 'Campaign' },
];

export interface Periods {
  range: DayRange;
  previous: DayRange;
  yearAgo: DayRange;
  /**
   * What the screen reads: the period and the period before in one span, and the same days a
   * year before beside them only when they are compared (never the year between).
   */
  query: DayRange & { also?: DayRange };
}

export function periodsOf(
  choice: Pick<AnalyticsChoice, 'rangeKind' | 'custom'> & { compare?: CompareWith },
  today: string,
): Periods {
  const range = rangeFor(choice.rangeKind, today, choice.custom ?? undefined);
  const previous = previousPeriod(choice.rangeKind, range);
  const yearAgo = yearBefore(range);
  const span = spanOf([range, previous]);
  return {
    range,
    previous,
    yearAgo,
    query: choice.compare === 'yearBefore' ? { ...span, also: yearAgo } : span,
  };
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
  /** For a label or campaign roll-up: the label, and how many posts of the period carry it. */
  label: (LabelGroup & { posts: number; headline: string }) | null;
  /** Why the roll-up has nothing to pick from ("No post carries a label yet…"); null when it has. */
  noGroups: string | null;
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
  /** Every kept post of the group, for the best time to post (the whole kept history when given). */
  allPosts: RecentPost[];
  /** What the best time rests on: "412 posts since March 2025". */
  allPostsBasis: string;
  /** The period's posts of the group added up per label, and once each over all labelled posts. */
  byLabel: { rows: LabelRollupRow[]; total: PostSummary };
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

const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "412 posts since March 2025": what the best time to post rests on. */
export function postsBasis(posts: readonly RecentPost[], zone: string): string {
  let first: string | null = null;
  for (const p of posts)
    if (p.publishDate && (first === null || p.publishDate < first)) first = p.publishDate;
  const n = `${posts.length} post${posts.length === 1 ? '' : 's'}`;
  const day = first ? dayOfInstant(first, zone) : null;
  return day ? `${n} since ${monthYear.format(Date.parse(`${day}T00:00:00Z`))}` : n;
}

/** "the 14 posts labelled Spring sale", "the post of the Spring sale campaign". */
export function labelledPosts(by: PostRollupBy, name: string, posts: number): string {
  const n = posts === 1 ? 'the post' : `the ${posts} posts`;
  return by === 'campaign' ? `${n} of the ${name} campaign` : `${n} labelled ${name}`;
}

/** The group a roll-up picks in a history: accounts added up, or the posts carrying a label. */
function groupIn(
  history: AnalyticsHistory,
  choice: AnalyticsChoice,
  brandName: BrandNameOf,
): { groups: Group[]; group: Group; label: LabelGroup | null } {
  if (isPostRollup(choice.rollup)) {
    const labels = labelGroupsOf(history.labels, choice.rollup);
    const label = labels.find((l) => l.key === choice.groupKey) ?? labels[0] ?? null;
    const groups = labels.map((l) => ({ key: l.key, label: l.name, accounts: [] }));
    const accounts = label ? withLabel(history.accounts, history.labels, label.key) : [];
    return { groups, group: { key: label?.key ?? '', label: label?.name ?? '', accounts }, label };
  }
  const groups = groupsFor(history.accounts, choice.rollup, brandName);
  // No account kept in these brands (or none in this roll-up): an empty group, so the page still
  // offers its controls and says the period has no numbers.
  const group = groups.find((g) => g.key === choice.groupKey) ??
    groups[0] ?? { key: 'all', label: 'All brands', accounts: [] };
  return { groups, group, label: null };
}

/**
 * Every kept post of the group, kept per answer and group: a change of period hands the best
 * time the same list, so its table (a year of posts read in the zone) is not worked out again.
 */
const wholeCache = new WeakMap<AnalyticsHistory, Map<string, RecentPost[]>>();
function wholePosts(whole: AnalyticsHistory, choice: AnalyticsChoice, brandName: BrandNameOf): RecentPost[] {
  let byGroup = wholeCache.get(whole);
  if (!byGroup) wholeCache.set(whole, (byGroup = new Map()));
  const { group } = groupIn(whole, choice, brandName);
  const key = JSON.stringify([choice.rollup, group.key]);
  let posts = byGroup.get(key);
  if (!posts) byGroup.set(key, (posts = group.accounts.flatMap((a) => a.posts.map(asRecentPost))));
  return posts;
}

/**
 * Everything the screen shows for this history and these choices. `whole`, when given, is every
 * kept post of the same brands (no days): the best time to post reads it rather than the periods.
 */
export function analyticsView(
  history: AnalyticsHistory,
  choice: AnalyticsChoice,
  today: string,
  zone: string,
  brandName: BrandNameOf,
  whole?: AnalyticsHistory | null,
): AnalyticsView {
  const periods = periodsOf(choice, today);
  const { groups, group, label } = groupIn(history, choice, brandName);
  const byPosts = isPostRollup(choice.rollup);
  const current = sliceHistory(group.accounts, periods.range, zone);
  const summary = byPosts ? summarizePosts(current, periods.range, zone) : summarize(current, periods.range);
  const summarizeRange = (range: DayRange) =>
    byPosts
      ? summarizePosts(group.accounts, range, zone)
      : summarize(sliceHistory(group.accounts, range, zone), range);

  // A label's posts carry no days: how far the history reaches is the accounts' days.
  const earliestDay = (byPosts ? history.accounts : group.accounts).reduce<string | null>((min, a) => {
    const first = a.firstDay ?? a.days[0]?.date;
    return first && (min === null || first < min) ? first : min;
  }, null);
  const reachesYearBefore = earliestDay !== null && earliestDay <= periods.yearAgo.to;

  let earlier: AnalyticsView['earlier'] = null;
  let noComparison: string | null = null;
  if (choice.compare !== 'none') {
    const range = choice.compare === 'previous' ? periods.previous : periods.yearAgo;
    const label = choice.compare === 'previous' ? 'the period before' : 'the same days a year before';
    const s = summarizeRange(range);
    if (s.daysWithData > 0) earlier = { range, summary: s, label };
    else if (byPosts && label && reachesEarlier(history, range))
      noComparison = `No post ${choice.rollup === 'campaign' ? 'of this campaign' : 'with this label'} was published in ${label} (${rangeLabel(range)}), so there is nothing to compare with.`;
    else
      noComparison = `No history is kept for ${label} (${rangeLabel(range)}), so there is nothing to compare with yet.`;
  }

  const posts = current.flatMap((a) => a.posts.map(asRecentPost)).sort(newestFirst);
  const allPosts = whole
    ? wholePosts(whole, choice, brandName)
    : group.accounts.flatMap((a) => a.posts.map(asRecentPost));
  const labelSummary = byPosts ? (summary as PostSummary) : null;
  return {
    periods,
    groups: groups.map(({ key, label }) => ({ key, label })),
    group,
    label:
      label && labelSummary
        ? {
            ...label,
            posts: labelSummary.posts,
            headline: labelHeadline(choice.rollup as PostRollupBy, label, labelSummary.posts),
          }
        : null,
    noGroups: byPosts && groups.length === 0 ? noGroupsSentence(choice.rollup as PostRollupBy) : null,
    summary,
    earlier,
    noComparison,
    comparisons: compareSummaries(summary, earlier?.summary ?? null),
    reachesYearBefore,
    ranked: topAndBottomPosts(current),
    weeks: postsPerWeek(current, periods.range, zone),
    posts,
    allPosts,
    allPostsBasis: postsBasis(allPosts, zone),
    byLabel: rollupByLabel(current, history.labels, periods.range, zone),
    coverage: label && labelSummary ? labelCoverage(label) : coverageSentence(summary),
  };
}

/** Whether any account's kept days reach into the range (so "no post" is a fact, not a gap). */
function reachesEarlier(history: AnalyticsHistory, range: DayRange): boolean {
  return history.accounts.some((a) => a.days.some((d) => d.date >= range.from && d.date <= range.to));
}

function noGroupsSentence(by: PostRollupBy): string {
  return by === 'campaign'
    ? 'No campaign yet. A campaign is a label with days: give a label its first and last day under Labels and campaigns on the Account page, and its posts’ results add up here.'
    : 'No label yet. Label posts in the calendar (a post’s details, or several picked at once), and their results add up here.';
}

/** "Results of the 14 posts labelled Spring sale", or that none was published in the period. */
export function labelHeadline(by: PostRollupBy, label: LabelGroup, posts: number): string {
  if (posts === 0)
    return `No post ${by === 'campaign' ? `of the ${label.name} campaign` : `labelled ${label.name}`} was published in this period`;
  return `Results of ${labelledPosts(by, label.name, posts)}`;
}

/** What a label's numbers rest on, and the campaign's days. */
function labelCoverage(label: LabelGroup): string {
  const days = label.campaign
    ? ` The campaign runs ${rangeLabel({ from: label.campaign.start, to: label.campaign.end })}.`
    : '';
  return `Each post as last seen: an account’s daily numbers cannot be split by label.${days}`;
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

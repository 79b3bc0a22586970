import type { AccountHistory } from '../../shared/analytics/ipc.js';
import { campaignsInLinks } from '../../shared/links/track.js';
import { metricInfo } from '../../shared/analytics/metric-names.js';
import { addDays, type DayRange } from '../../shared/analytics/ranges.js';
import {
  compareSummaries,
  groupsOf,
  postEngagements,
  sliceHistory,
  summarize,
  topAndBottomPosts,
  type Summary,
} from '../../shared/analytics/rollup.js';
import { platformName } from '../../shared/platforms/names.js';
import type {
  ChartData,
  LabelRow,
  ReportData,
  ReportMetric,
  ReportSection,
  ScheduledRow,
  SummaryRow,
  TopPost,
} from '../../shared/reports/model.js';

/*
 * Pure. A client report's data from the kept history: the same slicing and adding up as the
 * Analytics screen (shared/analytics/rollup.ts), so a report's numbers always equal the screen's
 * for the same brands and period. Everything shown is in words: metric names from metric-names.ts,
 * platform names from platforms/names.ts, days written out.
 */

/** Charts the report draws, in this order, when the history has them. */
const CHARTED = ['followers', 'impressions', 'engagements', 'engagementRate'];
/** Posts listed as the best of the period. */
export const TOP_POSTS = 5;
/** Scheduled posts listed; the rest are counted. */
export const MAX_SCHEDULED = 40;

export interface ReportLabel {
  name: string;
  campaign: DayRange | null;
}

export interface ReportInput {
  /** The accounts' kept history over (at least) the period and the period before. */
  accounts: readonly AccountHistory[];
  period: DayRange;
  /** The period compared with, or null for none. */
  previous: DayRange | null;
  /** The zone days are read in (a post's day, "today"). */
  zone: string;
  sections: readonly ReportSection[];
  brand: string;
  brandColour: string;
  agency: ReportData['agency'];
  madeAt: Date;
  /** The labels of each post (by the post's id), for the labels and campaigns section. */
  postLabels?: ReadonlyMap<string, readonly ReportLabel[]>;
  /** Posts scheduled in the month after the period, in time order. */
  scheduled?: readonly { publishDate: string; platform: string; account: string; text: string }[];
}

const dayWords = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const monthWords = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** "1 Oct 2026 – 31 Oct 2026", or one day. */
export function periodWords(range: DayRange): string {
  const from = dayWords.format(dayMs(range.from));
  return range.from === range.to ? from : `${from} – ${dayWords.format(dayMs(range.to))}`;
}

/** The period's month ("2026-10") when it is one whole calendar month, else null. */
export function wholeMonth(range: DayRange): string | null {
  const month = range.from.slice(0, 7);
  if (!range.from.endsWith('-01') || range.to.slice(0, 7) !== month) return null;
  return addDays(range.to, 1).endsWith('-01') ? month : null;
}

/** "October 2026" for a whole month, else the days. */
export function periodTitle(range: DayRange): string {
  return wholeMonth(range) ? monthWords.format(dayMs(range.from)) : periodWords(range);
}

/** "Tue 3 Nov 2026 · 09:30" in the zone. */
export function whenWords(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  })
    .format(Date.parse(iso))
    .replace(/, (\d\d:\d\d)$/, ' · $1')
    .replace(/,/g, '');
}

function metricOf(key: string): ReportMetric {
  const info = metricInfo(key);
  return { name: info.name, unit: info.unit, kind: info.kind };
}

export function coverageWords(s: Pick<Summary, 'daysWithData' | 'daysInRange'>): string {
  if (s.daysWithData === 0) return 'No day of this period has data yet.';
  if (s.daysWithData === s.daysInRange)
    return s.daysInRange === 1 ? 'The day has data.' : `All ${s.daysInRange} days have data.`;
  return `${s.daysWithData} of ${s.daysInRange} days have data; the others are left out, not counted as zero.`;
}

/** The campaigns a post's links carried as sent (tracked links), as an optional field. */
function linkCampaignsOf(text: string): { linkCampaigns?: string[] } {
  const found = campaignsInLinks([text], { URL, URLSearchParams });
  return found.length > 0 ? { linkCampaigns: found } : {};
}

/** The report's data: each section's numbers, whether or not it is kept (the page shows the kept ones). */
export function buildReportData(input: ReportInput): ReportData {
  const current = sliceHistory(input.accounts, input.period, input.zone);
  const summary = summarize(current, input.period);
  let earlier: Summary | null = null;
  if (input.previous) {
    const s = summarize(sliceHistory(input.accounts, input.previous, input.zone), input.previous);
    if (s.daysWithData > 0) earlier = s;
  }
  const comparisons = compareSummaries(summary, earlier);
  const summaryRows: SummaryRow[] = summary.metrics.map((key) => {
    const c = comparisons[key]!;
    return { ...metricOf(key), value: c.value, previous: c.previous ?? null, change: c.change };
  });

  const charts: ChartData[] = CHARTED.filter((k) => summary.series[k]?.length).map((key) => ({
    ...metricOf(key),
    points: summary.series[key]!.map((p) => ({ date: p.date, value: p.value })),
  }));

  const platformGroups = groupsOf(current, 'platform')
    .map((g) => ({
      platform: platformName(String(g.accounts[0]?.integration.platform ?? '')),
      accounts: g.accounts.length,
      summary: summarize(g.accounts, input.period),
    }))
    .sort((a, b) => a.platform.localeCompare(b.platform));
  const platformKeys = summary.metrics.filter((k) => platformGroups.some((g) => k in g.summary.totals));

  const topPosts: TopPost[] = topAndBottomPosts(current, TOP_POSTS).top.map(
    ({ post, account, engagements }) => ({
      platform: platformName(String(account.integration.platform)),
      look: String(account.integration.platform),
      account: account.integration.name || 'Account',
      when: post.publishDate ? whenWords(post.publishDate, input.zone) : 'Published',
      publishedAt: post.publishDate,
      text: post.content,
      engagements,
      impressions: Number.isFinite(post.metrics.impressions) ? post.metrics.impressions! : null,
      ...linkCampaignsOf(post.content),
    }),
  );

  const labels = labelRows(current, input.postLabels);
  const next = nextMonth(input.period);
  const scheduled: ScheduledRow[] = (input.scheduled ?? []).slice(0, MAX_SCHEDULED).map((p) => ({
    when: whenWords(p.publishDate, input.zone),
    platform: platformName(p.platform),
    account: p.account || 'Account',
    text: p.text,
    ...linkCampaignsOf(p.text),
  }));

  return {
    brand: input.brand,
    brandColour: input.brandColour,
    agency: input.agency,
    periodTitle: periodTitle(input.period),
    period: { ...input.period, label: periodWords(input.period) },
    previousLabel: earlier && input.previous ? periodWords(input.previous) : null,
    noComparison:
      input.previous && !earlier
        ? `No history is kept for the period before (${periodWords(input.previous)}), so there is nothing to compare with yet.`
        : null,
    madeOn: dayWords.format(input.madeAt),
    zone: input.zone,
    coverage: coverageWords(summary),
    sections: [...new Set(input.sections)],
    summary: summaryRows,
    charts,
    platforms: {
      metrics: platformKeys.map(metricOf),
      rows: platformGroups.map((g) => ({
        platform: g.platform,
        accounts: g.accounts,
        values: platformKeys.map((k) => g.summary.totals[k] ?? null),
      })),
    },
    topPosts,
    labels,
    scheduled: {
      label: periodTitle(next),
      rows: scheduled,
      more: Math.max(0, (input.scheduled?.length ?? 0) - scheduled.length),
    },
  };
}

/** The calendar month after the period's last day. */
export function nextMonth(period: DayRange): DayRange {
  const [y, m] = period.to.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** Each label's posts of the period with their results; a post with two labels counts in both. */
function labelRows(
  current: readonly AccountHistory[],
  postLabels: ReadonlyMap<string, readonly ReportLabel[]> | undefined,
): LabelRow[] {
  if (!postLabels || postLabels.size === 0) return [];
  const rows = new Map<string, LabelRow & { rated: { n: number; d: number } }>();
  for (const account of current) {
    for (const post of account.posts) {
      for (const label of postLabels.get(post.postId) ?? []) {
        const row = rows.get(label.name) ?? {
          name: label.name,
          campaign: label.campaign ? periodWords(label.campaign) : null,
          posts: 0,
          engagements: 0,
          impressions: 0,
          engagementRate: null,
          rated: { n: 0, d: 0 },
        };
        const engagements = postEngagements(post.metrics);
        const impressions = post.metrics.impressions;
        row.posts += 1;
        if (engagements !== null) row.engagements += engagements;
        if (Number.isFinite(impressions)) row.impressions += impressions!;
        if (engagements !== null && Number.isFinite(impressions)) {
          row.rated.n += engagements;
          row.rated.d += impressions!;
        }
        rows.set(label.name, row);
      }
    }
  }
  return [...rows.values()]
    .map(({ rated, ...row }) => ({ ...row, engagementRate: rated.d > 0 ? rated.n / rated.d : null }))
    .sort((a, b) => b.engagements - a.engagements || a.name.localeCompare(b.name));
}

/** Which campaigns a post's links carried, as one CSV row (a client's web analytics group by them). */
function campaignRow(section: string, row: string, campaigns: readonly string[]): Record<string, string> {
  return {
    Section: section,
    Row: row,
    Metric: 'Link campaigns',
    Unit: 'campaigns',
    Value: campaigns.join('; '),
  };
}

/** The report's numbers as CSV rows: metric names in words, raw numbers (a rate as a fraction). */
export function reportCsvRows(data: ReportData): { columns: string[]; rows: Record<string, string>[] } {
  const columns = ['Section', 'Row', 'Metric', 'Unit', 'Value', 'Period before', 'Change'];
  const rows: Record<string, string>[] = [];
  const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
  const kept = (s: ReportSection) => data.sections.includes(s);
  if (kept('summary'))
    for (const r of data.summary)
      rows.push({
        Section: 'Summary',
        Row: data.brand,
        Metric: r.name,
        Unit: r.unit,
        Value: num(r.value),
        'Period before': num(r.previous),
        Change: num(r.change),
      });
  if (kept('platforms'))
    for (const p of data.platforms.rows)
      data.platforms.metrics.forEach((metric, i) =>
        rows.push({
          Section: 'Per platform',
          Row: p.platform,
          Metric: metric.name,
          Unit: metric.unit,
          Value: num(p.values[i]),
        }),
      );
  if (kept('charts'))
    for (const c of data.charts)
      for (const point of c.points)
        rows.push({
          Section: 'Per day',
          Row: point.date,
          Metric: c.name,
          Unit: c.unit,
          Value: num(point.value),
        });
  if (kept('topPosts'))
    data.topPosts.forEach((p, i) => {
      const row = `${i + 1}. ${p.account} (${p.platform}), ${p.when}`;
      rows.push({
        Section: 'Top posts',
        Row: row,
        Metric: 'Engagements',
        Unit: 'interactions',
        Value: num(p.engagements),
      });
      if (p.impressions !== null)
        rows.push({
          Section: 'Top posts',
          Row: row,
          Metric: 'Impressions',
          Unit: 'views',
          Value: num(p.impressions),
        });
      if (p.linkCampaigns) rows.push(campaignRow('Top posts', row, p.linkCampaigns));
    });
  if (kept('scheduled'))
    for (const p of data.scheduled.rows)
      if (p.linkCampaigns)
        rows.push(
          campaignRow(
            `Scheduled in ${data.scheduled.label}`,
            `${p.when}, ${p.account} (${p.platform})`,
            p.linkCampaigns,
          ),
        );
  if (kept('labels'))
    for (const l of data.labels) {
      const section = l.campaign ? 'Campaigns' : 'Labels';
      rows.push({ Section: section, Row: l.name, Metric: 'Posts', Unit: 'posts', Value: num(l.posts) });
      rows.push({
        Section: section,
        Row: l.name,
        Metric: 'Engagements',
        Unit: 'interactions',
        Value: num(l.engagements),
      });
      rows.push({
        Section: section,
        Row: l.name,
        Metric: 'Impressions',
        Unit: 'views',
        Value: num(l.impressions),
      });
      rows.push({
        Section: section,
        Row: l.name,
        Metric: 'Engagement rate',
        Unit: '%',
        Value: num(l.engagementRate),
      });
    }
  return { columns, rows };
}

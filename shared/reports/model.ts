import { z } from 'zod';

/*
 * The client report: what it may hold (its sections), and the data main hands its page. The data
 * is already in people's words (metric names, platform names, days written out), with the numbers
 * raw beside them so the page writes them one way and the CSV keeps them exact. Nothing in it is an
 * internal id, an enum value or a raw metric key.
 */

/** The parts of a report a person can keep or leave out. */
export const ReportSection = z.enum(['summary', 'charts', 'platforms', 'topPosts', 'labels', 'scheduled']);
export type ReportSection = z.infer<typeof ReportSection>;

/** Each section's heading: the words the dialog's checkboxes and the report itself use. */
export const SECTION_TITLES: Record<ReportSection, string> = {
  summary: 'Summary with the change since the period before',
  charts: 'Charts',
  platforms: 'Per platform',
  topPosts: 'Top posts',
  labels: 'Labels and campaigns',
  scheduled: 'Scheduled for next month',
};

export const ALL_SECTIONS: readonly ReportSection[] = ReportSection.options;

/** A metric as the report writes it: its name and unit in words, and how it adds up. */
export const ReportMetric = z.object({
  name: z.string(),
  unit: z.string(),
  /** Counts add; a level (followers) is the last value; a ratio is written as a percentage. */
  kind: z.enum(['count', 'level', 'ratio']),
});
export type ReportMetric = z.infer<typeof ReportMetric>;

const Num = z.number().finite();

export const SummaryRow = ReportMetric.extend({
  value: Num,
  /** The same metric over the period before; null when that period has no data for it. */
  previous: Num.nullable(),
  /** Relative change (0.12 = +12%); null when the earlier value is zero or missing. */
  change: Num.nullable(),
});
export type SummaryRow = z.infer<typeof SummaryRow>;

export const ChartData = ReportMetric.extend({
  points: z.array(z.object({ date: z.string(), value: Num })).max(1_000),
});
export type ChartData = z.infer<typeof ChartData>;

export const PlatformRow = z.object({
  platform: z.string(),
  accounts: z.number().int().nonnegative(),
  values: z.array(Num.nullable()),
});

export const TopPost = z.object({
  platform: z.string(),
  /** The platform's type as the previews draw it (never shown as text). */
  look: z.string(),
  account: z.string(),
  when: z.string(),
  /** When it went out, for the preview's "3d" stamp. */
  publishedAt: z.string().nullable(),
  text: z.string(),
  engagements: Num,
  impressions: Num.nullable(),
  /** The campaigns (utm_campaign) its links carried as sent; absent when none. */
  linkCampaigns: z.array(z.string()).optional(),
});
export type TopPost = z.infer<typeof TopPost>;

export const LabelRow = z.object({
  name: z.string(),
  /** "1 Oct 2026 – 31 Oct 2026" for a campaign; null for a plain label. */
  campaign: z.string().nullable(),
  posts: z.number().int().nonnegative(),
  engagements: Num,
  impressions: Num,
  /** Engagements over impressions of the label's posts; null without impressions. */
  engagementRate: Num.nullable(),
});
export type LabelRow = z.infer<typeof LabelRow>;

export const ScheduledRow = z.object({
  when: z.string(),
  platform: z.string(),
  account: z.string(),
  text: z.string(),
  /** The campaigns its links carry (tagged when sent; a scheduled post is already tagged). */
  linkCampaigns: z.array(z.string()).optional(),
});
export type ScheduledRow = z.infer<typeof ScheduledRow>;

export const ReportData = z.object({
  /** "Harbor Coffee", or "Harbor Coffee and Nordlicht" for several brands added up. */
  brand: z.string(),
  brandColour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  agency: z.object({
    name: z.string(),
    /** A small picture as a data: URL (the page's policy allows no other). */
    logo: z.string().startsWith('data:image/').nullable(),
  }),
  /** "October 2026", or the days of the period. */
  periodTitle: z.string(),
  period: z.object({ from: z.string(), to: z.string(), label: z.string() }),
  previousLabel: z.string().nullable(),
  /** Why there is nothing to compare with ("No history is kept for …"); null when there is. */
  noComparison: z.string().nullable(),
  madeOn: z.string(),
  zone: z.string(),
  coverage: z.string(),
  sections: z.array(ReportSection),
  summary: z.array(SummaryRow),
  charts: z.array(ChartData),
  platforms: z.object({ metrics: z.array(ReportMetric), rows: z.array(PlatformRow) }),
  topPosts: z.array(TopPost),
  labels: z.array(LabelRow),
  scheduled: z.object({ label: z.string(), rows: z.array(ScheduledRow), more: z.number().int() }),
});
export type ReportData = z.infer<typeof ReportData>;

import { z } from 'zod';
import { AnalyticsResponse, IsoDateTime, MetricMap } from '../api/resources.js';
import { BrandRef, FileToken } from '../ipc/models.js';
import { Id, m, None } from '../ipc/method.js';
import { Label } from '../labels/model.js';
import { PlatformType } from '../platforms/types.js';

/*
 * Analytics: every account's history kept on this computer (main takes a snapshot of each account
 * in the background and merges its daily series by day), read back for any range and rolled up in
 * the window. The service's own answer for one account stays readable as it came.
 */

/** A calendar day, YYYY-MM-DD, as the service's daily series names it. */
export const DayKey = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export type DayKey = z.infer<typeof DayKey>;

/** One account's metrics on one day (counts of the day; followers as they stood that day). */
export const AccountDay = z.object({ date: DayKey, metrics: MetricMap });
export type AccountDay = z.infer<typeof AccountDay>;

/** A post's metrics as last seen, kept after the post leaves the service's "recent posts". */
export const PostResults = z.object({
  postId: z.string(),
  group: z.string().nullable(),
  publishDate: IsoDateTime.nullable(),
  content: z.string(),
  releaseURL: z.string().nullable(),
  metrics: MetricMap,
  /** When a snapshot last saw this post's metrics. */
  seenAt: IsoDateTime,
  /**
   * The labels (ids of its brand's labels) its group carries on this computer, as main reads
   * them when answering; absent when it carries none.
   */
  labels: z.array(z.string()).optional(),
});
export type PostResults = z.infer<typeof PostResults>;

/** One account's kept history in the range asked for. */
export const AccountHistory = z.object({
  brand: BrandRef,
  integration: z.object({ id: z.string(), name: z.string(), platform: PlatformType.or(z.string()) }),
  /** Days in the range that have data, oldest first; a day with no data is absent, not zero. */
  days: z.array(AccountDay),
  /** Posts published in the range, with their last-seen metrics. */
  posts: z.array(PostResults),
  /**
   * The account's earliest kept day, whatever the range asked: how far its history reaches (so the
   * screen can say "the same days a year before" are kept without reading the year between).
   */
  firstDay: DayKey.nullable().optional(),
});
export type AccountHistory = z.infer<typeof AccountHistory>;

/** Why a brand's history could not be brought up to date (no analytics permission, refused). */
export const HistoryProblem = z.object({ brand: BrandRef, message: z.string() });
export type HistoryProblem = z.infer<typeof HistoryProblem>;

export const AnalyticsHistory = z.object({
  /** When the newest snapshot of these brands was taken; null before the first. */
  asOf: IsoDateTime.nullable(),
  /** A snapshot is being taken now (the window shows it, and the answer changes when it ends). */
  updating: z.boolean(),
  accounts: z.array(AccountHistory),
  problems: z.array(HistoryProblem),
  /** Each brand's labels and campaigns, so posts can be added up by label (absent: none known). */
  labels: z.array(z.object({ brand: BrandRef, labels: z.array(Label) })).optional(),
});
export type AnalyticsHistory = z.infer<typeof AnalyticsHistory>;

/** What importing a history file did: days written, accounts matched, rows refused and why. */
export const HistoryImportResult = z.object({
  /** Account-days written (new, or replacing days imported before). */
  daysWritten: z.number().int(),
  /** Days of the file left as the service's own snapshot had them (its numbers win). */
  keptFromService: z.number().int(),
  /** The accounts the file's rows matched, as the brand names them. */
  accounts: z.array(z.object({ name: z.string(), platform: z.string().nullable() })),
  firstDay: DayKey.nullable(),
  lastDay: DayKey.nullable(),
  /** Rows refused, with the reason (the first few thousand; refusedCount says how many in all). */
  refused: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  refusedCount: z.number().int(),
  /** Columns not read (a rate worked out from counts, a column that holds no metric). */
  ignoredColumns: z.array(z.string()),
});
export type HistoryImportResult = z.infer<typeof HistoryImportResult>;

export const analyticsMethods = {
  getProfileAnalytics: m(
    z.object({ integrationId: Id }),
    AnalyticsResponse,
    'GET /analytics/insights/profile.',
  ),
  getAnalyticsHistory: m(
    z
      .object({
        /** The brands to read; absent: every brand the calendar shows. */
        brands: z.array(BrandRef).max(200).optional(),
        from: DayKey,
        to: DayKey,
        /** Only the posts (no daily series): the best time to post reads every kept post. */
        postsOnly: z.boolean().optional(),
        /**
         * A second range read beside the first (the same days a year before), the days between the
         * two left out: a month compared with a year ago carries two months, not thirteen.
         */
        also: z.object({ from: DayKey, to: DayKey }).strict().optional(),
      })
      .strict(),
    AnalyticsHistory,
    "The kept history of every account of the brands named (or shown) between two days (and in a second range when asked), from this computer at once, online or off: daily series (unless postsOnly), posts with the labels their groups carry, and each brand's labels.",
  ),
  importAnalyticsHistory: m(
    z.object({ file: FileToken }).strict(),
    HistoryImportResult,
    "Imports past history from a CSV the user chose (one row per account per day: Date, Account, a column per metric) into the active brand's kept history, in one transaction; a day the service's own snapshot wrote keeps the service's numbers.",
  ),
  snapshotAnalytics: m(
    None,
    z.object({ started: z.boolean() }),
    'Takes a snapshot of every account of every brand of every connection now (one at a time per brand, a few brands at once); answers at once, and analyticsChanged says when it ends.',
  ),
} as const;

export const analyticsEvents = {
  /** A snapshot ended (or began): the kept history may have changed. */
  analyticsChanged: z.object({ updating: z.boolean() }),
} as const;

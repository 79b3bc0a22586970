import { z } from 'zod';
import { PlatformType } from '../platforms/types.js';

/** The first and last instants an ISO date with a 4-digit year can name in UTC (years 0000-9999). */
export const FIRST_WRITABLE_INSTANT = Date.parse('0000-01-01T00:00:00.000Z');
export const LAST_WRITABLE_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * ISO 8601 datetime with an offset or Z; the API speaks instants only. The instant must also be
 * one that can be written back with a 4-digit year in UTC: `9999-12-31T23:59:59-01:00` is year
 * 10000 in UTC, which `toISOString` writes as `+010000-…`, a date no reader of the API accepts.
 */
export const IsoDateTime = z.iso.datetime({ offset: true }).refine(
  (s) => {
    const ms = Date.parse(s);
    return ms >= FIRST_WRITABLE_INSTANT && ms <= LAST_WRITABLE_INSTANT;
  },
  {
    message:
      'Once its offset is applied the date falls outside the years 0000-9999 in UTC; pick a date between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z.',
    // Judged only once the text is an ISO datetime, so a malformed one gets one issue, not two.
    when: (payload) => payload.issues.length === 0,
  },
);

export const Organization = z.looseObject({ id: z.string(), name: z.string() });
export type Organization = z.infer<typeof Organization>;

export const Brand = z.looseObject({ id: z.string(), name: z.string() });
export type Brand = z.infer<typeof Brand>;

export const User = z.looseObject({ id: z.string(), email: z.string(), name: z.string() });
export type User = z.infer<typeof User>;

/** GET /me. `apiKey` and `storage` are this service's extensions; other servers may omit them. */
export const MeResponse = z.looseObject({
  organization: Organization,
  brand: Brand,
  user: User,
  apiKey: z
    .looseObject({
      scopes: z.array(z.string()),
      mode: z.enum(['live', 'test']),
    })
    .optional(),
  /** This service's extension: the organization's media storage, so a client can warn before a 402. */
  storage: z.looseObject({ usedBytes: z.number().int(), limitBytes: z.number().int() }).optional(),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** GET /brands: this service answers `{brands: [...]}`; clients also accept a bare array. */
export const BrandList = z.looseObject({ brands: z.array(Brand) });
export type BrandList = z.infer<typeof BrandList>;

export const MediaObject = z.looseObject({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  thumbnail: z.string(),
  alt: z.string().nullable(),
});
export type MediaObject = z.infer<typeof MediaObject>;

export const UploadFromUrlRequest = z.object({ url: z.url({ protocol: /^https?$/ }) });
export type UploadFromUrlRequest = z.infer<typeof UploadFromUrlRequest>;

export const MediaRef = z.looseObject({ id: z.string().min(1), path: z.string().min(1) });
export type MediaRef = z.infer<typeof MediaRef>;

export const ContentBlock = z.looseObject({
  content: z.string(),
  image: z.array(MediaRef).optional(),
});
export type ContentBlock = z.infer<typeof ContentBlock>;

/** `settings` is checked per platform by shared/platforms; here only `__type` is structural. */
export const PostSettings = z.looseObject({ __type: z.string() });
export type PostSettings = z.infer<typeof PostSettings>;

/** The longest wait between two blocks of a thread, in minutes (a day). */
export const MAX_COMMENT_DELAY_MINUTES = 1440;
export const CommentDelay = z.number().int().min(0).max(MAX_COMMENT_DELAY_MINUTES);

export const PostTarget = z.object({
  integration: z.looseObject({ id: z.string().min(1) }),
  value: z.array(ContentBlock).min(1),
  settings: PostSettings,
  /** Minutes to wait between block i and block i+1 of a thread; at most value.length - 1 entries. */
  commentDelays: z.array(CommentDelay).optional(),
});
export type PostTarget = z.infer<typeof PostTarget>;

export const PostCreateType = z.enum(['draft', 'schedule', 'now']);
export type PostCreateType = z.infer<typeof PostCreateType>;

export const PostCreateRequest = z.object({
  type: PostCreateType,
  date: IsoDateTime,
  shortLink: z.boolean(),
  posts: z.array(PostTarget).optional(),
});
export type PostCreateRequest = z.infer<typeof PostCreateRequest>;

export const PostCreateResultItem = z.looseObject({
  postId: z.string(),
  integration: z.string(),
  group: z.string(),
});
export type PostCreateResultItem = z.infer<typeof PostCreateResultItem>;
export const PostCreateResponse = z.array(PostCreateResultItem);
export type PostCreateResponse = z.infer<typeof PostCreateResponse>;

/**
 * The states this service emits. Transitions: draft (kept until deleted or rescheduled);
 * scheduled -> publishing -> published | error; error -> scheduled by a reschedule to the future.
 */
export const PostState = z.enum(['draft', 'scheduled', 'publishing', 'published', 'error']);
export type PostState = z.infer<typeof PostState>;

/**
 * Maps a state name from any server to ours, tolerantly (docs/architecture.md: Postiz says QUEUE, ERROR…).
 * Unknown names come back as null so the UI can show them as they are.
 */
export function normalizePostState(raw: string): PostState | null {
  const s = raw.trim().toLowerCase();
  if (s === 'draft') return 'draft';
  if (s === 'queue' || s === 'queued' || s === 'scheduled' || s === 'schedule') return 'scheduled';
  if (s === 'publishing' || s === 'in_progress' || s === 'processing') return 'publishing';
  if (s === 'published' || s === 'sent' || s === 'posted') return 'published';
  if (s === 'error' || s === 'failed' || s === 'failure') return 'error';
  return null;
}

export const IntegrationSummary = z.looseObject({
  id: z.string(),
  platform: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().nullable().optional(),
  disconnected: z.boolean().optional(),
});
export type IntegrationSummary = z.infer<typeof IntegrationSummary>;

/** This service's full integration shape (what it always sends). */
export const Integration = z.looseObject({
  id: z.string(),
  platform: PlatformType,
  name: z.string(),
  picture: z.string().nullable(),
  disconnected: z.boolean(),
});
export type Integration = z.infer<typeof Integration>;

/** A post in GET /posts. Only integration, state and publishDate are promised by the spec. */
export const PostListItem = z.looseObject({
  id: z.string(),
  group: z.string().optional(),
  state: z.string(),
  publishDate: IsoDateTime,
  integration: IntegrationSummary,
  /** First block's text, so a calendar can show a line without reading every post. */
  content: z.string().optional(),
  /** This service's extension: the first media's thumbnail URL, so a calendar can show it without reading every post. */
  thumbnail: z.string().nullable().optional(),
  blockCount: z.number().int().optional(),
  releaseURL: z.string().nullable().optional(),
  publishedAt: IsoDateTime.nullable().optional(),
  error: z.string().nullable().optional(),
});
export type PostListItem = z.infer<typeof PostListItem>;

/** GET /posts: this service answers `{posts: [...]}`; clients also accept a bare array. */
export const PostListResponse = z.looseObject({ posts: z.array(PostListItem) });
export type PostListResponse = z.infer<typeof PostListResponse>;

export const PostListQuery = z.object({
  startDate: IsoDateTime,
  endDate: IsoDateTime,
});
export type PostListQuery = z.infer<typeof PostListQuery>;

export const PublishedBlock = ContentBlock.extend({
  releaseURL: z.string().nullable().optional(),
  publishedAt: IsoDateTime.nullable().optional(),
});

/** GET /posts/:id: a list item plus blocks, media, settings and group. */
export const PostDetail = PostListItem.extend({
  group: z.string(),
  value: z.array(PublishedBlock),
  media: z.array(MediaObject).optional(),
  settings: PostSettings,
  commentDelays: z.array(CommentDelay).optional(),
  shortLink: z.boolean().optional(),
  createdAt: IsoDateTime.optional(),
  updatedAt: IsoDateTime.optional(),
});
export type PostDetail = z.infer<typeof PostDetail>;

export const RescheduleRequest = z.object({ date: IsoDateTime });
export type RescheduleRequest = z.infer<typeof RescheduleRequest>;
/** PUT /posts/:id/date answers the post as listed, with its new date and state. */
export const RescheduleResponse = PostListItem;
export type RescheduleResponse = z.infer<typeof RescheduleResponse>;

export const DeleteGroupResponse = z.looseObject({
  group: z.string(),
  deleted: z.number().int(),
});
export type DeleteGroupResponse = z.infer<typeof DeleteGroupResponse>;

export const AnalyticsQuery = z.object({ integrationId: z.string().min(1) });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/** Metric name -> number. Names are open: clients show unknown ones with a readable label. */
export const MetricMap = z.record(z.string(), z.number());
export type MetricMap = z.infer<typeof MetricMap>;

export const AnalyticsResponse = z.looseObject({
  integration: IntegrationSummary,
  range: z.looseObject({ startDate: IsoDateTime, endDate: IsoDateTime }).optional(),
  /** Profile metrics over the range: followers, following, impressions, reach, engagements, engagementRate, posts. */
  profile: MetricMap,
  /** The same metrics over the previous range of equal length, for trends. */
  previous: MetricMap.optional(),
  daily: z.array(z.looseObject({ date: z.string(), metrics: MetricMap })).optional(),
  recentPosts: z.array(
    z.looseObject({
      postId: z.string(),
      group: z.string().optional(),
      publishDate: IsoDateTime.optional(),
      releaseURL: z.string().nullable().optional(),
      content: z.string().optional(),
      /** impressions, likes, comments, shares, clicks, engagementRate. */
      metrics: MetricMap,
    }),
  ),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponse>;

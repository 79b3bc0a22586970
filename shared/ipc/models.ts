import { z } from 'zod';
import { PostReview } from '../review/model.js';
import { IsoDateTime, MetricMap, CommentDelay, ContentBlock, MediaObject } from '../api/resources.js';
import { MAX_JSON_NESTING, nestsDeeperThan } from '../json/nesting.js';
import { PlatformType } from '../platforms/types.js';
import { QueueSlots } from '../queue/slots.js';
import { FirstComment } from '../platforms/first-comment-schema.js';

/** A connection as the renderer sees it: never the key, only whether one is set. */
export const KeyStatus = z.object({
  set: z.boolean(),
  mode: z.enum(['live', 'test']).nullable(),
  last4: z.string().nullable(),
  storage: z.enum(['keychain', 'session']).nullable(),
});
export type KeyStatus = z.infer<typeof KeyStatus>;

export const ProfileView = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  brandId: z.string().nullable(),
  brandName: z.string().nullable(),
  /** The key's scopes when the service tells them (GET /me `apiKey`), else null: unknown. */
  scopes: z.array(z.string()).nullable(),
  key: KeyStatus,
  active: z.boolean(),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const BrandView = z.object({
  id: z.string(),
  name: z.string(),
  /** IANA zone chosen for this brand on this device; null = the system's. */
  timezone: z.string().nullable(),
  active: z.boolean(),
});
export type BrandView = z.infer<typeof BrandView>;

/**
 * The calendar's brand id while it shows every brand of every connection (query keys and change
 * events of that view carry it where they would carry one brand's id).
 */
export const ALL_BRANDS = 'all-brands';

/** A brand of a connection: what a post belongs to, and what each write of it carries. */
export const BrandRef = z.object({
  profileId: z.string().min(1).max(200),
  brandId: z.string().min(1).max(200),
});
export type BrandRef = z.infer<typeof BrandRef>;

/** One brand among every brand the app holds, as the switcher and the all-brands calendar show it. */
export const BrandEntry = BrandRef.extend({
  name: z.string(),
  /** The connection (profile) the brand is reached through, in the user's words. */
  connection: z.string(),
  /** #rrggbb: chosen by the user, or picked automatically. */
  color: z.string(),
  colorChosen: z.boolean(),
  timezone: z.string().nullable(),
  /** What keeps the brand from syncing, and what to do about it; null while it syncs. */
  problem: z.string().nullable(),
});
export type BrandEntry = z.infer<typeof BrandEntry>;

/** Whether the calendar shows one brand or all of them, and every brand it can show. */
export const BrandScope = z.object({
  all: z.boolean(),
  /** The zone the all-brands view shows times in; null = the system's. */
  displayZone: z.string().nullable(),
  brands: z.array(BrandEntry),
});
export type BrandScope = z.infer<typeof BrandScope>;

export const IntegrationView = z.object({
  id: z.string(),
  platform: PlatformType.nullable(),
  name: z.string(),
  picture: z.string().nullable(),
  disconnected: z.boolean(),
  /** 'learned' from GET /posts, or 'added' by the user by id. */
  source: z.enum(['learned', 'added']),
});
export type IntegrationView = z.infer<typeof IntegrationView>;

/** A post as the calendar draws it: the cached server copy with local pending changes applied. */
export const CalendarPost = z.object({
  id: z.string(),
  group: z.string().nullable(),
  /** Normalized state, or the server's own name when we do not know it. */
  state: z.string(),
  publishDate: IsoDateTime,
  integration: z.object({
    id: z.string(),
    platform: z.string().nullable(),
    name: z.string().nullable(),
    picture: z.string().nullable(),
  }),
  content: z.string(),
  /** The first media's thumbnail URL, when the post has media the service lists (absent: none known). */
  thumbnail: z.string().nullable().optional(),
  blockCount: z.number().int(),
  error: z.string().nullable(),
  releaseURL: z.string().nullable(),
  /** Posts sharing this group (multi-account create). */
  groupSize: z.number().int(),
  /** A local change to this post is waiting in the outbox. */
  pending: z.boolean(),
  /** Exists only locally so far (created offline, not yet confirmed). */
  localOnly: z.boolean(),
  /** Where the post stands with the client (absent: never put in review, nothing held). */
  review: PostReview.optional(),
  /** The connection and brand the post belongs to (every write of it carries them). */
  profileId: z.string().optional(),
  brandId: z.string().optional(),
});
export type CalendarPost = z.infer<typeof CalendarPost>;

export const PostRange = z.object({ start: IsoDateTime, end: IsoDateTime });
export type PostRange = z.infer<typeof PostRange>;

export const PostRangeResult = z.object({
  posts: z.array(CalendarPost),
  /** 'cache' when the service cannot be reached right now: the answer may be behind it. */
  source: z.enum(['server', 'cache']),
  syncedAt: IsoDateTime.nullable(),
});
export type PostRangeResult = z.infer<typeof PostRangeResult>;

export const OutboxKind = z.enum(['create', 'reschedule', 'deleteGroup', 'upload', 'edit']);
export const OutboxStatus = z.enum([
  'pending', // waiting for its turn or for the network
  'sending',
  'failed', // permanent error: the user retries, edits or discards
  'needsDecision', // its scheduled time passed while offline: post now or pick a new time
]);
export const OutboxItemView = z.object({
  id: z.string(),
  kind: OutboxKind,
  status: OutboxStatus,
  summary: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  /** The post or group it concerns, when there is one. */
  postId: z.string().nullable(),
  group: z.string().nullable(),
  draftId: z.string().nullable(),
  /**
   * The change may already have reached the service (a kill while sending, an answer lost or cut,
   * a 5xx): Discard does not drop it but has Postdeck look it up and put the service right.
   */
  mayBeOut: z.boolean(),
  /** Discarded (or undone) after it may have gone out: Postdeck is checking and putting it right. */
  puttingRight: z.boolean(),
  /** Why the outbox keeps it back (a brand that needs approval), when it does. */
  heldBecause: z.string().nullable().optional(),
  /** The connection and brand the change belongs to (the all-brands view lists every brand's). */
  profileId: z.string().optional(),
  brandId: z.string().optional(),
});
export type OutboxItemView = z.infer<typeof OutboxItemView>;

export const SyncStatus = z.object({
  online: z.boolean(),
  pending: z.number().int(),
  failed: z.number().int(),
  needsDecision: z.number().int(),
  lastSyncAt: IsoDateTime.nullable(),
  lastError: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatus>;

/** Posts a change touched, as main shows them now: the renderer writes these over its copies. */
export const PostsNow = z.object({
  posts: z.array(CalendarPost),
  /** Ids no longer shown (a delete on its way, a local post the service confirmed under its own id). */
  hidden: z.array(z.string()),
});
export type PostsNow = z.infer<typeof PostsNow>;

/**
 * What every write answers (main's posts module, electron/posts/): the posts it touched as main
 * now shows them, and the sync status. The window writes both over its caches, and reads nothing again.
 */
export const PostsWritten = PostsNow.extend({ status: SyncStatus });
export type PostsWritten = z.infer<typeof PostsWritten>;

/** What a queued write answers: its outbox id, beside the posts as main now shows them and the status. */
export const WriteResult = PostsWritten.extend({ outboxId: z.string() });
export type WriteResult = z.infer<typeof WriteResult>;

/** What every file token main hands the window starts with. */
export const FILE_TOKEN_PREFIX = 'file_';
/**
 * An opaque token for a file the user chose (picked, dropped): main made it and knows the path; the
 * window never names a path (electron/files/file-grants.ts).
 */
export const FileToken = z
  .string()
  .regex(
    /^file_[A-Za-z0-9_-]{43}$/,
    'Choose the file again (a file is named by the token main gave for it).',
  );
export type FileToken = z.infer<typeof FileToken>;

/** A media item in a draft: either uploaded (mediaId/path) or still a local file. */
export const DraftMedia = z.object({
  /**
   * A local file: across IPC the token main gave for it (the window never names a path; see
   * `draftFromWindow`), in main's database and outbox its path.
   */
  localPath: z.string().nullable(),
  mediaId: z.string().nullable(),
  path: z.string().nullable(),
  thumbnail: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['image', 'video']),
});
export type DraftMedia = z.infer<typeof DraftMedia>;

export const DraftBlock = z.object({
  content: z.string().max(100_000),
  media: z.array(DraftMedia).max(50),
});
export type DraftBlock = z.infer<typeof DraftBlock>;

export const DraftTarget = z.object({
  integrationId: z.string().min(1),
  platform: PlatformType,
  settings: z
    .record(z.string(), z.unknown())
    .refine((settings) => !nestsDeeperThan(settings, MAX_JSON_NESTING - 1), {
      message: `Settings may nest at most ${MAX_JSON_NESTING} levels.`,
    }),
  /** Per-account text override; null falls back to the shared blocks. */
  blocks: z.array(DraftBlock).nullable(),
});
export type DraftTarget = z.infer<typeof DraftTarget>;

/** How many blocks a thread may hold in a draft. */
export const MAX_DRAFT_BLOCKS = 100;

/** A local draft: what the composer holds, saved as the user types, offline or not. */
export const Draft = z.object({
  id: z.string(),
  brandId: z.string().nullable(),
  blocks: z.array(DraftBlock).min(1).max(MAX_DRAFT_BLOCKS),
  targets: z.array(DraftTarget).max(100),
  /** One delay a block at most: the first block's is the post's own, the rest pace the thread. */
  commentDelays: z.array(CommentDelay).max(MAX_DRAFT_BLOCKS),
  shortLink: z.boolean(),
  /** Intended publish time, when the user picked one. */
  date: IsoDateTime.nullable(),
  /** When editing a server post: the group to delete once the new version exists. */
  replacesGroup: z.string().nullable(),
  /** false: the accounts' signatures are left off this post (absent: they are added). */
  signature: z.boolean().optional(),
  /** The first comment for the Instagram, LinkedIn and Facebook accounts (absent or null: none). */
  firstComment: FirstComment.nullable().optional(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Draft = z.infer<typeof Draft>;
export const DraftInput = Draft.omit({ createdAt: true, updatedAt: true }).extend({
  id: z.string().optional(),
});
export type DraftInput = z.infer<typeof DraftInput>;

/** Every local file of a draft the window sends is named by a file token, never a path. */
export function localFilesAreTokens(draft: Pick<Draft, 'blocks' | 'targets'>, ctx: z.RefinementCtx): void {
  const check = (blocks: readonly DraftBlock[], at: (string | number)[]) =>
    blocks.forEach((b, i) =>
      b.media.forEach((m, j) => {
        if (m.localPath !== null && !FileToken.safeParse(m.localPath).success)
          ctx.addIssue({
            code: 'custom',
            path: [...at, i, 'media', j, 'localPath'],
            message: 'Choose the file again (a file is named by the token main gave for it).',
          });
      }),
    );
  check(draft.blocks, ['blocks']);
  draft.targets.forEach((t, i) => t.blocks && check(t.blocks, ['targets', i, 'blocks']));
}

/** Sending a local draft (sendDraft): its id, how, when, and whether to wait for the service. */
export const SendDraftInput = z.object({
  draftId: z.string().min(1).max(200),
  type: z.enum(['draft', 'schedule', 'now']),
  date: IsoDateTime.optional(),
  /** Wait a few seconds for the service's answer (the composer's "Post now" and "Schedule"). */
  wait: z.boolean().optional(),
});
export type SendDraftInput = z.infer<typeof SendDraftInput>;

/** An account's weekly posting slots, or the brand default's when the account has none of its own. */
export const QueueSlotsView = z.object({
  integrationId: z.string().nullable(),
  slots: QueueSlots,
  /** The account has no slots of its own and follows the brand default. */
  inherited: z.boolean(),
  /** The zone the slots' times are in (the brand's, or the system's). */
  timezone: z.string(),
});
export type QueueSlotsView = z.infer<typeof QueueSlotsView>;

/** One problem of an import row, on the column (or post field) it concerns. */
export const ImportProblem = z.object({ field: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;

/** One row of an import file, read and checked, before anything is sent. */
export const ImportRowView = z.object({
  index: z.number().int(),
  /** The file's cells by column name, as the user may edit them. */
  cells: z.record(z.string(), z.string()),
  text: z.string(),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), platform: PlatformType.nullable() })),
  date: IsoDateTime.nullable(),
  queue: z.boolean(),
  problems: z.array(ImportProblem),
  /** The same row (accounts, date, text) was imported before: importing it again creates nothing. */
  alreadyImported: z.boolean(),
});
export type ImportRowView = z.infer<typeof ImportRowView>;

export const ImportPreview = z.object({
  importId: z.string(),
  fileName: z.string(),
  columns: z.array(z.string()),
  timezone: z.string(),
  rows: z.array(ImportRowView),
  /** How the file was read: its text encoding (utf-8, utf-16le, utf-16be, windows-1252) and CSV delimiter (null: JSON). */
  encoding: z.string(),
  delimiter: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({
  created: z.number().int(),
  alreadyImported: z.number().int(),
  dropped: z.number().int(),
  failed: z.array(z.object({ index: z.number().int(), message: z.string() })),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** A tag the user gives a media in the library: a word or two, kept on this device. */
export const MediaTag = z
  .string()
  .trim()
  .min(1, 'A tag needs a letter or more.')
  .max(40, 'Keep a tag under 40 characters.');

/** One tile of the media library: the service's media plus what this device knows of it. */
export const LibraryMedia = z.object({
  media: MediaObject,
  kind: z.enum(['image', 'video']).nullable(),
  /** Bytes of the file it was uploaded from; null for media made from a link. */
  size: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A video's length (MP4 and MOV files uploaded from this computer); null when not known. */
  durationMs: z.number().int().nullable(),
  /**
   * 'file' when uploaded from this computer, 'link' when the service fetched it from a URL, 'post'
   * when only seen in a post read from the service (uploaded elsewhere).
   */
  source: z.enum(['file', 'link', 'post']),
  sourceUrl: z.string().nullable(),
  addedAt: IsoDateTime,
  tags: z.array(z.string()),
  /** Posts this device knows use it (the calendar's copy), newest first. */
  usedIn: z.array(z.object({ postId: z.string(), publishDate: IsoDateTime })),
});
export type LibraryMedia = z.infer<typeof LibraryMedia>;

export { ContentBlock, MediaObject, MetricMap };

/** Export: which posts (the calendar's range, or chosen ids such as a selection or search results), in which format. */
export const ExportFormat = z.enum(['ics', 'csv', 'json']);
export type ExportFormat = z.infer<typeof ExportFormat>;
export const ExportScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('range'), start: IsoDateTime, end: IsoDateTime }),
  z.object({ kind: z.literal('posts'), postIds: z.array(z.string().min(1).max(200)).min(1).max(20_000) }),
]);
export type ExportScope = z.infer<typeof ExportScope>;
export const ExportResult = z.object({
  /** Where the file was written; null when the user closed the save dialog. */
  path: z.string().nullable(),
  /** Rows (CSV, JSON) or events (.ics) written: one per set of accounts sharing time and text. */
  count: z.number().int(),
  /** Posts written in full, and those written from the calendar's copy (first block only) because offline. */
  posts: z.number().int(),
  partial: z.number().int(),
  /** Posts not written: created offline and not yet confirmed by the service. */
  skipped: z.number().int(),
  /**
   * Names the file just written for "Show in folder" (showExportedFile): the window hands back this
   * token, never a path, so it can only ever show a file main itself wrote. Null when nothing was written.
   */
  fileToken: z.string().nullable(),
});
export type ExportResult = z.infer<typeof ExportResult>;
// Search (electron/search/): one schema for the IPC method, the export and "select all matching".
/** What a search match is: a post's state on the service, a local draft, or a change waiting in the outbox. */
export const SearchState = z.enum([
  'draft',
  'scheduled',
  'publishing',
  'published',
  'error',
  'localDraft',
  'outbox',
]);
export type SearchState = z.infer<typeof SearchState>;

/** A search over the active profile's cached posts, local drafts and outbox, offline. */
export const SearchQuery = z
  .object({
    /** Words (prefixes of the last ones too), "exact phrases", #hashtags, @mentions, links. */
    query: z.string().max(1000),
    /** One brand; absent or null: every brand the calendar shows (all of them in the all-brands view). */
    brandId: z.string().min(1).max(200).nullable().optional(),
    /** Any of these accounts (integration ids). */
    accounts: z.array(z.string().min(1).max(200)).max(500).optional(),
    platforms: z.array(z.string().min(1).max(50)).max(50).optional(),
    states: z.array(SearchState).max(20).optional(),
    /** Dated at or after `from` and before `to`; undated drafts drop out when either is set. */
    from: IsoDateTime.optional(),
    to: IsoDateTime.optional(),
    limit: z.number().int().min(1).max(1000).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), {
    message: 'The end of the date range must come after its start.',
    path: ['to'],
  });
export type SearchQuery = z.infer<typeof SearchQuery>;

/** A piece of a snippet: `match` pieces are what the query found, shown highlighted. */
export const SnippetSegment = z.object({ text: z.string(), match: z.boolean() });
export type SnippetSegment = z.infer<typeof SnippetSegment>;

export const SearchHit = z.object({
  source: z.enum(['post', 'draft', 'outbox']),
  /** The post's, the draft's or the outbox item's id. */
  id: z.string(),
  /** The connection it belongs to (the all-brands view searches every connection's brands). */
  profileId: z.string().optional(),
  brandId: z.string().nullable(),
  /** A SearchState when known; a post in a state this app does not know keeps the service's name. */
  state: z.string(),
  /** When it is (or is meant to be) published; null for a draft without a time. */
  date: IsoDateTime.nullable(),
  accounts: z.array(z.string()),
  platforms: z.array(z.string()),
  /** Where the query matched: the post's text, its published link, or a note on it (kept on this device). */
  matchedIn: z.enum(['text', 'link', 'note']),
  snippet: z.array(SnippetSegment),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResult = z.object({
  hits: z.array(SearchHit),
  /** More matches than `limit` exist. */
  more: z.boolean(),
  /** Why nothing was searched (a query with no words in it), for the user to read; null when it ran. */
  notice: z.string().nullable(),
});
export type SearchResult = z.infer<typeof SearchResult>;

/** Every post a search matches, latest first, for acting on all of them (not only the shown ones). */
export const SearchPostMatches = z.object({
  posts: z.array(
    z.object({
      id: z.string(),
      date: IsoDateTime.nullable(),
      /** The post's own connection and brand (a search of the all-brands view spans brands). */
      profileId: z.string().optional(),
      brandId: z.string().optional(),
    }),
  ),
});
export type SearchPostMatches = z.infer<typeof SearchPostMatches>;

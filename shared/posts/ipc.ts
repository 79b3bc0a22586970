import { z } from 'zod';
import { IsoDateTime, PostCreateResponse, PostDetail } from '../api/resources.js';
import { BrandRef } from '../ipc/models.js';
import { Id, m } from '../ipc/method.js';
import { SyncStatus } from '../outbox/ipc.js';
import { PostReview } from '../review/model.js';
import { ChipRange, PostChips } from './chips.js';
import { composerCopy, isNamedDraft, NOT_NAMED_DRAFT } from '../drafts/ipc.js';

/*
 * Posts: reads come from the cache when offline; writes go through the outbox, and every write
 * answers the posts it touched as main now shows them.
 */

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
  /**
   * The calendar's lean answer (shared/posts/chips.ts) kept only the start of the text: `content`
   * is that start and "…"; opening the post reads it whole.
   */
  textCut: z.boolean().optional(),
  /** With `textCut`: the whole text's clash key (shared/clash), so duplicates are found without it. */
  textKey: z.string().optional(),
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

/** Sending a local draft (sendDraft): its id, how, when, and whether to wait for the service. */
export const SendDraftInput = z.object({
  draftId: z.string().min(1).max(200),
  type: z.enum(['draft', 'schedule', 'now']),
  date: IsoDateTime.optional(),
  /** Wait a few seconds for the service's answer (the composer's "Post now" and "Schedule"). */
  wait: z.boolean().optional(),
});
export type SendDraftInput = z.infer<typeof SendDraftInput>;

export const postsMethods = {
  listPosts: m(
    PostRange,
    PostRangeResult,
    'Posts of the active brand (of every brand, in the all-brands view) in a range, from the cache at once; main pulls the range and its neighbours behind it.',
  ),
  listPostChips: m(
    ChipRange,
    PostChips,
    "listPosts' posts as the calendar's chips show them, in columns (shared/posts/chips.ts): each text's first line cut (to `chars`, 32 unless asked), with its whole text's clash key; accounts, brands and states listed once.",
  ),
  showPosts: m(
    z.object({ ids: z.array(Id).min(1).max(500), brand: BrandRef.optional() }),
    PostsNow,
    'The posts with these ids as the calendar shows them, whole (the text the chips cut), and the ids it no longer shows.',
  ),
  getPost: m(z.object({ id: Id }), PostDetail, 'GET /posts/:id.'),
  reschedulePost: m(
    z.object({ id: Id, date: IsoDateTime, brand: BrandRef.optional() }),
    WriteResult,
    'Queues PUT /posts/:id/date; answers the post at its new time, as the calendar shows it now.',
  ),
  deleteGroup: m(
    z.object({ group: Id, brand: BrandRef.optional() }),
    WriteResult,
    "Queues DELETE /posts/:group; answers the group's posts as hidden.",
  ),
  sendDraft: m(
    SendDraftInput.extend(composerCopy).refine(isNamedDraft, NOT_NAMED_DRAFT),
    WriteResult.extend({
      outcome: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('sent'), results: PostCreateResponse }),
        /** Not waited for, held for approval, offline, or still on its way: `message` says so. */
        z.object({ kind: z.literal('queued'), outboxId: z.string(), message: z.string() }),
      ]),
    }),
    "Queues the create (and, for an edit, the delete of the old group) for a local draft, saving the given copy first; with wait, answers the service's result (issues[] beside the fields) or that the post waits in the outbox and why; with its posts as shown.",
  ),
} as const;

export const postsEvents = {
  /**
   * Posts of a brand changed. A pull says which range (null: any); a sent or stopped operation
   * also says how its posts show now (`update`), so the window need not read the range again. A
   * write main made on its own (evergreen repeats, an import) is this one event, with the status.
   */
  postsChanged: z.object({
    brandId: z.string().nullable(),
    range: PostRange.nullable(),
    update: PostsNow.nullable(),
    status: SyncStatus.optional(),
  }),
  /** A post the user scheduled was published or failed (detected by sync). */
  postOutcome: z.object({
    postId: z.string(),
    state: z.string(),
    content: z.string(),
    error: z.string().nullable(),
  }),
} as const;

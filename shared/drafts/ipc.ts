import { z } from 'zod';
import { UntrackedLinks } from '../links/model.js';
import { CommentDelay, IsoDateTime } from '../api/resources.js';
import { MAX_JSON_NESTING, nestsDeeperThan } from '../json/nesting.js';
import { PlatformType } from '../platforms/types.js';
import { FirstComment } from '../platforms/first-comment-schema.js';
import { FileToken } from '../ipc/models.js';
import { Id, m, None } from '../ipc/method.js';

/*
 * Local drafts: what the composer holds, saved on this device as the user types, offline or not.
 */

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
const MAX_DRAFT_BLOCKS = 100;

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
  /** Links the user marked "Don't track this link": sent as typed (absent: every link is tracked). */
  untrackedLinks: UntrackedLinks.optional(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type Draft = z.infer<typeof Draft>;
export const DraftInput = Draft.omit({ createdAt: true, updatedAt: true }).extend({
  id: z.string().optional(),
});
export type DraftInput = z.infer<typeof DraftInput>;

/** Every local file of a draft the window sends is named by a file token, never a path. */
function localFilesAreTokens(draft: Pick<Draft, 'blocks' | 'targets'>, ctx: z.RefinementCtx): void {
  const check = (blocks: readonly DraftBlock[], at: (string | number)[]) =>
    blocks.forEach((b, i) =>
      b.media.forEach((media, j) => {
        if (media.localPath !== null && !FileToken.safeParse(media.localPath).success)
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

/** The composer's copy of the draft it sends, saved first by main, so a send is one call. */
export const composerCopy = { draft: DraftInput.superRefine(localFilesAreTokens).optional() };
/** The copy sent with a send is the draft the send names (or a draft not saved yet). */
export const isNamedDraft = (input: { draftId: string; draft?: { id?: string } }) =>
  !input.draft?.id || input.draft.id === input.draftId;
export const NOT_NAMED_DRAFT = { message: 'The draft sent is not the draft named.', path: ['draft', 'id'] };

export const draftsMethods = {
  listDrafts: m(None, z.array(Draft), 'Local drafts of the active brand, newest first.'),
  getDraft: m(z.object({ id: Id }), Draft, 'One local draft.'),
  saveDraft: m(
    DraftInput.superRefine(localFilesAreTokens),
    Draft,
    'Creates or updates a local draft (autosave); its local files are named by file tokens.',
  ),
  deleteDraft: m(z.object({ id: Id }), z.object({ deleted: z.boolean() }), 'Deletes a local draft.'),
} as const;

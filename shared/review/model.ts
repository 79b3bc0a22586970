import { z } from 'zod';

/*
 * Client review: where a post group stands with the client, the words a person reads for it, and the
 * reply file a review pack saves. One home for these facts: main applies replies and holds unapproved
 * posts, the window shows the states, and the pack page writes the reply in this shape.
 */

/** draft → in review → approved, or changes requested (with the reviewer's comment). */
export const ReviewState = z.enum(['draft', 'inReview', 'approved', 'changesRequested']);
export type ReviewState = z.infer<typeof ReviewState>;

/** The verdicts a reviewer can give in a pack. */
export const ReviewVerdict = z.enum(['approved', 'changesRequested']);
export type ReviewVerdict = z.infer<typeof ReviewVerdict>;

const REVIEW_LABELS: Record<ReviewState, string> = {
  draft: 'Not in review',
  inReview: 'In review',
  approved: 'Approved',
  changesRequested: 'Changes requested',
};

/** The words a person reads for a review state, on chips, filters, the palette and in packs. */
export function reviewLabel(state: ReviewState): string {
  return REVIEW_LABELS[state];
}

/** Why the outbox keeps a post back while its brand needs approval. */
export const HELD_FOR_APPROVAL =
  'Waiting for approval: this brand sends posts only once they are approved. Approve it, or import the client’s review.';

/** What the calendar knows of a post group's review (laid over CalendarPost by main). */
export const PostReview = z.object({
  state: ReviewState,
  comment: z.string().nullable(),
  /** A reply's verdict on a version of this post that has been edited since the pack was made. */
  changedSinceReview: z.object({ verdict: ReviewVerdict, comment: z.string().nullable() }).nullable(),
  /** The sentence saying why the outbox holds it, when it does. */
  held: z.string().nullable(),
});
export type PostReview = z.infer<typeof PostReview>;

/** A brand's review settings: posts wait for approval before they are sent; the colour packs show. */
export const ReviewSettingsView = z.object({
  needsApproval: z.boolean(),
  colour: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable(),
});
export type ReviewSettingsView = z.infer<typeof ReviewSettingsView>;

/** How long a reviewer's comment may be; longer ones are refused, not cut. */
export const MAX_REVIEW_COMMENT = 5_000;
/** How many posts one pack may hold. */
export const MAX_PACK_POSTS = 2_000;

/** The first line of every reply file, so a wrong file is told apart from a damaged one. */
export const REPLY_FORMAT = 'postdeck-review-reply';

/**
 * The reply a pack saves. Strict: a reply carries verdicts and comments only, never a text or a
 * time, so any other field is refused. Each verdict names the post by its key in the pack and
 * repeats the fingerprint of what the reviewer saw.
 */
export const ReviewReply = z
  .object({
    format: z.literal(REPLY_FORMAT),
    version: z.literal(1),
    packId: z.string().regex(/^[0-9a-f-]{36}$/),
    brandId: z.string().min(1).max(200),
    verdicts: z
      .array(
        z
          .object({
            key: z.string().min(1).max(300),
            seen: z.string().regex(/^[0-9a-f]{64}$/),
            verdict: ReviewVerdict,
            comment: z.string().max(MAX_REVIEW_COMMENT),
          })
          .strict(),
      )
      .max(MAX_PACK_POSTS),
  })
  .strict();
export type ReviewReply = z.infer<typeof ReviewReply>;

/** What importing a reply did, for the summary the window shows. */
export const ReviewImportSummary = z.object({
  approved: z.number().int(),
  changesRequested: z.number().int(),
  changedSinceReview: z.number().int(),
  gone: z.number().int(),
  /** True when this very reply was imported before: nothing changed. */
  alreadyImported: z.boolean(),
});
export type ReviewImportSummary = z.infer<typeof ReviewImportSummary>;

/** One post group as the pack shows it: plain data the pack page draws with the preview components. */
export const PackPost = z.object({
  key: z.string(),
  seen: z.string(),
  publishDate: z.string(),
  /** The day and time as the brand's calendar shows them. */
  when: z.string(),
  state: ReviewState,
  comment: z.string().nullable(),
  accounts: z.array(
    z.object({
      platform: z.string(),
      name: z.string(),
      picture: z.string().nullable(),
      blocks: z.array(
        z.object({
          text: z.string(),
          media: z.array(
            z.object({
              src: z.string().nullable(),
              kind: z.enum(['image', 'video']),
              width: z.number().optional(),
              height: z.number().optional(),
            }),
          ),
        }),
      ),
      settings: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});
export type PackPost = z.infer<typeof PackPost>;

/** Everything a pack page needs, embedded in it as JSON. */
export const PackData = z.object({
  packId: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  brandColour: z.string(),
  range: z.object({ from: z.string(), to: z.string() }),
  madeAt: z.string(),
  posts: z.array(PackPost),
});
export type PackData = z.infer<typeof PackData>;

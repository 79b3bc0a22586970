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

/** Longest name of a step or of an approver, and most steps and approvers. */
export const MAX_STEP_NAME = 60;
export const MAX_STEPS = 5;
export const MAX_APPROVERS = 20;

/**
 * One step of a brand's approval flow: who approves it, and whether any one of them is enough or
 * every one must approve. A step with no named approvers takes anyone's approval.
 */
export const ApprovalStep = z
  .object({
    name: z.string().trim().min(1, 'Give each step a name, such as “Client”.').max(MAX_STEP_NAME),
    approvers: z.array(z.string().trim().min(1).max(MAX_STEP_NAME)).max(MAX_APPROVERS),
    rule: z.enum(['any', 'all']),
  })
  .strict();
export type ApprovalStep = z.infer<typeof ApprovalStep>;

/** The steps in order; a brand that never set one has a single step, as approvals always were. */
export const ApprovalFlow = z.array(ApprovalStep).min(1).max(MAX_STEPS);
export type ApprovalFlow = z.infer<typeof ApprovalFlow>;
export const DEFAULT_FLOW: ApprovalFlow = [{ name: 'Approval', approvers: [], rule: 'any' }];

/** Names compare as people type them: case and spaces around do not matter. */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');
}

/** Where a post stands in its brand's flow, as a person reads it: "step 2 of 2 (Client)". */
export function stepWords(step: { index: number; count: number; name: string }): string {
  return step.count === 1 ? step.name : `step ${step.index + 1} of ${step.count} (${step.name})`;
}

/** Why the outbox holds a post that waits at a step. */
export function heldAtStep(step: { index: number; count: number; name: string }): string {
  return step.count === 1
    ? HELD_FOR_APPROVAL
    : `Waiting for approval at ${stepWords(step)}: this brand sends posts only once every step is approved.`;
}

/** The outcome a notice names for a post whose time passed while it waited for approval. */
export const NOT_APPROVED_OUTCOME = 'notApproved';

/** Why a post whose time passed before its approval was not sent. */
export function missedApproval(step: { index: number; count: number; name: string }, when: string): string {
  return `Not sent: its time (${when}) passed while it waited for approval at ${stepWords(step)}. Once it is approved, post it now or pick a new time.`;
}

/** What the calendar knows of a post group's review (laid over CalendarPost by main). */
export const PostReview = z.object({
  state: ReviewState,
  comment: z.string().nullable(),
  /** A reply's verdict on a version of this post that has been edited since the pack was made. */
  changedSinceReview: z.object({ verdict: ReviewVerdict, comment: z.string().nullable() }).nullable(),
  /** The sentence saying why the outbox holds it, when it does. */
  held: z.string().nullable(),
  /** The step it waits at, in a flow of more than one step (null when approved). */
  step: z
    .object({ index: z.number().int(), count: z.number().int(), name: z.string() })
    .nullable()
    .optional(),
});
export type PostReview = z.infer<typeof PostReview>;

/** A brand's review settings: posts wait for approval before they are sent; the colour packs show. */
export const ReviewSettingsView = z.object({
  needsApproval: z.boolean(),
  /** The steps a post is approved in, in order. */
  flow: ApprovalFlow,
  /** Moving a post's time sends it back to the first step (by default only its content does). */
  timeResets: z.boolean(),
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
    /** 1: before approval steps (no name, no step); 2: the approver's typed name and each post's step. */
    version: z.union([z.literal(1), z.literal(2)]),
    approver: z.string().trim().max(MAX_STEP_NAME).optional(),
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
            /** The step the pack asked about, repeated from the pack. */
            step: z.number().int().min(0).max(MAX_STEPS).optional(),
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
  /** Posts that passed a step and now wait for the next one. */
  stepsPassed: z.number().int(),
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
  /** The step this pack asks about, with its approvers (any may type their name). */
  step: z
    .object({
      index: z.number().int(),
      count: z.number().int(),
      name: z.string(),
      approvers: z.array(z.string()),
      rule: z.enum(['any', 'all']),
    })
    .optional(),
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

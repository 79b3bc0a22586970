import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';
import { BrandRef } from '../ipc/models.js';
import { Id, m } from '../ipc/method.js';
import { PostsWritten, WriteResult } from '../posts/ipc.js';
import { QueueSlots } from './slots.js';
import { composerCopy, isNamedDraft, NOT_NAMED_DRAFT } from '../drafts/ipc.js';

/*
 * The posting queue: weekly slots per account (null = the brand default), and sending at the next
 * free one.
 */

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

export const queueMethods = {
  getQueueSlots: m(
    z.object({ integrationId: Id.nullable(), brand: BrandRef.optional() }),
    QueueSlotsView,
    "An account's slots, or the brand default's; of the brand named (one the calendar shows), else the active brand's.",
  ),
  setQueueSlots: m(
    z.object({ integrationId: Id.nullable(), slots: QueueSlots.nullable() }),
    QueueSlotsView,
    "Saves an account's slots (null: follow the brand default again).",
  ),
  copyQueueSlots: m(
    z.object({ from: Id.nullable(), to: z.array(Id).min(1).max(100) }),
    z.object({ copied: z.number().int() }),
    'Gives other accounts the same slots.',
  ),
  previewQueue: m(
    z.object({
      integrationIds: z.array(Id).min(1).max(100),
      count: z.number().int().min(1).max(50).optional(),
      /** The post's content category: its kept slots come first; without one, kept slots are skipped. */
      categoryId: Id.nullable().optional(),
    }),
    z.object({
      timezone: z.string(),
      accounts: z.array(
        z.object({
          integrationId: z.string(),
          dates: z.array(IsoDateTime),
          /** For each date: true when the slot is kept for the post's category. */
          reserved: z.array(z.boolean()),
        }),
      ),
    }),
    'The next free slots of each account (for a category: its kept slots first), shown before "Add to queue" sends anything.',
  ),
  queueDraft: m(
    z.object({ draftId: Id, ...composerCopy }).refine(isNamedDraft, NOT_NAMED_DRAFT),
    PostsWritten.extend({
      slots: z.array(z.object({ integrationId: z.string(), date: IsoDateTime, outboxId: z.string() })),
    }),
    'Schedules a draft at the next free slot of each account, through the outbox (one create per distinct time).',
  ),
  moveToNextFreeSlot: m(
    z.object({ id: Id }),
    WriteResult.extend({ date: IsoDateTime }),
    "Reschedules a post to its account's next free slot.",
  ),

  shuffleQueue: m(
    z.object({ integrationId: Id }),
    PostsWritten.extend({ moved: z.number().int() }),
    "Shuffles an account's scheduled posts among the slot times they already occupy.",
  ),
} as const;

import { MAX_JSON_NESTING, nestsDeeperThan } from '../json/nesting.js';
import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';
import { DraftMedia } from '../drafts/ipc.js';
import { PlatformType } from '../platforms/types.js';

/*
 * Evergreen posts: lists of posts that go again and again into the free queue slots
 * of their accounts. One schema per fact, shared by the IPC contract, main's store and the screens.
 */

/** A calendar day in the brand's zone, "YYYY-MM-DD". */
const LocalDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Write the day as YYYY-MM-DD.');

/** When an evergreen post stops going again: never, after N repeats (per account), or after a day. */
export const EndRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('never') }),
  z.object({ kind: z.literal('afterRepeats'), repeats: z.number().int().min(1).max(1000) }),
  /** The last day (inclusive, in the brand's zone) a repeat may go out. */
  z.object({ kind: z.literal('onDate'), date: LocalDate }),
]);
export type EndRule = z.infer<typeof EndRule>;

/** Days between two repeats of one post on one account: at least a day, so a repeat never follows itself. */
const MIN_COOLDOWN_DAYS = 1;
export const MAX_VERSIONS = 20;

export const EvergreenTarget = z.object({
  integrationId: z.string().min(1).max(200),
  platform: PlatformType,
  // The same nesting limit as a draft's settings: deeper would overflow what stores and sends them.
  settings: z
    .record(z.string(), z.unknown())
    .refine((settings) => !nestsDeeperThan(settings, MAX_JSON_NESTING - 1), {
      message: `Settings may nest at most ${MAX_JSON_NESTING} levels.`,
    }),
});
export type EvergreenTarget = z.infer<typeof EvergreenTarget>;

/** Only media already on the service: a repeat must not depend on a file on this computer. */
const EvergreenMedia = DraftMedia.extend({ mediaId: z.string().min(1), path: z.string().min(1) });

export const EvergreenItemInput = z.object({
  id: z.string().min(1).max(200).optional(),
  listId: z.string().min(1).max(200),
  /** Text versions that rotate: repeat 1 uses the first, repeat 2 the second, and so on. */
  versions: z
    .array(z.string().trim().min(1, 'A version cannot be empty.').max(100_000))
    .min(1, 'Write at least one version of the text.')
    .max(MAX_VERSIONS),
  media: z.array(EvergreenMedia).max(50),
  targets: z.array(EvergreenTarget).min(1, 'Choose at least one account.').max(100),
  cooldownDays: z.number().int().min(MIN_COOLDOWN_DAYS).max(365),
  endRule: EndRule,
  skipDates: z.array(LocalDate).max(366),
});
export type EvergreenItemInput = z.infer<typeof EvergreenItemInput>;

export const EvergreenItem = EvergreenItemInput.required({ id: true }).extend({
  position: z.number().int(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type EvergreenItem = z.infer<typeof EvergreenItem>;

export const EvergreenList = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(200),
  /** On: its posts fill free slots. A new list starts off, so its preview is seen first. */
  enabled: z.boolean(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type EvergreenList = z.infer<typeof EvergreenList>;

/** One repeat: planned (preview) or made (a post created through the outbox). */
export const EvergreenFill = z.object({
  itemId: z.string(),
  integrationId: z.string(),
  date: IsoDateTime,
  /** 1 for the first repeat of this post on this account. */
  repeat: z.number().int().min(1),
  /** The repeat count of an "after N repeats" rule, else null. */
  of: z.number().int().nullable(),
  /** Index of the text version it uses. */
  version: z.number().int().min(0),
});
export type EvergreenFill = z.infer<typeof EvergreenFill>;

/** A made repeat as the calendar marks it: by post id once known, else by the outbox's local post. */
export const RepeatView = EvergreenFill.extend({
  postId: z.string().nullable(),
  outboxId: z.string().nullable(),
});
export type RepeatView = z.infer<typeof RepeatView>;

/** "repeat 3 of 10", or "repeat 3" when the post has no repeat count. */
export function repeatLabel(fill: { repeat: number; of: number | null }): string {
  return fill.of === null ? `repeat ${fill.repeat}` : `repeat ${fill.repeat} of ${fill.of}`;
}

import { z } from 'zod';
import { BrandRef } from '../ipc/models.js';
import { ReviewState } from '../review/model.js';

/*
 * The activity log: every change to a post group, kept on this computer, with when, who, what and
 * from where. One schema each for main's store (rows are checked against it when read), the IPC
 * contract, the timeline and the CSV export.
 */

/** Longest text kept in an entry (a before or after): enough to recognise a post, bounded on disk. */
export const MAX_LOGGED_TEXT = 2_000;
/** Longest name kept (an account, a label, a person), and most items of a list. */
export const MAX_NAME = 200;
export const MAX_LIST = 100;
const Text = z.string().max(MAX_LOGGED_TEXT);
const Names = z.array(z.string().max(MAX_NAME)).max(MAX_LIST);
const When = z.string().min(1).max(64);

/** Cuts a post's text to what an entry keeps. */
export function loggedText(text: string): string {
  return text.length > MAX_LOGGED_TEXT ? `${text.slice(0, MAX_LOGGED_TEXT - 1)}…` : text;
}

/**
 * Where a change came from. New kinds are added here (the timeline and the CSV name each one; the
 * compiler finds every place that must learn a new kind).
 */
export const ActivityOrigin = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('drag') }),
  z.object({ kind: z.literal('keyboard') }),
  z.object({ kind: z.literal('bulk') }),
  z.object({ kind: z.literal('grid') }),
  z.object({ kind: z.literal('undo') }),
  z.object({ kind: z.literal('calendar') }),
  z.object({ kind: z.literal('composer') }),
  z.object({ kind: z.literal('queue') }),
  z.object({ kind: z.literal('import'), file: Text }),
  z.object({ kind: z.literal('evergreen') }),
  z.object({ kind: z.literal('series') }),
  z.object({ kind: z.literal('feed') }),
  z.object({ kind: z.literal('labels') }),
  z.object({ kind: z.literal('category') }),
  z.object({ kind: z.literal('review') }),
  z.object({ kind: z.literal('reviewReply'), packDate: When.nullable() }),
  z.object({ kind: z.literal('outboxRetry') }),
  z.object({ kind: z.literal('outboxDiscard') }),
  z.object({ kind: z.literal('outboxDecision') }),
  /** The outbox on its own: the service's answer to a send. */
  z.object({ kind: z.literal('outbox') }),
]);
export type ActivityOrigin = z.infer<typeof ActivityOrigin>;

/**
 * Who made a change. The app has no accounts of its own, so this says honestly what it knows:
 * the connection's user as the service named them (or the connection's name as typed when the
 * service named nobody), a reviewer by the name typed in a review pack, or the service itself.
 */
export const ActivityWho = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('connectionUser'),
    name: z.string().max(MAX_NAME),
    /** `service`: the name the service gave for the key's user; `connectionName`: the name typed for the connection. */
    source: z.enum(['service', 'connectionName']),
  }),
  z.object({ kind: z.literal('approver'), name: z.string().max(MAX_NAME).nullable() }),
  z.object({ kind: z.literal('service') }),
]);
export type ActivityWho = z.infer<typeof ActivityWho>;

/** What changed, with the before and after an agency is asked about. */
export const ActivityChange = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('created'),
    text: Text,
    date: When.nullable(),
    accounts: Names,
  }),
  z.object({
    kind: z.literal('edited'),
    textBefore: Text.nullable(),
    textAfter: Text,
    dateBefore: When.nullable(),
    dateAfter: When.nullable(),
    accountsBefore: Names,
    accountsAfter: Names,
  }),
  z.object({ kind: z.literal('moved'), from: When.nullable(), to: When }),
  z.object({ kind: z.literal('deleted'), text: Text.nullable() }),
  /** A delete taken back before it was sent. */
  z.object({ kind: z.literal('restored') }),
  z.object({
    kind: z.literal('labels'),
    before: Names,
    after: Names,
  }),
  /** The post group's content category, by name (null: none). */
  z.object({
    kind: z.literal('category'),
    before: z.string().max(MAX_NAME).nullable(),
    after: z.string().max(MAX_NAME).nullable(),
  }),
  z.object({
    kind: z.literal('review'),
    state: ReviewState,
    comment: Text.nullable(),
    /** The reviewer's verdict for a version edited since the pack: kept beside, not applied. */
    changedSince: z.boolean(),
    /** The step of the brand's approval flow the verdict was for (absent with a one-step flow). */
    step: z
      .object({ index: z.number().int(), count: z.number().int(), name: z.string().max(MAX_NAME) })
      .optional(),
  }),
  /** The service confirmed the change (a create, an edit, a move or a delete). */
  z.object({
    kind: z.literal('confirmed'),
    what: z.enum(['create', 'edit', 'move', 'delete']),
    posts: z.number().int().nonnegative(),
  }),
  /** The service refused it, with its reason; the change waits in the Outbox for a retry or a discard. */
  z.object({ kind: z.literal('refused'), what: z.string().max(MAX_NAME), reason: Text }),
  /** A passing fault (no answer, busy, 5xx): the Outbox tries again by itself. */
  z.object({ kind: z.literal('willRetry'), reason: Text }),
  z.object({ kind: z.literal('retried') }),
  z.object({ kind: z.literal('discarded'), what: z.string().max(MAX_NAME), puttingRight: z.boolean() }),
  /** A time that passed before the send: the user's decision. */
  z.object({ kind: z.literal('decided'), action: z.enum(['now', 'reschedule']), date: When.nullable() }),
]);
export type ActivityChange = z.infer<typeof ActivityChange>;

/** One entry as main answers it. */
export const ActivityEntry = z.object({
  id: z.string(),
  brand: BrandRef,
  /** The post group (null while a post made here is not on the service yet). */
  group: z.string().nullable(),
  at: z.string(),
  who: ActivityWho,
  origin: ActivityOrigin,
  change: ActivityChange,
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/** How long entries are kept, in days; null keeps them forever. */
export const ActivityRetention = z.object({
  days: z.number().int().min(7).max(3650).nullable(),
});
export type ActivityRetention = z.infer<typeof ActivityRetention>;
export const DEFAULT_RETENTION_DAYS = 365;

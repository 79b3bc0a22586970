import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';
import { Id, m, None } from '../ipc/method.js';

/*
 * The outbox (every change waiting to reach the service) and the sync status (online, counts, last pull).
 */

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

export const outboxMethods = {
  getSyncStatus: m(None, SyncStatus, 'Online state and outbox counts.'),
  listOutbox: m(None, z.array(OutboxItemView), 'Operations not yet confirmed by the service.'),
  retryOutbox: m(z.object({ id: Id }), OutboxItemView, 'Sends a failed operation again.'),
  discardOutbox: m(
    z.object({ id: Id }),
    z.object({ discarded: z.boolean(), puttingRight: z.boolean().optional() }),
    'Drops an operation never sent; one that may already be on the service (mayBeOut) is looked up and put right there first (puttingRight), then leaves the outbox.',
  ),
  resolveMissedTime: m(
    z.object({ id: Id, action: z.enum(['now', 'reschedule']), date: IsoDateTime.optional() }),
    OutboxItemView,
    'For a scheduled time that passed offline: post now, or move to a new time.',
  ),
  syncNow: m(None, SyncStatus, 'Flushes the outbox and refreshes the visible range now.'),
} as const;

export const outboxEvents = {
  /** The outbox or the connection changed: counts, online state, last pull. */
  syncStatus: SyncStatus,
  /** The service refused a queued operation for good: it stays in the Outbox until retried or discarded. */
  outboxFailed: OutboxItemView,
} as const;

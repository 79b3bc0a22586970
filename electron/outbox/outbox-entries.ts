import { randomUUID } from 'node:crypto';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import type { OutboxOp, OutboxRecord, OutboxRepo } from './outbox-repo.js';
import type { CachedPost, PostsCache } from '../store/posts-cache.js';
import { rescheduleSummary } from './outbox-views.js';

/** How an operation enters the outbox; only the posts module writes these (lint keeps it so). */

export interface NewOperation {
  id?: string;
  op: OutboxOp;
  key: string;
  summary: string;
  postId?: string | null;
  group?: string | null;
  draftId?: string | null;
}

/** Adds an operation to the outbox with a fresh id and idempotency marker; answers its id. */
export function enqueue(outbox: OutboxRepo, active: ActiveBrand, item: NewOperation): string {
  const id = item.id ?? randomUUID();
  outbox.add({ id, profileId: active.profileId, brandId: active.brandId, marker: randomUUID(), ...item });
  return id;
}

/**
 * Queues a move of a post the calendar has from the service (inside the caller's transaction): a
 * move of it still waiting in the outbox just takes the new time, else a new reschedule is queued.
 * One drag, a bulk change and its undo all move posts this way. Answers the outbox id.
 * `puttingRightAt`: the waiting move may already be on the service and this one takes it back
 * (an undo), so the Outbox says it is being put right; any other move is a plain one again.
 */
export function queueMove(
  outbox: OutboxRepo,
  active: ActiveBrand,
  post: Pick<CachedPost, 'id' | 'group' | 'content' | 'publishDate'>,
  date: string,
  waiting: OutboxRecord | undefined,
  puttingRightAt: string | null = null,
): string {
  const summary = rescheduleSummary(post.content, date);
  if (waiting && waiting.kind === 'reschedule') {
    outbox.update(waiting.id, {
      op: { kind: 'reschedule', payload: { ...waiting.payload, date } },
      status: 'pending',
      nextAttemptMs: null,
      lastError: null,
      discardedAt: puttingRightAt,
      summary,
    });
    return waiting.id;
  }
  return enqueue(outbox, active, {
    op: { kind: 'reschedule', payload: { postId: post.id, date, serverDate: post.publishDate } },
    key: post.group ? `group:${post.group}` : `post:${post.id}`,
    summary,
    postId: post.id,
    group: post.group,
  });
}

/** The posts an operation shows or hides in the calendar (local ones by their `local:` ids). */
export function touchedBy(cache: Pick<PostsCache, 'listGroup'>, op: OutboxRecord): string[] {
  const group = (g: string) => cache.listGroup(op.profileId, op.brandId, g).map((p) => p.id);
  const local = (targets: number) => Array.from({ length: targets }, (_, i) => `local:${op.id}:${i}`);
  switch (op.kind) {
    case 'reschedule':
      return [op.payload.postId];
    case 'deleteGroup':
      return group(op.payload.group);
    case 'create':
      return local(op.payload.targets.length);
    case 'edit':
      return [...local(op.payload.targets.length), ...group(op.payload.replacesGroup)];
    case 'upload':
      return [];
  }
}

/**
 * A change discarded (or undone) although it may already be on the service (`maybeSent`): it is
 * not dropped but turned into its own putting right, which the outbox worker carries out and
 * then removes (outbox-worker.ts, putRight): a create is looked up and deleted if
 * found, a move goes back to the time the service had before it, a delete is checked. Inside the
 * caller's transaction.
 */
export function putRightLater(
  outbox: OutboxRepo,
  cache: Pick<PostsCache, 'get'>,
  op: OutboxRecord,
  at: string,
): void {
  const base = { discardedAt: at, status: 'pending' as const, nextAttemptMs: null, lastError: null };
  if (op.kind !== 'reschedule') {
    outbox.update(op.id, base);
    return;
  }
  const post = cache.get(op.profileId, op.brandId, op.payload.postId);
  const back = op.payload.serverDate ?? post?.publishDate ?? op.payload.date;
  outbox.update(op.id, {
    ...base,
    op: { kind: 'reschedule', payload: { ...op.payload, date: back } },
    summary: post ? rescheduleSummary(post.content, back) : op.summary,
  });
}

/**
 * A delete discarded after it may have reached the service, asked for again: it is a delete
 * again rather than a check. One being checked right now cannot change under the check.
 */
export function reviveDelete(
  outbox: OutboxRepo,
  op: OutboxRecord,
  nextAttemptMs: number | null = null,
): void {
  if (op.status === 'sending') {
    throw new AppFailure(
      'CONFLICT',
      'Postdeck is checking this post on the service right now; delete it again in a moment.',
    );
  }
  outbox.update(op.id, { discardedAt: null, status: 'pending', nextAttemptMs, lastError: null });
}

import { randomUUID } from 'node:crypto';
import type { ActiveBrand } from '../core/active-brand.js';
import type { OutboxOp, OutboxRecord, OutboxRepo } from '../store/outbox-repo.js';
import type { CachedPost, PostsCache } from '../store/posts-cache.js';
import { rescheduleSummary } from '../sync/outbox-views.js';

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
 */
export function queueMove(
  outbox: OutboxRepo,
  active: ActiveBrand,
  post: Pick<CachedPost, 'id' | 'group' | 'content' | 'publishDate'>,
  date: string,
  waiting: OutboxRecord | undefined,
): string {
  const summary = rescheduleSummary(post.content, date);
  if (waiting && waiting.kind === 'reschedule') {
    outbox.update(waiting.id, {
      op: { kind: 'reschedule', payload: { ...waiting.payload, date } },
      status: 'pending',
      nextAttemptMs: null,
      lastError: null,
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

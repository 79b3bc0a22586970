import { randomUUID } from 'node:crypto';
import { whyNotMovable } from '../../shared/posts/movable.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';

/** A queued write: the operation that will carry it out. */
export interface Queued {
  outboxId: string;
}
import { AppFailure } from '../ipc/app-failure.js';
import type { CreatePayload } from '../store/outbox-repo.js';
import { createSummary, deleteSummary, uploadSummary } from './outbox-views.js';
import {
  checkFileForUser,
  enqueue,
  queueMove,
  requireFuture,
  type ActiveBrand,
  type WriteContext,
} from './write-context.js';

/*
 * Moving and deleting posts, and uploading files: each lands in the outbox in
 * one transaction and shows in the calendar at once; the outbox sends it when the service can take it.
 */

export class PostWrites {
  constructor(private readonly c: WriteContext) {}

  reschedulePost(active: ActiveBrand, input: IpcInput<'reschedulePost'>): Queued {
    const { outbox } = this.c;
    requireFuture(this.c.now, input.date);
    if (input.id.startsWith('local:')) return this.moveLocal(active, input.id, input.date);
    const post = this.c.cache.get(active.profileId, active.brandId, input.id);
    if (!post)
      throw new AppFailure('NOT_FOUND', 'This post is not in the calendar any more; refresh and try again.');
    const refused = whyNotMovable(post);
    if (refused) throw new AppFailure('CONFLICT', refused);
    const id = this.c.db.tx(() => {
      // Dragging again before the first move went out just changes the time of the queued move.
      const queued = outbox
        .list(active)
        .find((op) => op.kind === 'reschedule' && op.payload.postId === post.id && op.status !== 'sending');
      return queueMove(outbox, active, post, input.date, queued);
    });
    this.c.afterWrite(active);
    return { outboxId: id };
  }

  /** Moving a post that exists only locally changes the date of its queued create. */
  private moveLocal(active: ActiveBrand, localId: string, date: string): Queued {
    const op = this.c.outbox.get(localId.split(':')[1] ?? '');
    if (!op || (op.kind !== 'create' && op.kind !== 'edit') || op.profileId !== active.profileId) {
      throw new AppFailure(
        'NOT_FOUND',
        'This post is not waiting to be sent any more; refresh and try again.',
      );
    }
    if (op.status === 'sending') {
      throw new AppFailure('CONFLICT', 'This post is being sent right now; move it again in a moment.');
    }
    const payload: CreatePayload = {
      ...op.payload,
      date,
      type: op.payload.type === 'now' ? 'schedule' : op.payload.type,
    };
    this.c.outbox.update(op.id, {
      op:
        op.kind === 'edit'
          ? { kind: 'edit', payload: { ...op.payload, ...payload } }
          : { kind: 'create', payload },
      status: 'pending',
      nextAttemptMs: null,
      lastError: null,
      summary: createSummary(payload, op.kind === 'edit' ? 'Update' : 'Post'),
    });
    this.c.afterWrite(active);
    return { outboxId: op.id };
  }

  deleteGroup(active: ActiveBrand, input: IpcInput<'deleteGroup'>): Queued {
    const { outbox } = this.c;
    const id = this.c.db.tx(() => {
      const ops = outbox.list(active);
      const queued = ops.find((op) => op.kind === 'deleteGroup' && op.payload.group === input.group);
      if (queued) return queued.id;
      // Moving a post that is about to be deleted is moot: those moves go, so they cannot hold the delete up.
      for (const op of ops) {
        if (op.kind === 'reschedule' && op.group === input.group && op.status !== 'sending')
          outbox.remove(op.id);
      }
      const first = this.c.cache.listGroup(active.profileId, active.brandId, input.group)[0];
      return enqueue(outbox, active, {
        op: { kind: 'deleteGroup', payload: { group: input.group } },
        key: `group:${input.group}`,
        summary: deleteSummary(first?.content ?? null, input.group),
        postId: first?.id ?? null,
        group: input.group,
      });
    });
    this.c.afterWrite(active);
    return { outboxId: id };
  }

  /** Checks a file (its path from the token main gave for it) and queues its streamed upload; progress arrives as uploadProgress events. */
  async uploadMedia(active: ActiveBrand, input: { path: string }): Promise<IpcOutput<'uploadMedia'>> {
    const file = await checkFileForUser(input.path);
    const id = randomUUID();
    enqueue(this.c.outbox, active, {
      id,
      op: { kind: 'upload', payload: { path: file.path, name: file.name, kind: file.kind, size: file.size } },
      key: `upload:${id}`,
      summary: uploadSummary(file.name),
    });
    this.c.afterWrite(active);
    return { uploadId: id };
  }
}

import { randomUUID } from 'node:crypto';
import { whyGroupNotDeletable } from '../../shared/posts/deletable.js';
import { NOT_ON_SERVICE_YET, whyNotMovable } from '../../shared/posts/movable.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';

/** A queued write: the operation that will carry it out. */
export interface Queued {
  outboxId: string;
}
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import { deleteSummary, uploadSummary } from '../outbox/outbox-views.js';
import { enqueue, queueMove, reviveDelete } from '../outbox/outbox-entries.js';
import type { PostsDeps } from './posts-deps.js';
import { loggedText, type ActivityOrigin } from '../../shared/activity/model.js';
import { checkFileForUser, requireFuture } from './write-checks.js';

/*
 * Moving and deleting posts, and uploading files: each lands in the outbox in
 * one transaction and shows in the calendar at once; the outbox sends it when the service can take it.
 */

export class PostWrites {
  constructor(private readonly c: PostsDeps) {}

  reschedulePost(
    active: ActiveBrand,
    input: IpcInput<'reschedulePost'>,
    origin: ActivityOrigin = { kind: 'calendar' },
  ): Queued {
    const { outbox } = this.c;
    requireFuture(this.c.now, input.date);
    // A post made here and not yet on the service cannot move (the shared rule): a create whose
    // answer was lost is looked for around its date before it is sent again, so its date must hold.
    if (input.id.startsWith('local:')) {
      // Another brand's queued create answers as not found, before the rule's sentence.
      this.c.outbox.getForBrand(active, input.id.split(':')[1] ?? '');
      throw new AppFailure('CONFLICT', NOT_ON_SERVICE_YET);
    }
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
      const from = queued?.kind === 'reschedule' ? queued.payload.date : post.publishDate;
      const opId = queueMove(outbox, active, post, input.date, queued);
      this.c.activity?.record(
        active,
        { group: post.group ?? post.id, outboxId: opId },
        { origin, change: { kind: 'moved', from, to: input.date } },
      );
      return opId;
    });
    this.c.afterWrite(active);
    return { outboxId: id };
  }

  deleteGroup(active: ActiveBrand, input: IpcInput<'deleteGroup'>): Queued {
    const { outbox } = this.c;
    const refused = whyGroupNotDeletable(
      this.c.cache.listGroup(active.profileId, active.brandId, input.group),
    );
    if (refused) throw new AppFailure('CONFLICT', refused);
    const id = this.c.db.tx(() => {
      const ops = outbox.list(active);
      const queued = ops.find((op) => op.kind === 'deleteGroup' && op.payload.group === input.group);
      const first = this.c.cache.listGroup(active.profileId, active.brandId, input.group)[0];
      const deleted = { kind: 'deleted' as const, text: first ? loggedText(first.content) : null };
      if (queued) {
        if (queued.discardedAt === null) return queued.id;
        reviveDelete(outbox, queued);
        this.c.activity?.record(
          active,
          { group: input.group, outboxId: queued.id },
          { origin: { kind: 'calendar' }, change: deleted },
        );
        return queued.id;
      }
      // Moving a post that is about to be deleted is moot: those moves go, so they cannot hold the delete up.
      for (const op of ops) {
        if (op.kind === 'reschedule' && op.group === input.group && op.status !== 'sending')
          outbox.remove(op.id);
      }
      const opId = enqueue(outbox, active, {
        op: { kind: 'deleteGroup', payload: { group: input.group } },
        key: `group:${input.group}`,
        summary: deleteSummary(first?.content ?? null, input.group),
        postId: first?.id ?? null,
        group: input.group,
      });
      this.c.activity?.record(
        active,
        { group: input.group, outboxId: opId },
        { origin: { kind: 'calendar' }, change: deleted },
      );
      return opId;
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

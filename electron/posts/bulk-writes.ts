import {
  BULK_DELETE_GRACE_SECONDS,
  MAX_BULK_CHANGES,
  type BulkApplyInput,
  type BulkApplyResult,
  type BulkUndoResult,
} from '../../shared/bulk/plan.js';
import { AppFailure } from '../core/app-failure.js';
import type { OutboxRecord } from '../store/outbox-repo.js';
import { deleteSummary } from '../sync/outbox-views.js';
import { whyGroupNotDeletable } from '../../shared/posts/deletable.js';
import { whyMoveCannotBeUndone, whyNotMovable } from '../../shared/posts/movable.js';
import { whyTimePassed } from '../../shared/posts/time-passed.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { BatchUndo } from '../bulk/bulk-batches-repo.js';
import { enqueue, queueMove } from './outbox-entries.js';
import type { PostsDeps } from './posts-deps.js';

/*
 * A bulk change lands in the outbox in ONE transaction, recorded as a batch,
 * so the window stays responsive (one call, no per-post round trips) and the whole batch can be
 * undone in one step. Moves are queued first and deletes last.
 *
 * Undo: each moved post is put back at the time it had (a move not yet sent is simply dropped);
 * a delete can be undone only while it waits in the outbox (each waits BULK_DELETE_GRACE_SECONDS
 * before it is sent, for that): once the service has deleted the posts there is nothing to
 * restore, and undo says so for those.
 */

/**
 * A plan as the window should send it: each post moved once (the last time named wins), each group
 * deleted once, and no more than MAX_BULK_CHANGES changes in all.
 */
function withinBulkCap(input: BulkApplyInput): BulkApplyInput {
  const moves = [...new Map(input.moves.map((m) => [m.id, m])).values()];
  const deleteGroups = [...new Set(input.deleteGroups)];
  if (moves.length + deleteGroups.length > MAX_BULK_CHANGES) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `A bulk change can hold at most ${MAX_BULK_CHANGES.toLocaleString('en-US')} posts; select fewer and apply it in parts.`,
    );
  }
  return { moves, deleteGroups };
}

const sameInstant = (a: string | null, b: string) => a !== null && Date.parse(a) === Date.parse(b);

export interface BulkOutcome<T> {
  result: T;
  /** Posts whose look changed, for the answer and the change event. */
  touched: string[];
}

export class BulkWrites {
  constructor(private readonly c: PostsDeps) {}

  apply(active: ActiveBrand, input: BulkApplyInput): BulkOutcome<BulkApplyResult> {
    const { outbox, cache } = this.c;
    input = withinBulkCap(input);
    const outcome = this.c.db.tx(() => {
      const { moves: queuedMoves, deletes: queuedDeletes, movesByGroup } = this.queued(active);
      const undo: BatchUndo = { moves: [], deletes: [] };
      const refused: BulkApplyResult['refused'] = [];
      const touched: string[] = [];
      const deleting = new Set(input.deleteGroups);
      const now = this.c.now().getTime();
      let queued = 0;

      for (const move of input.moves) {
        const post = cache.get(active.profileId, active.brandId, move.id);
        const reason = !post
          ? 'This post is not in the calendar any more.'
          : (whyNotMovable({ state: post.state }) ??
            whyTimePassed(move.to, now) ??
            (post.group && deleting.has(post.group) ? 'It is deleted in the same change.' : null));
        if (!post || reason) {
          refused.push({ id: move.id, reason: reason ?? '' });
          continue;
        }
        queueMove(outbox, active, post, move.to, queuedMoves.get(post.id));
        undo.moves.push({ postId: post.id, from: move.from, to: move.to });
        touched.push(post.id);
        queued += 1;
      }

      // Deletes last, so a batch that moves and deletes never moves a post it deletes.
      for (const group of new Set(input.deleteGroups)) {
        const posts = cache.listGroup(active.profileId, active.brandId, group);
        // Unknown here (another brand's, or gone): nothing of this brand to delete, so no DELETE is sent.
        if (posts.length === 0) {
          refused.push({ id: group, reason: 'This post is not in the calendar any more.' });
          continue;
        }
        if (queuedDeletes.has(group)) {
          refused.push({ id: group, reason: 'It is already being deleted.' });
          continue;
        }
        const cannot = whyGroupNotDeletable(posts);
        if (cannot) {
          refused.push({ id: group, reason: cannot });
          continue;
        }
        // Moving a post that is about to be deleted is moot: those moves go, so they cannot hold the delete up.
        for (const op of movesByGroup.get(group) ?? []) outbox.remove(op.id);
        const opId = enqueue(outbox, active, {
          op: { kind: 'deleteGroup', payload: { group } },
          key: `group:${group}`,
          summary: deleteSummary(posts[0]?.content ?? null, group),
          postId: posts[0]?.id ?? null,
          group,
        });
        // Held back a few seconds so the batch's Undo can still take it back (see BULK_DELETE_GRACE_SECONDS).
        outbox.update(opId, { nextAttemptMs: now + BULK_DELETE_GRACE_SECONDS * 1000 });
        const postIds = posts.map((p) => p.id);
        undo.deletes.push({ group, opId, postIds });
        touched.push(...postIds);
        queued += 1;
      }
      const batchId = this.c.batches.add(active, undo);
      return { result: { batchId, queued, refused }, touched };
    });
    this.c.afterWrite(active);
    return outcome;
  }

  undo(active: ActiveBrand, batchId: string): BulkOutcome<BulkUndoResult> {
    const { outbox, cache } = this.c;
    const batch = this.c.batches.get(batchId);
    if (!batch || batch.profileId !== active.profileId || batch.brandId !== active.brandId)
      throw new AppFailure(
        'NOT_FOUND',
        'This change is not known for the brand on screen; switch back to its brand to undo it.',
      );
    if (batch.undoneAt) throw new AppFailure('CONFLICT', 'This change has already been undone.');
    const outcome = this.c.db.tx(() => {
      const notRestored: BulkUndoResult['notRestored'] = [];
      const touched: string[] = [];
      let restored = 0;
      for (const d of batch.undo.deletes) {
        const op = outbox.get(d.opId);
        if (op && op.kind === 'deleteGroup' && op.status !== 'sending') {
          outbox.remove(op.id);
          restored += 1;
          touched.push(...d.postIds);
        } else {
          notRestored.push({
            id: d.group,
            reason: op
              ? 'The delete was on its way to the service at that moment, so it could not be taken back; if it fails, the Outbox keeps it to discard.'
              : 'The service has already deleted these posts: a delete cannot be undone once it has been sent.',
          });
        }
      }
      const { moves: queuedMoves } = this.queued(active);
      const now = this.c.now().getTime();
      for (const m of batch.undo.moves) {
        const post = cache.get(active.profileId, active.brandId, m.postId);
        if (!post) {
          notRestored.push({ id: m.postId, reason: 'This post is not in the calendar any more.' });
          continue;
        }
        const cannot = whyMoveCannotBeUndone({ state: post.state });
        if (cannot) {
          notRestored.push({ id: m.postId, reason: cannot });
          continue;
        }
        const queued = queuedMoves.get(post.id);
        if (queued && queued.kind === 'reschedule' && sameInstant(queued.payload.serverDate, m.from)) {
          // Not sent yet and the service still has the old time: dropping the move is the undo.
          outbox.remove(queued.id);
        } else if (Date.parse(m.from) <= now) {
          notRestored.push({ id: m.postId, reason: 'Its old time has passed; move it by hand.' });
          continue;
        } else {
          queueMove(outbox, active, post, m.from, queued);
        }
        restored += 1;
        touched.push(post.id);
      }
      this.c.batches.markUndone(batch.id);
      return { result: { restored, notRestored }, touched };
    });
    this.c.afterWrite(active);
    return outcome;
  }

  /** The brand's queued moves (by post) and deletes (by group) that are not on their way already. */
  private queued(active: ActiveBrand) {
    const moves = new Map<string, OutboxRecord>();
    const movesByGroup = new Map<string, OutboxRecord[]>();
    const deletes = new Map<string, OutboxRecord>();
    for (const op of this.c.outbox.list(active)) {
      if (op.kind === 'reschedule' && op.status !== 'sending') {
        moves.set(op.payload.postId, op);
        if (op.group) movesByGroup.set(op.group, [...(movesByGroup.get(op.group) ?? []), op]);
      }
      if (op.kind === 'deleteGroup') deletes.set(op.payload.group, op);
    }
    return { moves, deletes, movesByGroup };
  }
}

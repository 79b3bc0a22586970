import {
  BULK_DELETE_GRACE_SECONDS,
  MAX_BULK_CHANGES,
  type BulkApplyInput,
  type BulkApplyResult,
  type BulkUndoResult,
} from '../../shared/bulk/plan.js';
import { AppFailure } from '../core/app-failure.js';
import type { OutboxRecord } from '../outbox/outbox-repo.js';
import type { CachedPost } from '../store/posts-cache.js';
import { deleteSummary } from '../outbox/outbox-views.js';
import { whyGroupNotDeletable } from '../../shared/posts/deletable.js';
import { NOT_ON_SERVICE_YET, whyMoveCannotBeUndone, whyNotMovable } from '../../shared/posts/movable.js';
import { whyTimePassed } from '../../shared/posts/time-passed.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { BatchRecord, BatchUndo } from '../bulk/bulk-batches-repo.js';
import { enqueue, putRightLater, queueMove, reviveDelete } from '../outbox/outbox-entries.js';
import type { PostsDeps } from './posts-deps.js';
import { loggedText, type ActivityOrigin } from '../../shared/activity/model.js';

/*
 * Every change the window makes to post times in one go (a bulk change, a calendar drag of one
 * post or of its whole group, a grid swap) lands in the outbox in ONE transaction, recorded as a
 * batch, so the window stays responsive (one call, no per-post round trips) and the whole batch
 * can be undone in one step, by its id or as the last change (Ctrl/Cmd+Z on any screen). A batch
 * is all or nothing: one refused part and nothing is queued. Moves are queued first and deletes last.
 *
 * Undo: each moved post is put back at the time it had (a move never sent is simply dropped; one
 * that may have reached the service, its answer lost, is sent back to the old time); a delete can
 * be undone only while it waits in the outbox unsent (each waits BULK_DELETE_GRACE_SECONDS before
 * it is sent, for that): once the service may have deleted the posts there is nothing to restore,
 * and undo says so for those (a delete that may be out is checked: posts still there stay).
 */

/** One brand's part of a bulk change: queued as that brand's batch, under its key and brand header. */
export interface BrandBatch {
  brand: ActiveBrand;
  moves: BulkApplyInput['moves'];
  deleteGroups: string[];
}

/**
 * A plan as the window should send it: each post moved once (the last time named wins), each group
 * deleted once, and no more than MAX_BULK_CHANGES changes in all, whatever the brands.
 */
function withinBulkCap(batches: readonly BrandBatch[]): BrandBatch[] {
  const capped = batches.map((b) => ({
    brand: b.brand,
    moves: [...new Map(b.moves.map((m) => [m.id, m])).values()],
    deleteGroups: [...new Set(b.deleteGroups)],
  }));
  if (capped.reduce((n, b) => n + b.moves.length + b.deleteGroups.length, 0) > MAX_BULK_CHANGES) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `A bulk change can hold at most ${MAX_BULK_CHANGES.toLocaleString('en-US')} posts; select fewer and apply it in parts.`,
    );
  }
  // A brand with nothing to change gets no batch; a change of nothing at all is still one (empty) batch.
  const kept = capped.filter((b) => b.moves.length + b.deleteGroups.length > 0);
  return kept.length > 0 ? kept : capped.slice(0, 1);
}

/** Why a delete that may already be on the service is not counted as restored. */
export const DELETE_MAYBE_OUT =
  'The delete may already have reached the service, where it cannot be undone: Postdeck checks, and posts still there stay.';

const sameInstant = (a: string | null, b: string) => a !== null && Date.parse(a) === Date.parse(b);

export interface BulkOutcome<T> {
  result: T;
  /** Posts whose look changed, brand by brand, for the answer and the change event. */
  touched: { brand: ActiveBrand; ids: string[] }[];
}

/** A post the change moves, checked and ready to queue. */
interface CheckedMove {
  post: CachedPost;
  from: string;
  to: string;
  waiting: OutboxRecord | undefined;
}

/** A group the change deletes, checked and ready to queue. */
interface CheckedDelete {
  group: string;
  posts: CachedPost[];
  waiting: OutboxRecord | undefined;
}

/** One brand's part of a change after its checks: what would be queued, and what is refused. */
interface CheckedBatch {
  brand: ActiveBrand;
  moves: CheckedMove[];
  deletes: CheckedDelete[];
  movesByGroup: Map<string, OutboxRecord[]>;
  refused: BulkApplyResult['refused'];
  /** The posts the change names that the calendar has, to show as they are when it is refused. */
  named: string[];
}

interface BatchOutcome {
  undo: BatchUndo;
  queued: number;
  touched: string[];
}

const UNDO: ActivityOrigin = { kind: 'undo' };

/** How many of the latest changes "undo the last change" (Ctrl/Cmd+Z) can take back, one by one. */
const UNDO_DEPTH = 20;

export class BulkWrites {
  /**
   * The changes applied since main started, oldest first (each by its lead batch): what "undo the
   * last change" takes back, whichever screen asks (the calendar, the grid, the bulk bar). Not
   * kept across a restart, so Ctrl/Cmd+Z never takes back a change made in an earlier session.
   */
  private readonly recent: string[] = [];

  constructor(private readonly c: PostsDeps) {}

  /**
   * Queues every brand's part of a bulk change in one transaction, each as its brand's batch; the
   * first batch names the others, so one undo takes them all back. All or nothing: when any part
   * is refused (a post published since, a time passed, a group being deleted), nothing is queued
   * and the answer lists every refusal with its reason, and shows the named posts as they are.
   */
  apply(
    batches: readonly BrandBatch[],
    origin: ActivityOrigin = { kind: 'bulk' },
  ): BulkOutcome<BulkApplyResult> {
    const capped = withinBulkCap(batches);
    const outcome = this.c.db.tx(() => {
      const checked = capped.map((batch) => this.check(batch));
      const refused = checked.flatMap((c) => c.refused);
      const first = checked[0];
      if (!first) throw new AppFailure('INVALID_ARGUMENT', 'This bulk change names no brand.');
      if (refused.length > 0) {
        // Recorded empty, so its id still names a batch (undoing it takes nothing back).
        const batchId = this.c.batches.add(first.brand, { moves: [], deletes: [] });
        return {
          result: { batchId, queued: 0, refused },
          touched: checked.map((c) => ({ brand: c.brand, ids: c.named })),
        };
      }
      const done = checked.map((batch) => ({ brand: batch.brand, ...this.queueBatch(batch, origin) }));
      const [lead, ...others] = done;
      const linked = others.map((o) => this.c.batches.add(o.brand, o.undo));
      const batchId = this.c.batches.add(
        lead!.brand,
        linked.length > 0 ? { ...lead!.undo, linked } : lead!.undo,
      );
      return {
        result: { batchId, queued: done.reduce((n, d) => n + d.queued, 0), refused },
        touched: done.map((d) => ({ brand: d.brand, ids: d.touched })),
      };
    });
    if (outcome.result.queued > 0) {
      this.recent.push(outcome.result.batchId);
      if (this.recent.length > UNDO_DEPTH) this.recent.shift();
      for (const b of capped) this.c.afterWrite(b.brand);
    }
    return outcome;
  }

  /** One brand's moves and deletes checked against the cache and the outbox; nothing is written. */
  private check(batch: BrandBatch): CheckedBatch {
    const { cache } = this.c;
    const active = batch.brand;
    const { moves: queuedMoves, deletes: queuedDeletes, movesByGroup } = this.queued(active);
    const checked: CheckedBatch = {
      brand: active,
      moves: [],
      deletes: [],
      movesByGroup,
      refused: [],
      named: [],
    };
    const deleting = new Set(batch.deleteGroups);
    const now = this.c.now().getTime();

    for (const move of batch.moves) {
      const post = cache.get(active.profileId, active.brandId, move.id);
      if (post) checked.named.push(post.id);
      const reason = move.id.startsWith('local:')
        ? NOT_ON_SERVICE_YET
        : !post
          ? 'This post is not in the calendar any more.'
          : (whyNotMovable({ state: post.state }) ??
            whyTimePassed(move.to, now) ??
            (post.group && deleting.has(post.group) ? 'It is deleted in the same change.' : null));
      if (!post || reason) checked.refused.push({ id: move.id, reason: reason ?? '' });
      else checked.moves.push({ post, from: move.from, to: move.to, waiting: queuedMoves.get(post.id) });
    }

    for (const group of deleting) {
      const posts = cache.listGroup(active.profileId, active.brandId, group);
      checked.named.push(...posts.map((p) => p.id));
      // Unknown here (another brand's, or gone): nothing of this brand to delete, so no DELETE is sent.
      if (posts.length === 0) {
        checked.refused.push({ id: group, reason: 'This post is not in the calendar any more.' });
        continue;
      }
      const waiting = queuedDeletes.get(group);
      if (waiting && (waiting.discardedAt === null || waiting.status === 'sending')) {
        checked.refused.push({
          id: group,
          reason:
            waiting.discardedAt === null
              ? 'It is already being deleted.'
              : 'Postdeck is checking it on the service right now; delete it again in a moment.',
        });
        continue;
      }
      const cannot = whyGroupNotDeletable(posts);
      if (cannot) checked.refused.push({ id: group, reason: cannot });
      else checked.deletes.push({ group, posts, waiting });
    }
    return checked;
  }

  /** One brand's checked moves, then its deletes, into the outbox (inside the caller's transaction). */
  private queueBatch(batch: CheckedBatch, origin: ActivityOrigin): BatchOutcome {
    const { outbox } = this.c;
    const active = batch.brand;
    const undo: BatchUndo = { moves: [], deletes: [] };
    const touched: string[] = [];
    const now = this.c.now().getTime();

    for (const { post, from, to, waiting } of batch.moves) {
      const opId = queueMove(outbox, active, post, to, waiting);
      this.c.activity?.record(
        active,
        { group: post.group ?? post.id, outboxId: opId },
        {
          origin,
          change: {
            kind: 'moved',
            from: waiting?.kind === 'reschedule' ? waiting.payload.date : post.publishDate,
            to,
          },
        },
      );
      undo.moves.push({ postId: post.id, from, to });
      touched.push(post.id);
    }

    // Deletes last, so a batch that moves and deletes never moves a post it deletes.
    for (const { group, posts, waiting } of batch.deletes) {
      // Moving a post that is about to be deleted is moot: those moves go, so they cannot hold the delete up.
      for (const op of batch.movesByGroup.get(group) ?? []) outbox.remove(op.id);
      // A delete discarded after it may have gone out, being checked, is a delete again.
      if (waiting) reviveDelete(outbox, waiting);
      const opId =
        waiting?.id ??
        enqueue(outbox, active, {
          op: { kind: 'deleteGroup', payload: { group } },
          key: `group:${group}`,
          summary: deleteSummary(posts[0]?.content ?? null, group),
          postId: posts[0]?.id ?? null,
          group,
        });
      // Held back a few seconds so the batch's Undo can still take it back (see BULK_DELETE_GRACE_SECONDS).
      outbox.update(opId, { nextAttemptMs: now + BULK_DELETE_GRACE_SECONDS * 1000 });
      this.c.activity?.record(
        active,
        { group, outboxId: opId },
        { origin, change: { kind: 'deleted', text: posts[0] ? loggedText(posts[0].content) : null } },
      );
      const postIds = posts.map((p) => p.id);
      undo.deletes.push({ group, opId, postIds });
      touched.push(...postIds);
    }
    return { undo, queued: batch.moves.length + batch.deletes.length, touched };
  }

  /**
   * Takes a bulk change back in one step: its batch and the batches of the other brands it
   * spanned, each under its own brand. Without a batch id, the last change applied since main
   * started that is not undone yet and that the window shows (Ctrl/Cmd+Z); nothing to undo answers
   * a null batch id. `canAct` says whether the window shows a brand (its writes are allowed then).
   */
  undo(batchId: string | undefined, canAct: (brand: ActiveBrand) => boolean): BulkOutcome<BulkUndoResult> {
    const lead = batchId === undefined ? this.last(canAct) : this.c.batches.get(batchId);
    if (!lead && batchId === undefined)
      return { result: { batchId: null, restored: 0, notRestored: [] }, touched: [] };
    if (!lead || !canAct(lead))
      throw new AppFailure(
        'NOT_FOUND',
        'This change is not known for the brand on screen; switch back to its brand to undo it.',
      );
    if (lead.undoneAt) throw new AppFailure('CONFLICT', 'This change has already been undone.');
    const linked = (lead.undo.linked ?? [])
      .map((id) => this.c.batches.get(id))
      .filter((b): b is BatchRecord => b !== null && b.undoneAt === null && canAct(b));
    const batches = [lead, ...linked];
    const outcome = this.c.db.tx(() => {
      const done = batches.map((batch) => {
        const brand = { profileId: batch.profileId, brandId: batch.brandId };
        const result = this.undoBatch(brand, batch.undo);
        this.c.batches.markUndone(batch.id);
        return { brand, ...result };
      });
      return {
        result: {
          batchId: lead.id,
          restored: done.reduce((n, d) => n + d.restored, 0),
          notRestored: done.flatMap((d) => d.notRestored),
        },
        touched: done.map((d) => ({ brand: d.brand, ids: d.touched })),
      };
    });
    for (const b of batches) this.c.afterWrite({ profileId: b.profileId, brandId: b.brandId });
    return outcome;
  }

  /** The newest change of this session still to undo, of a brand the window shows. */
  private last(canAct: (brand: ActiveBrand) => boolean): BatchRecord | null {
    for (const id of [...this.recent].reverse()) {
      const batch = this.c.batches.get(id);
      if (batch && batch.undoneAt === null && canAct(batch)) return batch;
    }
    return null;
  }

  /** One brand's batch taken back (inside the caller's transaction). */
  private undoBatch(
    active: ActiveBrand,
    undo: BatchUndo,
  ): Omit<BulkUndoResult, 'batchId'> & { touched: string[] } {
    const { outbox, cache } = this.c;
    const notRestored: BulkUndoResult['notRestored'] = [];
    const touched: string[] = [];
    let restored = 0;
    const at = this.c.now().toISOString();
    for (const d of undo.deletes) {
      const op = outbox.get(d.opId);
      if (op && op.kind === 'deleteGroup' && op.status !== 'sending' && (op.maybeSent || op.discardedAt)) {
        // It may have reached the service: it is checked, and what it already deleted stays deleted.
        if (op.discardedAt === null) {
          putRightLater(outbox, cache, op, at);
          this.c.activity?.record(
            active,
            { group: d.group, outboxId: op.id },
            { origin: UNDO, change: { kind: 'discarded', what: 'deleteGroup', puttingRight: true } },
          );
        }
        notRestored.push({ id: d.group, reason: DELETE_MAYBE_OUT });
        touched.push(...d.postIds);
      } else if (op && op.kind === 'deleteGroup' && op.status !== 'sending') {
        outbox.remove(op.id);
        this.c.activity?.record(
          active,
          { group: d.group, outboxId: op.id },
          { origin: UNDO, change: { kind: 'restored' } },
        );
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
    for (const m of undo.moves) {
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
      // Tried and perhaps applied (its answer lost, or a kill while sending): it is not "unsent".
      const mayBeOut = queued !== undefined && queued.maybeSent;
      if (
        queued &&
        queued.kind === 'reschedule' &&
        !mayBeOut &&
        sameInstant(queued.payload.serverDate, m.from)
      ) {
        // Never sent and the service still has the old time: dropping the move is the undo.
        outbox.remove(queued.id);
        this.c.activity?.record(
          active,
          { group: post.group ?? post.id, outboxId: queued.id },
          { origin: UNDO, change: { kind: 'moved', from: queued.payload.date, to: m.from } },
        );
      } else if (Date.parse(m.from) <= now) {
        notRestored.push({ id: m.postId, reason: 'Its old time has passed; move it by hand.' });
        continue;
      } else {
        // A move that may be out is sent back to the old time, and the Outbox says it is put right.
        const opId = queueMove(outbox, active, post, m.from, queued, mayBeOut ? at : null);
        this.c.activity?.record(
          active,
          { group: post.group ?? post.id, outboxId: opId },
          {
            origin: UNDO,
            change: {
              kind: 'moved',
              from: queued?.kind === 'reschedule' ? queued.payload.date : post.publishDate,
              to: m.from,
            },
          },
        );
      }
      restored += 1;
      touched.push(post.id);
    }
    return { restored, notRestored, touched };
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

import type { PostsWritten, PostsNow } from '../../shared/posts/ipc.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { OutboxItemView, SyncStatus } from '../../shared/outbox/ipc.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure, notConnected } from '../core/app-failure.js';
import { otherBrands } from '../store/brand-scope.js';
import type { Emit } from '../core/events.js';
import type { Draft } from '../../shared/drafts/ipc.js';
import type { CreatePayload, OutboxOp, OutboxRecord } from '../outbox/outbox-repo.js';
import { outboxItemView } from '../outbox/outbox-views.js';
import type { SendOutcome } from '../outbox/outbox-worker.js';
import { BulkWrites, type BrandBatch } from './bulk-writes.js';
import { DraftSender } from './draft-sender.js';
import { enqueue, putRightLater, touchedBy } from '../outbox/outbox-entries.js';
import { PostWrites, type Queued } from './post-writes.js';
import type { PostsDeps } from './posts-deps.js';
import { MISSING_DATE, requireFuture } from './write-checks.js';
import type { ReviewLens } from '../review/review-lens.js';
import type { PackItem, ReviewSettings } from '../review/review-repo.js';
import { HELD_FOR_APPROVAL } from '../../shared/review/model.js';
import type { ReviewWrites } from './review-writes.js';
import type { ActivityChange, ActivityOrigin } from '../../shared/activity/model.js';
import { activityGroupOf } from '../activity/activity-log.js';

/*
 * The one door for changing a post. Every write (a drag, a delete, a bulk change and its undo, a
 * send from the composer, "Add to queue", evergreen repeats, an import, the Outbox's retry,
 * discard and decisions) comes through here; nothing else writes the outbox or the posts cache
 * (lint keeps it so: eslint.config.js). Every write answers the same shape, `PostsWritten`: the
 * posts it touched as the calendar now shows them, and the sync status. A write the window asked
 * for is announced by that answer; a write main makes on its own (evergreen, an import's rows)
 * is announced by one postsChanged event carrying the same shape.
 *
 * What happens when a reschedule is refused: `reschedulePost` below (PostWrites.reschedulePost)
 * throws an AppFailure with the sentence the window shows, and nothing is queued.
 */

/** Creates announced as posts; a larger batch is announced as the range its posts fall in. */
const ANNOUNCED_POSTS = 500;
/** What a send answers when it did not wait for the service. */
const QUEUED = 'Queued: it goes out from the outbox now.';
const DISCARD: ActivityOrigin = { kind: 'outboxDiscard' };

/** What the sync engine lends the door: its view of posts, its counts, its outbox worker. */
export interface PostsView {
  /** The posts with these ids as the calendar shows them now, and those it no longer shows. */
  shown(active: ActiveBrand, ids: readonly string[]): PostsNow;
  status(): SyncStatus;
  /**
   * The outbox worker: send what is due, any backoff still holding (wake); end every backoff and
   * send now (retryNow); wait for what becomes of a send (outcomeOf); stop an upload.
   */
  wake(): void;
  retryNow(): void;
  outcomeOf(ids: readonly string[], ms: number): Promise<SendOutcome>;
  abortUpload(outboxId: string): void;
  /** Tells the window an operation's counts (and with `touched`, its posts) changed. */
  announce(scope: ActiveBrand, touched: readonly string[] | null): void;
}

export interface PostCommandsOptions extends Omit<PostsDeps, 'afterWrite' | 'outcomeOf'> {
  active: () => ActiveBrand | null;
  /**
   * Whether the calendar shows this brand (every brand of every connection in the all-brands
   * view); by default only the active one. A write names its post's brand, and acts on it.
   */
  isShown?: (brand: ActiveBrand) => boolean;
  emit: Emit;
  view: PostsView;
  /** Client review: its reads (what is held) and its writes (verdicts, packs, replies). */
  lens: ReviewLens;
  review: ReviewWrites;
}

/** A create queued by a planner (evergreen, import), with the draft it stands for, if any. */
export interface PlannedCreate {
  id?: string;
  payload: CreatePayload;
  key: string;
  summary: string;
  draft?: Draft;
}

export class PostCommands {
  private readonly writes: PostWrites;
  private readonly sender: DraftSender;
  private readonly bulk: BulkWrites;
  /** When each create a planner queued is due, until it is announced (the range of a large batch). */
  private readonly queuedDates = new Map<string, string>();

  constructor(private readonly o: PostCommandsOptions) {
    const deps: PostsDeps = {
      ...o,
      afterWrite: () => o.view.wake(),
      outcomeOf: (ids, ms) => o.view.outcomeOf(ids, ms),
    };
    this.writes = new PostWrites(deps);
    this.sender = new DraftSender(deps);
    this.bulk = new BulkWrites(deps);
  }

  // ---- the calendar ----

  /** Moves a post of `brand`: the post's own, whatever the view (the call names it). */
  reschedulePost(
    brand: ActiveBrand,
    input: IpcInput<'reschedulePost'>,
    origin: ActivityOrigin = { kind: 'calendar' },
  ): IpcOutput<'reschedulePost'> {
    return this.written(brand, this.writes.reschedulePost(brand, input, origin));
  }

  deleteGroup(brand: ActiveBrand, input: IpcInput<'deleteGroup'>): IpcOutput<'deleteGroup'> {
    return this.written(brand, this.writes.deleteGroup(brand, input));
  }

  /**
   * A planned bulk change, queued in one transaction: one batch per brand its posts belong to (a
   * selection of the all-brands view spans brands), each sent under its own brand. Answers its
   * posts as shown now. A move or delete that names no brand is of `brand`, the call's.
   */
  applyBulkChange(brand: ActiveBrand, input: IpcInput<'applyBulkChange'>): IpcOutput<'applyBulkChange'> {
    const batches = new Map<string, BrandBatch>();
    const batchOf = (named: BrandRef | undefined): BrandBatch => {
      const of = named ? this.shownBrand(named) : brand;
      const key = `${of.profileId}\u0000${of.brandId}`;
      let batch = batches.get(key);
      if (!batch) batches.set(key, (batch = { brand: of, moves: [], deleteGroups: [] }));
      return batch;
    };
    batchOf(undefined);
    for (const move of input.moves) batchOf(move.brand).moves.push(move);
    for (const group of input.deleteGroups) batchOf(undefined).deleteGroups.push(group);
    for (const d of input.deletes ?? []) batchOf(d.brand).deleteGroups.push(d.group);
    const { result, touched } = this.bulk.apply([...batches.values()], { kind: input.origin ?? 'bulk' });
    return { ...result, ...this.answerAcross(touched) };
  }

  /**
   * Takes a whole bulk change back in one step: every brand's batch of it, each under its own
   * brand (the batch names them), so the call's brand only says a connection is there.
   */
  undoBulkChange(_connected: ActiveBrand, input: IpcInput<'undoBulkChange'>): IpcOutput<'undoBulkChange'> {
    const { result, touched } = this.bulk.undo(input.batchId, (brand) => this.shows(brand));
    return { ...result, ...this.answerAcross(touched) };
  }

  // ---- the composer ----

  /**
   * Queues a draft's create (an edit when it replaces a group), after uploads of its local files.
   * With `wait` (the composer's "Post now" and "Schedule"), waits a few seconds for the outbox's
   * answer: the service's result, its refusal (thrown, the draft kept), or that the post is on its
   * way and why. A post held for approval, or sent while offline, is answered at once.
   */
  async sendDraft(
    active: ActiveBrand,
    input: IpcInput<'sendDraft'>,
    origin: ActivityOrigin = { kind: 'composer' },
  ): Promise<IpcOutput<'sendDraft'>> {
    if (input.wait && this.o.reachability.online && !(await this.o.apiOf(active))) throw notConnected();
    const queued = await this.sender.sendDraft(active, input, origin);
    // The review follows the post (an approval kept, or back in review).
    this.o.review.queued(active, queued.outboxId);
    const { outboxId } = queued;
    const op = this.o.outbox.get(outboxId);
    const held = op !== null && this.o.lens.holds(op);
    if (!input.wait || held) {
      this.o.view.wake();
      const message = held ? HELD_FOR_APPROVAL : QUEUED;
      return { ...this.written(active, queued), outcome: { kind: 'queued', outboxId, message } };
    }
    const sent = await this.sender.outcome(active, queued);
    if (sent.kind === 'sent')
      return {
        outboxId,
        outcome: { kind: 'sent', results: sent.results },
        ...this.answer(active, sent.touched),
      };
    return {
      ...this.written(active, queued),
      outcome: { kind: 'queued', outboxId, message: sent.message },
    };
  }

  // ---- planners: evergreen repeats and imported rows ----

  /**
   * Queues creates in one transaction with the planner's own bookkeeping (`record`, which runs
   * first and may decline with false: nothing is queued then). Answers the outbox ids, or null.
   * Announce them with `announce` once the planner's run is over.
   */
  queueCreates(
    active: ActiveBrand,
    creates: readonly PlannedCreate[],
    record: () => boolean,
    origin: ActivityOrigin,
  ): string[] | null {
    return this.o.db.tx(() => {
      if (!record()) return null;
      return creates.map((c) => {
        if (c.draft) this.o.drafts.save(active.profileId, c.draft);
        const id = enqueue(this.o.outbox, active, {
          ...(c.id ? { id: c.id } : {}),
          op: { kind: 'create', payload: c.payload },
          key: c.key,
          summary: c.summary,
          draftId: c.draft?.id ?? null,
        });
        const log = this.o.activity;
        log?.record(
          active,
          { group: null, outboxId: id },
          { origin, change: log.createdChange(active, c.payload) },
        );
        this.queuedDates.set(id, c.payload.date);
        return id;
      });
    });
  }

  /**
   * Announces creates a planner queued, in one postsChanged event, and wakes the outbox. Up to
   * ANNOUNCED_POSTS of them travel as posts (answer and event alike); a larger batch (a big import)
   * names the range its posts fall in instead, so the windows re-read only the ranges it touches
   * and main does not lay thousands of operations over the cache at once.
   */
  announce(active: ActiveBrand, outboxIds: readonly string[]): PostsWritten {
    const dates = outboxIds.flatMap((id) => {
      const date = this.queuedDates.get(id);
      this.queuedDates.delete(id);
      return date ? [Date.parse(date)] : [];
    });
    if (outboxIds.length === 0) return this.answer(active, []);
    const large = outboxIds.length > ANNOUNCED_POSTS;
    const answer = large
      ? this.answer(active, [])
      : this.answer(
          active,
          outboxIds.flatMap((id) => {
            const op = this.o.outbox.get(id);
            return op ? touchedBy(this.o.cache, op) : [];
          }),
        );
    if (this.shows(active)) {
      const range =
        large && dates.length > 0
          ? {
              start: new Date(Math.min(...dates)).toISOString(),
              end: new Date(Math.max(...dates) + 1).toISOString(),
            }
          : null;
      this.o.emit('postsChanged', {
        brandId: active.brandId,
        range,
        update: large ? null : { posts: answer.posts, hidden: answer.hidden },
        status: answer.status,
      });
    }
    this.o.view.wake();
    return answer;
  }

  // ---- media ----

  /** `path`: resolved by main from the window's file token (electron/files/file-grants.ts). */
  uploadMedia(brand: ActiveBrand, input: { path: string }): Promise<IpcOutput<'uploadMedia'>> {
    return this.writes.uploadMedia(brand, input);
  }

  cancelUpload(input: IpcInput<'cancelUpload'>): IpcOutput<'cancelUpload'> {
    const op = this.o.outbox.get(input.uploadId);
    if (!op || op.kind !== 'upload') return { cancelled: false };
    this.o.view.abortUpload(op.id);
    this.o.outbox.remove(op.id);
    this.o.emit('uploadProgress', { uploadId: op.id, sent: 0, total: op.payload.size, state: 'cancelled' });
    this.o.view.announce(op, null);
    return { cancelled: true };
  }

  // ---- the Outbox panel ----

  retryOutbox(input: IpcInput<'retryOutbox'>): IpcOutput<'retryOutbox'> {
    const op = this.requireOp(input.id);
    if (op.status !== 'sending') {
      // A create that left before may be on the service whatever its answer said: look first.
      const createLike = op.kind === 'create' || (op.kind === 'edit' && op.phase !== 'delete');
      this.o.db.tx(() => {
        this.o.outbox.update(op.id, {
          status: 'pending',
          nextAttemptMs: null,
          lastError: null,
          ...(createLike && op.attempts > 0 ? { maybeSent: true } : {}),
        });
        this.note(op, { kind: 'outboxRetry' }, { kind: 'retried' });
      });
    }
    this.o.view.announce(op, touchedBy(this.o.cache, op));
    this.o.view.retryNow();
    return this.itemView(op.id);
  }

  /**
   * Drops an operation; the calendar shows the server's copy again (a discarded move restores its
   * time). Only a change that cannot be on the service is dropped: one that may already be out
   * (`maybeSent`) is turned into its putting right, which the outbox carries out (putRightLater).
   * A putting right already under way is dropped only once it stopped (failed, or its time passed).
   */
  discardOutbox(active: ActiveBrand, input: IpcInput<'discardOutbox'>): IpcOutput<'discardOutbox'> {
    // Any brand the window shows (the all-brands view's Outbox lists every brand's changes).
    const found = this.o.outbox.get(input.id);
    const op = found && this.shows(found) ? found : this.o.outbox.getForBrand(active, input.id);
    if (!op) return { discarded: false };
    if (op.kind === 'upload') return { discarded: this.cancelUpload({ uploadId: op.id }).cancelled };
    if (op.status === 'sending') {
      throw new AppFailure(
        'CONFLICT',
        'This change is being sent right now; wait a moment, then discard it if it failed.',
      );
    }
    const touched = touchedBy(this.o.cache, op);
    if (op.discardedAt !== null && op.status === 'pending') {
      throw new AppFailure(
        'CONFLICT',
        'Postdeck is already putting this change right on the service; it leaves the Outbox once that is done.',
      );
    }
    if (op.discardedAt === null && op.maybeSent) {
      this.o.db.tx(() => {
        putRightLater(this.o.outbox, this.o.cache, op, this.o.now().toISOString());
        this.note(op, DISCARD, { kind: 'discarded', what: op.kind, puttingRight: true });
      });
      this.o.view.announce(op, touched);
      this.o.view.wake();
      return { discarded: true, puttingRight: true };
    }
    const removed = this.o.db.tx(() => {
      const gone = this.o.outbox.remove(op.id);
      if (gone) this.note(op, DISCARD, { kind: 'discarded', what: op.kind, puttingRight: false });
      return gone;
    });
    this.o.view.announce(op, touched);
    return { discarded: removed };
  }

  /** A time that passed while offline: send now, or move the post to a new time. */
  resolveMissedTime(input: IpcInput<'resolveMissedTime'>): IpcOutput<'resolveMissedTime'> {
    const op = this.requireOp(input.id);
    if (op.status !== 'needsDecision')
      throw new AppFailure('CONFLICT', 'This change is not waiting for a decision any more.');
    if (input.action === 'reschedule') {
      if (!input.date) throw new AppFailure('INVALID_ARGUMENT', MISSING_DATE);
      requireFuture(this.o.now, input.date);
    }
    let next: OutboxOp;
    if (op.kind === 'reschedule') {
      // The service takes only future times, so "now" means the soonest safe moment.
      const date =
        input.action === 'now' ? new Date(this.o.now().getTime() + 60_000).toISOString() : (input.date ?? '');
      next = { kind: 'reschedule', payload: { ...op.payload, date } };
    } else if (op.kind === 'create' || op.kind === 'edit') {
      const timing =
        input.action === 'now'
          ? { type: 'now' as const, date: this.o.now().toISOString() }
          : { type: 'schedule' as const, date: input.date ?? '' };
      next =
        op.kind === 'edit'
          ? { kind: 'edit', payload: { ...op.payload, ...timing } }
          : { kind: 'create', payload: { ...op.payload, ...timing } };
    } else {
      throw new AppFailure('CONFLICT', 'This change has no time to decide on.');
    }
    // A move being put right that the user sends to a time of their choice is a plain move again.
    this.o.db.tx(() => {
      this.o.outbox.update(op.id, {
        op: next,
        status: 'pending',
        nextAttemptMs: null,
        lastError: null,
        discardedAt: null,
      });
      this.note(
        op,
        { kind: 'outboxDecision' },
        {
          kind: 'decided',
          action: input.action,
          date: input.action === 'reschedule' ? (input.date ?? null) : null,
        },
      );
    });
    this.o.view.announce(op, touchedBy(this.o.cache, op));
    this.o.view.wake();
    return this.itemView(op.id);
  }

  /** An Outbox decision in the activity log, inside its transaction (uploads are not post changes). */
  private note(op: OutboxRecord, origin: ActivityOrigin, change: ActivityChange): void {
    if (op.kind === 'upload') return;
    this.o.activity?.record(op, { group: activityGroupOf(op), outboxId: op.id }, { origin, change });
  }

  // ---- client review ----

  /** A review state set in the app; an approval lets a held post go at once. */
  setReviewState(active: ActiveBrand, input: IpcInput<'setReviewState'>): IpcOutput<'setReviewState'> {
    const touched = this.o.review.set(active, input.postId, input.state, input.comment ?? null);
    this.o.view.wake();
    return this.answer(active, touched);
  }

  /** Records a review pack the app made (its posts are now in review). */
  recordReviewPack(active: ActiveBrand, packId: string, items: readonly PackItem[]): PostsWritten {
    this.o.review.recordPack(active, packId, items);
    return this.announceReview(
      active,
      items.flatMap((i) => this.o.review.touched(active, i.key)),
    );
  }

  /** Applies a reviewer's reply (its text, read by main); approved held posts go out at once. */
  importReviewReply(active: ActiveBrand, text: string): IpcOutput<'importReviewReply'> {
    const { summary, touched } = this.o.review.applyReply(active, text);
    this.o.view.wake();
    return { summary, ...this.announceReview(active, touched) };
  }

  /** A brand's review settings: the active one's, or a shown brand's (its row in Settings, all brands). */
  reviewSettings(brand: ActiveBrand): ReviewSettings {
    return this.o.lens.settings(brand);
  }

  /** Turning approval off lets every held post go. */
  setReviewSettings(
    active: ActiveBrand,
    { brand: _named, ...input }: IpcInput<'setReviewSettings'>,
  ): ReviewSettings {
    const next = { ...this.o.lens.settings(active), ...input };
    this.o.review.setSettings(active, next);
    this.o.view.wake();
    this.o.view.announce(active, null);
    return next;
  }

  /** A review change main made on its own (a pack, a reply): one postsChanged with the posts. */
  private announceReview(active: ActiveBrand, touched: readonly string[]): PostsWritten {
    const answer = this.answer(active, touched);
    this.o.emit('postsChanged', {
      brandId: active.brandId,
      range: null,
      update: { posts: answer.posts, hidden: answer.hidden },
      status: answer.status,
    });
    return answer;
  }

  // ---- the answer ----

  /** The posts these ids name as the calendar now shows them, and the sync status. */
  private answer(active: ActiveBrand, touched: readonly string[]): PostsWritten {
    const shown =
      touched.length > 0 ? this.o.view.shown(active, [...new Set(touched)]) : { posts: [], hidden: [] };
    return { ...shown, status: this.o.view.status() };
  }

  /** The answer of a write that touched posts of several brands: each brand's posts as shown now. */
  private answerAcross(touched: readonly { brand: ActiveBrand; ids: readonly string[] }[]): PostsWritten {
    const status = this.o.view.status();
    return mergeWritten(
      touched.map((t) => this.answer(t.brand, t.ids)),
      status,
    );
  }

  /** What a queued write answers: its outbox id, its posts as shown now, and the sync status. */
  private written(active: ActiveBrand, queued: Queued): IpcOutput<'reschedulePost'> {
    const op = this.o.outbox.get(queued.outboxId);
    return { outboxId: queued.outboxId, ...this.answer(active, op ? touchedBy(this.o.cache, op) : []) };
  }

  private itemView(id: string): OutboxItemView {
    return outboxItemView(this.requireOp(id));
  }

  /** Whether the window shows this brand's posts (it then hears of their changes). */
  private shows(brand: ActiveBrand): boolean {
    const shown = this.o.active();
    if (!shown) return false;
    if (shown.profileId === brand.profileId && shown.brandId === brand.brandId) return true;
    return this.o.isShown?.(brand) ?? false;
  }

  /**
   * The brand a bulk change's post names (its own, in the all-brands view), when the window shows
   * it. Its operation carries that profile and brand, so the outbox sends it with that
   * connection's key and that brand's x-brand-id.
   */
  private shownBrand(named: BrandRef): ActiveBrand {
    const brand = { profileId: named.profileId, brandId: named.brandId };
    if (!this.shows(brand)) throw otherBrands('post');
    return brand;
  }

  private requireOp(id: string): OutboxRecord {
    const op = this.o.outbox.get(id);
    if (!op)
      throw new AppFailure('NOT_FOUND', 'This change is no longer in the outbox; it was sent or discarded.');
    return op;
  }
}

/** Several writes as one answer (a queue shuffle, a draft queued at two times): the latest look of each post wins. */
export function mergeWritten(answers: readonly PostsWritten[], status: SyncStatus): PostsWritten {
  const posts = new Map<string, PostsNow['posts'][number]>();
  const hidden = new Set<string>();
  for (const a of answers) {
    for (const p of a.posts) {
      posts.set(p.id, p);
      hidden.delete(p.id);
    }
    for (const id of a.hidden) {
      posts.delete(id);
      hidden.add(id);
    }
  }
  return { posts: [...posts.values()], hidden: [...hidden], status: answers.at(-1)?.status ?? status };
}

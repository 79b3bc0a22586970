/**
 * The sync engine: the calendar's reads (from the cache at once, pulled from the service behind
 * them) and every write through the durable outbox. A plain class, dependencies passed in.
 *
 * electron/app-services.ts builds the one engine of the app (openDatabase, then `new SyncEngine`
 * with the profiles' `apiFor` and `activeBrand`, and the event hub's `emit`), starts it, kicks it
 * after writes made outside it (an import), and stops it before the database closes. Each of its public
 * methods answers the IPC method of the same name (shared/ipc/contract.ts) and throws AppFailure or
 * ApiError on refusal, which the dispatch turns into a typed IPC error.
 *
 * Methods act on the active profile and brand; the outbox itself sends every brand's operations
 * through `apiFor`, so switching brand never strands a queued change.
 */
import type { MediaObject } from '../../shared/api/resources.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { CalendarPost, OutboxItemView, SyncStatus } from '../../shared/ipc/models.js';
import { ApiError } from '../api/errors.js';
import type { PublishingApi } from '../api/publishing-api.js';
import { BulkWrites } from '../bulk/bulk-writes.js';
import { DraftsRepo } from '../drafts/drafts-repo.js';
import { AppFailure, notConnected } from '../ipc/app-failure.js';
import { createLogger } from '../log.js';
import { MediaRepo } from '../media/media-repo.js';
import type { AppDatabase } from '../store/database.js';
import { OutboxRepo, type OutboxOp, type OutboxRecord } from '../store/outbox-repo.js';
import { PostsCache } from '../store/posts-cache.js';
import { DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
import { DraftSender } from './draft-sender.js';
import { OutboxWorker, type ApiFor, type Emit } from './outbox-worker.js';
import { outboxItemView } from './outbox-views.js';
import { PostWrites, type Queued } from './post-writes.js';
import { PostsReader } from './posts-reader.js';
import { Reachability } from './reachability.js';
import { MISSING_DATE, requireFuture, type ActiveBrand, type WriteContext } from './write-context.js';

export type { ActiveBrand } from './write-context.js';

const log = createLogger('sync');

export interface SyncEngineOptions {
  db: AppDatabase;
  /** The API for a profile and brand, or null when it has no usable key right now (may be async). */
  apiFor: ApiFor;
  /** The profile and brand the window shows, or null before any connection. */
  active: () => ActiveBrand | null;
  emit: Emit;
  now?: () => Date;
  /** Waits between retries (tests pass milliseconds). */
  backoff?: BackoffOptions;
  /** Waits between reachability probes while offline. */
  probe?: BackoffOptions;
  /** Also pull the ranges before and after the one asked for, in the background. Default true. */
  prefetchNeighbours?: boolean;
  /** How often the recently asked ranges are pulled again while the app runs (ms). Default 60 s. */
  pullEveryMs?: number;
  random?: () => number;
}

export class SyncEngine {
  private readonly outbox: OutboxRepo;
  private readonly media: MediaRepo;
  private readonly worker: OutboxWorker;
  private readonly reachability: Reachability;
  private readonly reader: PostsReader;
  private readonly writes: PostWrites;
  private readonly drafts: DraftSender;
  private readonly bulk: BulkWrites;
  private readonly cache: PostsCache;
  private readonly now: () => Date;
  private cadence: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly o: SyncEngineOptions) {
    const now = o.now ?? (() => new Date());
    const random = o.random ?? Math.random;
    this.now = now;
    this.outbox = new OutboxRepo(o.db, now);
    this.media = new MediaRepo(o.db, now);
    const apiOf = (active: ActiveBrand) => this.apiOf(active);
    this.reachability = new Reachability({
      backoff: o.probe ?? { baseMs: 2000, maxMs: 60_000 },
      random,
      probe: () => this.probe(),
      onChange: (online) => {
        this.emitStatus();
        if (!online) return;
        this.worker.retryNow();
        const active = this.o.active();
        if (active) void this.reader.refreshRecent(active);
      },
    });
    this.worker = new OutboxWorker({
      db: o.db,
      apiFor: o.apiFor,
      emit: o.emit,
      now,
      backoff: o.backoff ?? DEFAULT_BACKOFF,
      random,
      onChanged: (op, what, newPostIds = []) =>
        this.changed(op, what === 'posts' ? [...this.touchedBy(op), ...newPostIds] : null),
      onReachability: (online, error) => this.reachability.report(online, error),
    });
    this.reader = new PostsReader({
      db: o.db,
      now,
      emit: o.emit,
      reachability: this.reachability,
      apiOf,
      prefetchNeighbours: o.prefetchNeighbours ?? true,
    });
    this.cache = new PostsCache(o.db);
    const context: WriteContext = {
      db: o.db,
      now,
      outbox: this.outbox,
      cache: this.cache,
      media: this.media,
      drafts: new DraftsRepo(o.db),
      reachability: this.reachability,
      apiOf,
      afterWrite: () => this.worker.kick(),
    };
    this.writes = new PostWrites(context);
    this.drafts = new DraftSender(context);
    this.bulk = new BulkWrites(context);
  }

  /** Picks up what a previous run left (including operations cut off mid-send) and starts sending. */
  start(): void {
    this.reachability.start();
    this.worker.start();
    this.emitStatus();
    this.cadence = setInterval(() => {
      const active = this.o.active();
      if (active) void this.reader.refreshRecent(active);
    }, this.o.pullEveryMs ?? 60_000);
    this.cadence.unref?.();
  }

  async stop(): Promise<void> {
    if (this.cadence) clearInterval(this.cadence);
    await Promise.all([this.reachability.stop(), this.worker.stop(), this.reader.stop()]);
  }

  /**
   * After a connect or brand switch: send what waits, and pull a wide window of the brand's posts
   * in the background so its accounts are known before any screen asks for them.
   */
  brandOpened(): void {
    this.worker.retryNow();
    const active = this.o.active();
    if (active) void this.reader.learnBrand(active);
  }

  /** Resolves when every background pull asked for so far has ended. */
  pulled(): Promise<void> {
    return this.reader.pulled();
  }

  /** Send what waits now, ending any backoff: a key was set, the brand changed, the network came back. */
  kick(): void {
    this.worker.retryNow();
  }

  /** Resolves when nothing is being sent and nothing is due right now. */
  idle(): Promise<void> {
    return this.worker.idle();
  }

  // ---- the calendar ----

  /** The cache with pending changes laid over it, at once; the range is pulled behind the answer. */
  listPosts(range: IpcInput<'listPosts'>): IpcOutput<'listPosts'> {
    return this.reader.listPosts(this.requireActive(), range);
  }

  /** Posts by id as the calendar shows them now (an export of a selection or of search results). */
  postsShown(ids: readonly string[]): CalendarPost[] {
    return this.reader.shown(this.requireActive(), ids).posts;
  }

  /** The calendar's view of a range, without pulling it (main's own planners). */
  viewPosts(range: IpcInput<'listPosts'>): IpcOutput<'listPosts'> {
    return this.reader.viewPosts(this.requireActive(), range);
  }

  /** One post with its blocks, media and settings; the copy saved last time when offline. */
  async getPost(input: IpcInput<'getPost'>): Promise<IpcOutput<'getPost'>> {
    const active = this.requireActive();
    const detail = await this.reader.getPost(active, input.id);
    // A post read in full says which media it uses: the media library counts them.
    const ids = detail.value.flatMap((b) => (b.image ?? []).map((i) => i.id));
    this.media.replaceUsesOfPost(active.profileId, active.brandId, detail.id, [...new Set(ids)]);
    return detail;
  }

  reschedulePost(input: IpcInput<'reschedulePost'>): IpcOutput<'reschedulePost'> {
    const active = this.requireActive();
    return this.written(active, this.writes.reschedulePost(active, input));
  }

  deleteGroup(input: IpcInput<'deleteGroup'>): IpcOutput<'deleteGroup'> {
    const active = this.requireActive();
    return this.written(active, this.writes.deleteGroup(active, input));
  }

  /** A planned bulk change, queued in one transaction as one batch; answers its posts as shown now. */
  applyBulkChange(input: IpcInput<'applyBulkChange'>): IpcOutput<'applyBulkChange'> {
    const active = this.requireActive();
    const { result, touched } = this.bulk.apply(active, input);
    return { ...result, ...this.reader.shown(active, touched), status: this.getSyncStatus() };
  }

  /** Takes a whole bulk change back in one step. */
  undoBulkChange(input: IpcInput<'undoBulkChange'>): IpcOutput<'undoBulkChange'> {
    const active = this.requireActive();
    const { result, touched } = this.bulk.undo(active, input.batchId);
    return { ...result, ...this.reader.shown(active, touched), status: this.getSyncStatus() };
  }

  /** Queues a draft's create (an edit when it replaces a group), after uploads of its local files. */
  async sendDraft(input: IpcInput<'sendDraft'>): Promise<IpcOutput<'sendDraft'>> {
    const active = this.requireActive();
    return this.written(active, await this.drafts.sendDraft(active, input));
  }

  /** Sends a draft at once and answers the service's result; falls back to the outbox when unreachable. */
  createPostsNow(input: IpcInput<'createPostsNow'>): Promise<IpcOutput<'createPostsNow'>> {
    return this.drafts.createPostsNow(this.requireActive(), input);
  }

  // ---- media ----

  /** `path`: resolved by main from the window's file token (electron/files/file-grants.ts). */
  uploadMedia(input: { path: string }): Promise<IpcOutput<'uploadMedia'>> {
    return this.writes.uploadMedia(this.requireActive(), input);
  }

  cancelUpload(input: IpcInput<'cancelUpload'>): IpcOutput<'cancelUpload'> {
    const op = this.outbox.get(input.uploadId);
    if (!op || op.kind !== 'upload') return { cancelled: false };
    this.worker.abortUpload(op.id);
    this.outbox.remove(op.id);
    this.o.emit('uploadProgress', { uploadId: op.id, sent: 0, total: op.payload.size, state: 'cancelled' });
    this.changed(op, null);
    return { cancelled: true };
  }

  listMedia(): MediaObject[] {
    const active = this.requireActive();
    return this.media.list(active.profileId, active.brandId).map((r) => r.media);
  }

  // ---- the outbox as the user sees it ----

  listOutbox(): OutboxItemView[] {
    const active = this.o.active();
    return active ? this.outbox.list(active).map(outboxItemView) : [];
  }

  retryOutbox(input: IpcInput<'retryOutbox'>): IpcOutput<'retryOutbox'> {
    const op = this.requireOp(input.id);
    if (op.status !== 'sending') {
      // A create that left before may be on the service whatever its answer said: look first.
      const createLike = op.kind === 'create' || (op.kind === 'edit' && op.phase !== 'delete');
      this.outbox.update(op.id, {
        status: 'pending',
        nextAttemptMs: null,
        lastError: null,
        ...(createLike && op.attempts > 0 ? { maybeSent: true } : {}),
      });
    }
    this.changed(op, this.touchedBy(op));
    this.worker.retryNow();
    return outboxItemView(this.requireOp(op.id));
  }

  /** Drops an operation; the calendar shows the server's copy again (a discarded move restores its time). */
  discardOutbox(input: IpcInput<'discardOutbox'>): IpcOutput<'discardOutbox'> {
    const op = this.outbox.get(input.id);
    if (!op) return { discarded: false };
    if (op.kind === 'upload') return { discarded: this.cancelUpload({ uploadId: op.id }).cancelled };
    if (op.status === 'sending') {
      throw new AppFailure(
        'CONFLICT',
        'This change is being sent right now; wait a moment, then discard it if it failed.',
      );
    }
    const touched = this.touchedBy(op);
    const removed = this.outbox.remove(op.id);
    this.changed(op, touched);
    return { discarded: removed };
  }

  /** A time that passed while offline: send now, or move the post to a new time. */
  resolveMissedTime(input: IpcInput<'resolveMissedTime'>): IpcOutput<'resolveMissedTime'> {
    const op = this.requireOp(input.id);
    if (op.status !== 'needsDecision')
      throw new AppFailure('CONFLICT', 'This change is not waiting for a decision any more.');
    if (input.action === 'reschedule') {
      if (!input.date) throw new AppFailure('INVALID_ARGUMENT', MISSING_DATE);
      requireFuture(this.now, input.date);
    }
    let next: OutboxOp;
    if (op.kind === 'reschedule') {
      // The service takes only future times, so "now" means the soonest safe moment.
      const date =
        input.action === 'now' ? new Date(this.now().getTime() + 60_000).toISOString() : (input.date ?? '');
      next = { kind: 'reschedule', payload: { ...op.payload, date } };
    } else if (op.kind === 'create' || op.kind === 'edit') {
      const timing =
        input.action === 'now'
          ? { type: 'now' as const, date: this.now().toISOString() }
          : { type: 'schedule' as const, date: input.date ?? '' };
      next =
        op.kind === 'edit'
          ? { kind: 'edit', payload: { ...op.payload, ...timing } }
          : { kind: 'create', payload: { ...op.payload, ...timing } };
    } else {
      throw new AppFailure('CONFLICT', 'This change has no time to decide on.');
    }
    this.outbox.update(op.id, { op: next, status: 'pending', nextAttemptMs: null, lastError: null });
    this.changed(op, this.touchedBy(op));
    this.worker.kick();
    return outboxItemView(this.requireOp(op.id));
  }

  /** Any call that found the service unreachable (profile checks too) switches the app to offline. */
  noticeUnreachable(reason: string): void {
    this.reachability.report(false, reason);
  }

  getSyncStatus(): SyncStatus {
    const active = this.o.active();
    const counts = active ? this.outbox.countByStatus(active) : null;
    return {
      online: this.reachability.online,
      pending: counts ? counts.pending + counts.sending : 0,
      failed: counts?.failed ?? 0,
      needsDecision: counts?.needsDecision ?? 0,
      lastSyncAt: active ? this.reader.syncedAt(active) : null,
      lastError: this.reachability.lastError,
    };
  }

  /** Sends what is due now, then pulls the ranges the calendar asked for lately. */
  async syncNow(): Promise<SyncStatus> {
    this.worker.retryNow();
    await this.worker.idle();
    const active = this.o.active();
    if (active) await this.reader.refreshRecent(active);
    return this.getSyncStatus();
  }

  // ---- helpers ----

  /** What a queued write answers: its posts as the calendar now shows them, and the outbox counts. */
  private written(active: ActiveBrand, queued: Queued): IpcOutput<'reschedulePost'> {
    const op = this.outbox.get(queued.outboxId);
    const shown = op ? this.reader.shown(active, this.touchedBy(op)) : { posts: [], hidden: [] };
    return { outboxId: queued.outboxId, ...shown, status: this.getSyncStatus() };
  }

  /** The posts an operation shows or hides in the calendar (local ones by their `local:` ids). */
  private touchedBy(op: OutboxRecord): string[] {
    const group = (g: string) => this.cache.listGroup(op.profileId, op.brandId, g).map((p) => p.id);
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
   * Tells the window when something of the brand it shows changed: the counts always, and with
   * `touched` how those posts show now, so the window applies it without reading the range again.
   */
  private changed(op: Pick<OutboxRecord, 'profileId' | 'brandId'>, touched: readonly string[] | null): void {
    const active = this.o.active();
    if (!active || active.profileId !== op.profileId || active.brandId !== op.brandId) return;
    this.o.emit('syncStatus', this.getSyncStatus());
    if (touched && touched.length > 0) {
      this.o.emit('postsChanged', {
        brandId: active.brandId,
        range: null,
        update: this.reader.shown(active, touched),
      });
    }
  }

  private emitStatus(): void {
    if (this.o.active()) this.o.emit('syncStatus', this.getSyncStatus());
  }

  /** A light GET /me: any answer, even an error status, shows the service is reachable. */
  private async probe(): Promise<boolean | null> {
    const active = this.o.active();
    const api = active ? await this.apiOf(active) : null;
    if (!api) return null;
    try {
      await api.getMe();
      return true;
    } catch (err) {
      return !(err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout'));
    }
  }

  private async apiOf(active: ActiveBrand): Promise<PublishingApi | null> {
    try {
      return await this.o.apiFor(active.profileId, active.brandId);
    } catch (err) {
      log.warn('no usable key for the active brand; answering from the cache', err);
      return null;
    }
  }

  private requireActive(): ActiveBrand {
    const active = this.o.active();
    if (!active) throw notConnected();
    return active;
  }

  private requireOp(id: string): OutboxRecord {
    const op = this.outbox.get(id);
    if (!op)
      throw new AppFailure('NOT_FOUND', 'This change is no longer in the outbox; it was sent or discarded.');
    return op;
  }
}

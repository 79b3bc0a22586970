/**
 * The sync engine: the calendar's reads (server first, cache when offline) and every write through
 * the durable outbox. Runs in main (Node); plain class, dependencies passed in.
 *
 * How app-services.ts wires it (one engine for the app):
 *
 *   const db = openDatabase(join(dataDir, 'postdeck.db'));
 *   const sync = new SyncEngine({
 *     db,
 *     apiFor: (profileId, brandId) => clientFor(profileId, brandId), // ApiClient or null without a key
 *     active: () => (profile?.brandId ? { profileId: profile.id, brandId: profile.brandId } : null),
 *     emit: (name, payload) => events.emit(name, payload),
 *   });
 *   sync.start();                       // after the profiles are loaded; sync.stop() on quit
 *   handlers.listPosts = (range) => sync.listPosts(range);
 *   handlers.reschedulePost = (i) => sync.reschedulePost(i);   // likewise deleteGroup, sendDraft,
 *   // createPostsNow, uploadMedia, cancelUpload, listMedia, getSyncStatus, listOutbox, retryOutbox,
 *   // discardOutbox, resolveMissedTime, syncNow: each takes the IPC input, answers the IPC result.
 *   // Drafts and accounts: new DraftsService({ db, active }) (listDrafts, getDraft, saveDraft,
 *   // deleteDraft) and new IntegrationsService({ db, active }) (listIntegrations, addIntegration).
 *   sync.kick() after a key is set or the brand switches, so waiting operations go out.
 *
 * Methods act on the active profile and brand; the outbox itself sends every brand's operations
 * through `apiFor`, so switching brand never strands a queued change.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { normalizePostState, type MediaObject, type PostListItem } from '../../shared/api/resources.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { Draft, OutboxItemView, PostRangeResult, SyncStatus } from '../../shared/ipc/models.js';
import { createPostsSafely } from '../api/create-posts-safely.js';
import { ApiError } from '../api/errors.js';
import type { PublishingApi } from '../api/publishing-api.js';
import { DraftsRepo } from '../drafts/drafts-repo.js';
import { IntegrationsRepo } from '../integrations/integrations-repo.js';
import { AppFailure, notConnected } from '../ipc/app-failure.js';
import { createLogger } from '../log.js';
import { MediaRepo } from '../media/media-repo.js';
import { checkUploadFile, UploadFileError, type CheckedFile } from '../media/upload-check.js';
import type { AppDatabase } from '../store/database.js';
import { OutboxRepo, type CreatePayload, type OutboxOp, type OutboxRecord } from '../store/outbox-repo.js';
import { PostsCache } from '../store/posts-cache.js';
import { SettingsRepo } from '../store/settings-repo.js';
import { DEFAULT_BACKOFF, retryDelayMs, type BackoffOptions } from './backoff.js';
import { calendarPosts, groupsBeingReplaced } from './calendar-view.js';
import {
  buildCreateRequest,
  createPayloadFromDraft,
  localFiles,
  postsFromCreate,
  validateCreatePayload,
} from './create-request.js';
import { OutboxWorker, type ApiFor, type Emit } from './outbox-worker.js';
import {
  createSummary,
  deleteSummary,
  outboxItemView,
  rescheduleSummary,
  uploadSummary,
} from './outbox-views.js';

const log = createLogger('sync');

export interface ActiveBrand {
  profileId: string;
  brandId: string;
}

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
  /** Also fetch the ranges before and after the one asked for, in the background. */
  prefetchNeighbours?: boolean;
  random?: () => number;
}

const SyncedAt = z.string();
const MISSING_DATE = 'Pick a date and time for a scheduled post.';

/** Whether a cached post can still be moved (a published one cannot). */
const isMovable = (state: string) => {
  const s = normalizePostState(state);
  return s !== 'published' && s !== 'publishing';
};

export class SyncEngine {
  private readonly outbox: OutboxRepo;
  private readonly cache: PostsCache;
  private readonly integrations: IntegrationsRepo;
  private readonly media: MediaRepo;
  private readonly drafts: DraftsRepo;
  private readonly settings: SettingsRepo;
  private readonly worker: OutboxWorker;
  private readonly now: () => Date;
  private readonly probeBackoff: BackoffOptions;
  private readonly random: () => number;
  private online = true;
  private lastError: string | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  private probeAttempts = 0;
  private lastRange: { active: ActiveBrand; start: string; end: string } | null = null;
  private readonly background = new Set<Promise<unknown>>();
  private started = false;

  constructor(private readonly o: SyncEngineOptions) {
    this.now = o.now ?? (() => new Date());
    this.random = o.random ?? Math.random;
    this.probeBackoff = o.probe ?? { baseMs: 2000, maxMs: 60_000 };
    this.outbox = new OutboxRepo(o.db, this.now);
    this.cache = new PostsCache(o.db);
    this.integrations = new IntegrationsRepo(o.db, this.now);
    this.media = new MediaRepo(o.db, this.now);
    this.drafts = new DraftsRepo(o.db);
    this.settings = new SettingsRepo(o.db, this.now);
    this.worker = new OutboxWorker({
      db: o.db,
      apiFor: o.apiFor,
      emit: o.emit,
      now: this.now,
      backoff: o.backoff ?? DEFAULT_BACKOFF,
      random: this.random,
      onChanged: (profileId, brandId, postsChanged) => this.changed(profileId, brandId, postsChanged),
      onReachability: (online, error) => this.setOnline(online, error),
    });
  }

  /** Picks up what a previous run left (including operations cut off mid-send) and starts sending. */
  start(): void {
    this.started = true;
    this.worker.start();
    this.emitStatus();
  }

  async stop(): Promise<void> {
    this.started = false;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
    await this.worker.stop();
    await Promise.allSettled([...this.background]);
  }

  /** Send what waits now, ending any backoff: a key was set, the brand changed, the network came back. */
  kick(): void {
    this.worker.retryNow();
  }

  /** Resolves when nothing is being sent and nothing is due right now. */
  idle(): Promise<void> {
    return this.worker.idle();
  }

  // ---- reads ----

  async listPosts(range: IpcInput<'listPosts'>): Promise<IpcOutput<'listPosts'>> {
    const active = this.requireActive();
    const startMs = Date.parse(range.start);
    const endMs = Date.parse(range.end);
    if (!(endMs > startMs))
      throw new AppFailure('INVALID_ARGUMENT', 'The end of the range must come after its start.');
    this.lastRange = { active, start: range.start, end: range.end };
    let source: PostRangeResult['source'] = 'cache';
    const api = await this.apiOf(active);
    if (api) {
      try {
        await this.pull(api, active, startMs, endMs);
        source = 'server';
        if (this.o.prefetchNeighbours ?? true) this.prefetch(api, active, startMs, endMs);
      } catch (err) {
        // Unreachable, slow or overloaded: the calendar keeps working from the cache.
        if (!(err instanceof ApiError) || !(err.retryable || err.kind === 'malformed')) throw err;
        log.info(`posts answered from the cache: ${err.message}`);
      }
    }
    return { posts: this.view(active, startMs, endMs), source, syncedAt: this.syncedAt(active) };
  }

  /** GET /posts for a range into the cache; learns the accounts the items mention. */
  private async pull(api: PublishingApi, active: ActiveBrand, startMs: number, endMs: number): Promise<void> {
    const requestedAt = this.now().toISOString();
    let items: PostListItem[];
    try {
      items = await api.listPosts(new Date(startMs).toISOString(), new Date(endMs).toISOString());
    } catch (err) {
      if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout'))
        this.setOnline(false, err.message);
      throw err;
    }
    this.setOnline(true, null);
    const { profileId, brandId } = active;
    const outcomes = this.o.db.tx(() => {
      const keep = this.postsHeldByOutbox(active);
      // A post confirmed by the outbox after this request left is newer than the answer.
      for (const p of this.cache.listRange(profileId, brandId, startMs, endMs))
        if (p.syncedAt > requestedAt) keep.add(p.id);
      const result = this.cache.replaceRange(profileId, brandId, startMs, endMs, items, requestedAt, keep);
      this.integrations.learn(
        profileId,
        brandId,
        items.map((i) => ({ ...i.integration, platform: i.integration.platform ?? null })),
      );
      this.settings.set(syncKey(active), this.now().toISOString());
      return result.outcomes;
    });
    for (const outcome of outcomes) this.o.emit('postOutcome', outcome);
    this.o.emit('postsChanged', { brandId });
  }

  private prefetch(api: PublishingApi, active: ActiveBrand, startMs: number, endMs: number): void {
    const span = endMs - startMs;
    const task = (async () => {
      for (const [s, e] of [
        [startMs - span, startMs],
        [endMs, endMs + span],
      ] as const) {
        if (!this.started) return;
        await this.pull(api, active, s, e);
      }
    })().catch((err: unknown) => log.debug('prefetch of a neighbouring range failed', err));
    this.background.add(task);
    void task.finally(() => this.background.delete(task));
  }

  /** Posts a queued operation still refers to, which a pull must not drop from the cache. */
  private postsHeldByOutbox(active: ActiveBrand): Set<string> {
    const ops = this.outbox.list(active);
    const held = new Set<string>();
    for (const op of ops) if (op.kind === 'reschedule') held.add(op.payload.postId);
    for (const group of groupsBeingReplaced(ops).keys()) {
      for (const p of this.cache.listGroup(active.profileId, active.brandId, group)) held.add(p.id);
    }
    return held;
  }

  private view(active: ActiveBrand, startMs: number, endMs: number) {
    const { profileId, brandId } = active;
    const ops = this.outbox.list(active);
    const cached = this.cache.listRange(profileId, brandId, startMs, endMs);
    for (const op of ops) {
      if (op.kind !== 'reschedule') continue;
      const moved = this.cache.get(profileId, brandId, op.payload.postId);
      if (moved) cached.push(moved);
    }
    const groups = cached.flatMap((p) => (p.group ? [p.group] : []));
    return calendarPosts({
      cached,
      ops,
      groupSizes: this.cache.groupSizes(profileId, brandId, groups),
      integrations: new Map(this.integrations.list(profileId, brandId).map((i) => [i.id, i])),
      startMs,
      endMs,
      nowIso: this.now().toISOString(),
    });
  }

  private syncedAt(active: ActiveBrand): string | null {
    return this.settings.get(syncKey(active), SyncedAt);
  }

  // ---- writes: each lands in the outbox at once and goes out when the service can take it ----

  reschedulePost(input: IpcInput<'reschedulePost'>): IpcOutput<'reschedulePost'> {
    const active = this.requireActive();
    this.requireFuture(input.date);
    if (input.id.startsWith('local:')) return this.moveLocal(active, input.id, input.date);
    const post = this.cache.get(active.profileId, active.brandId, input.id);
    if (!post)
      throw new AppFailure('NOT_FOUND', 'This post is not in the calendar any more; refresh and try again.');
    if (!isMovable(post.state))
      throw new AppFailure('CONFLICT', 'This post has already been published, so its time cannot change.');
    const id = this.o.db.tx(() => {
      // Dragging again before the first move went out just changes the time of the queued move.
      const queued = this.outbox
        .list(active)
        .find((op) => op.kind === 'reschedule' && op.payload.postId === post.id && op.status !== 'sending');
      if (queued && queued.kind === 'reschedule') {
        this.outbox.update(queued.id, {
          op: { kind: 'reschedule', payload: { ...queued.payload, date: input.date } },
          status: 'pending',
          nextAttemptMs: null,
          lastError: null,
          summary: rescheduleSummary(post.content, input.date),
        });
        return queued.id;
      }
      return this.enqueue(active, {
        op: {
          kind: 'reschedule',
          payload: { postId: post.id, date: input.date, serverDate: post.publishDate },
        },
        key: post.group ? `group:${post.group}` : `post:${post.id}`,
        summary: rescheduleSummary(post.content, input.date),
        postId: post.id,
        group: post.group,
      });
    });
    this.afterWrite(active);
    return { outboxId: id };
  }

  /** Moving a post that exists only locally changes the date of its queued create. */
  private moveLocal(active: ActiveBrand, localId: string, date: string): IpcOutput<'reschedulePost'> {
    const opId = localId.split(':')[1] ?? '';
    const op = this.outbox.get(opId);
    if (!op || (op.kind !== 'create' && op.kind !== 'edit') || op.profileId !== active.profileId) {
      throw new AppFailure(
        'NOT_FOUND',
        'This post is not waiting to be sent any more; refresh and try again.',
      );
    }
    if (op.status === 'sending')
      throw new AppFailure('CONFLICT', 'This post is being sent right now; move it again in a moment.');
    const payload: CreatePayload = {
      ...op.payload,
      date,
      type: op.payload.type === 'now' ? 'schedule' : op.payload.type,
    };
    this.outbox.update(op.id, {
      op:
        op.kind === 'edit'
          ? { kind: 'edit', payload: { ...op.payload, ...payload } }
          : { kind: 'create', payload },
      status: 'pending',
      nextAttemptMs: null,
      lastError: null,
      summary: createSummary(payload, op.kind === 'edit' ? 'Update' : 'Post'),
    });
    this.afterWrite(active);
    return { outboxId: op.id };
  }

  deleteGroup(input: IpcInput<'deleteGroup'>): IpcOutput<'deleteGroup'> {
    const active = this.requireActive();
    const id = this.o.db.tx(() => {
      const queued = this.outbox
        .list(active)
        .find((op) => op.kind === 'deleteGroup' && op.payload.group === input.group);
      if (queued) return queued.id;
      const first = this.cache.listGroup(active.profileId, active.brandId, input.group)[0];
      return this.enqueue(active, {
        op: { kind: 'deleteGroup', payload: { group: input.group } },
        key: `group:${input.group}`,
        summary: deleteSummary(first?.content ?? null, input.group),
        postId: first?.id ?? null,
        group: input.group,
      });
    });
    this.afterWrite(active);
    return { outboxId: id };
  }

  /** Checks a draft before it is sent: accounts, a date, the platform rules, its local files. */
  private async prepareDraft(active: ActiveBrand, input: IpcInput<'sendDraft'>) {
    const draft = this.drafts.get(active.profileId, input.draftId);
    if (!draft) {
      throw new AppFailure(
        'NOT_FOUND',
        'This draft no longer exists; it may have been sent or deleted already.',
      );
    }
    if (draft.targets.length === 0)
      throw new AppFailure('INVALID_ARGUMENT', 'Choose at least one account to post to.');
    const date = input.date ?? draft.date ?? (input.type === 'schedule' ? null : this.now().toISOString());
    if (date === null) throw new AppFailure('INVALID_ARGUMENT', MISSING_DATE);
    if (input.type === 'schedule') this.requireFuture(date);
    const payload = createPayloadFromDraft(draft, input.type, date);
    const issues = validateCreatePayload(payload);
    if (issues.length > 0) {
      throw new AppFailure(
        'INVALID_ARGUMENT',
        `This post cannot be sent yet: ${issues.map((i) => i.message).join(' ')}`,
      );
    }
    const files = await Promise.all(
      localFiles(payload)
        .filter(
          (m) => m.localPath && !this.media.findByLocalPath(active.profileId, active.brandId, m.localPath),
        )
        .map((m) => this.checkFile(m.localPath ?? '')),
    );
    return { draft, payload, files };
  }

  /** Queues a draft's create (an edit when it replaces a group), after uploads of its local files. */
  async sendDraft(input: IpcInput<'sendDraft'>): Promise<IpcOutput<'sendDraft'>> {
    const active = this.requireActive();
    const { draft, payload, files } = await this.prepareDraft(active, input);
    const id = this.queueDraft(active, draft, payload, files);
    this.afterWrite(active);
    return { outboxId: id };
  }

  private queueDraft(
    active: ActiveBrand,
    draft: Draft,
    payload: CreatePayload,
    files: CheckedFile[],
    sent: { sentAt: string } | null = null,
  ): string {
    const key = draft.replacesGroup ? `group:${draft.replacesGroup}` : `draft:${draft.id}`;
    return this.o.db.tx(() => {
      for (const op of this.outbox.list(active)) {
        if (op.draftId !== draft.id) continue;
        if (op.status === 'pending' || op.status === 'sending') {
          throw new AppFailure('CONFLICT', 'This draft is already waiting to be sent; see the outbox.');
        }
        // A stopped earlier attempt is replaced by this one (the user edited and sent again).
        this.outbox.remove(op.id);
      }
      for (const file of files) {
        this.enqueue(active, {
          op: {
            kind: 'upload',
            payload: { path: file.path, name: file.name, kind: file.kind, size: file.size },
          },
          key,
          summary: uploadSummary(file.name),
          draftId: draft.id,
        });
      }
      const op: OutboxOp = draft.replacesGroup
        ? { kind: 'edit', payload: { ...payload, replacesGroup: draft.replacesGroup } }
        : { kind: 'create', payload };
      const id = this.enqueue(active, {
        op,
        key,
        summary: createSummary(payload, draft.replacesGroup ? 'Update' : 'Post'),
        group: draft.replacesGroup,
        draftId: draft.id,
      });
      // It may have reached the service already: the outbox looks for it before sending again.
      if (sent) this.outbox.update(id, { maybeSent: true, sentAt: sent.sentAt, attempts: 1 });
      return id;
    });
  }

  /**
   * Sends a draft at once and answers the service's result, so the composer can show issues[] on
   * the spot. When the service cannot be reached it falls back to the outbox (nothing is lost)
   * and says so; the old group of an edit is deleted through the outbox once the new one exists.
   */
  async createPostsNow(input: IpcInput<'createPostsNow'>): Promise<IpcOutput<'createPostsNow'>> {
    const active = this.requireActive();
    const { draft, payload, files } = await this.prepareDraft(active, input);
    if (
      this.outbox
        .list(active)
        .some((op) => op.draftId === draft.id && (op.status === 'pending' || op.status === 'sending'))
    ) {
      throw new AppFailure('CONFLICT', 'This draft is already waiting to be sent; see the outbox.');
    }
    const api = await this.apiOf(active);
    if (!api) throw notConnected();
    const sentAt = this.now().toISOString();
    let results;
    try {
      for (const file of files) {
        const media = await api.uploadMedia({ path: file.path, name: file.name });
        this.media.record(active.profileId, active.brandId, media, {
          kind: file.kind,
          localPath: file.path,
          localSize: file.size,
        });
      }
      const request = buildCreateRequest(payload, (m) => {
        const found = m.localPath
          ? this.media.findByLocalPath(active.profileId, active.brandId, m.localPath)
          : null;
        return found ? { id: found.media.id, path: found.media.path } : null;
      });
      results = await createPostsSafely(api, request, { now: this.now });
    } catch (err) {
      if (!(err instanceof ApiError && err.retryable)) throw err;
      const left = files.filter((f) => !this.media.findByLocalPath(active.profileId, active.brandId, f.path));
      this.queueDraft(active, draft, payload, left, err.ambiguous ? { sentAt } : null);
      if (err.kind === 'network' || err.kind === 'timeout') this.setOnline(false, err.message);
      this.afterWrite(active);
      throw new AppFailure(
        'OFFLINE',
        `${err.message} The post was kept in the outbox and will be sent as soon as possible.`,
      );
    }
    this.setOnline(true, null);
    const syncedAt = this.now().toISOString();
    this.o.db.tx(() => {
      this.cache.upsert(
        active.profileId,
        active.brandId,
        postsFromCreate(payload, results, syncedAt),
        syncedAt,
      );
      this.drafts.remove(active.profileId, draft.id);
      if (draft.replacesGroup) {
        this.enqueue(active, {
          op: { kind: 'deleteGroup', payload: { group: draft.replacesGroup } },
          key: `group:${draft.replacesGroup}`,
          summary: deleteSummary(null, draft.replacesGroup),
          group: draft.replacesGroup,
        });
      }
    });
    this.afterWrite(active);
    return results;
  }

  /** Checks a file and queues its streamed upload; progress arrives as uploadProgress events. */
  async uploadMedia(input: IpcInput<'uploadMedia'>): Promise<IpcOutput<'uploadMedia'>> {
    const active = this.requireActive();
    const file = await this.checkFile(input.path);
    const opId = randomUUID();
    const id = this.enqueue(active, {
      id: opId,
      op: { kind: 'upload', payload: { path: file.path, name: file.name, kind: file.kind, size: file.size } },
      key: `upload:${opId}`,
      summary: uploadSummary(file.name),
    });
    this.afterWrite(active);
    return { uploadId: id };
  }

  cancelUpload(input: IpcInput<'cancelUpload'>): IpcOutput<'cancelUpload'> {
    const op = this.outbox.get(input.uploadId);
    if (!op || op.kind !== 'upload') return { cancelled: false };
    this.worker.abortUpload(op.id);
    this.outbox.remove(op.id);
    this.o.emit('uploadProgress', { uploadId: op.id, sent: 0, total: op.payload.size, state: 'cancelled' });
    this.changed(op.profileId, op.brandId, false);
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
      this.outbox.update(op.id, { status: 'pending', nextAttemptMs: null, lastError: null });
    }
    this.changed(op.profileId, op.brandId, true);
    this.worker.retryNow();
    return outboxItemView(this.requireOp(op.id));
  }

  /** Drops an operation; the calendar shows the server's copy again (a discarded move restores its time). */
  discardOutbox(input: IpcInput<'discardOutbox'>): IpcOutput<'discardOutbox'> {
    const op = this.outbox.get(input.id);
    if (!op) return { discarded: false };
    if (op.kind === 'upload') return { discarded: this.cancelUpload({ uploadId: op.id }).cancelled };
    if (op.status === 'sending')
      throw new AppFailure(
        'CONFLICT',
        'This change is being sent right now; wait a moment, then discard it if it failed.',
      );
    const removed = this.outbox.remove(op.id);
    this.changed(op.profileId, op.brandId, true);
    return { discarded: removed };
  }

  /** A time that passed while offline: send now, or move the post to a new time. */
  resolveMissedTime(input: IpcInput<'resolveMissedTime'>): IpcOutput<'resolveMissedTime'> {
    const op = this.requireOp(input.id);
    if (op.status !== 'needsDecision')
      throw new AppFailure('CONFLICT', 'This change is not waiting for a decision any more.');
    if (input.action === 'reschedule') {
      if (!input.date) throw new AppFailure('INVALID_ARGUMENT', MISSING_DATE);
      this.requireFuture(input.date);
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
    this.afterWrite(op);
    return outboxItemView(this.requireOp(op.id));
  }

  getSyncStatus(): SyncStatus {
    const active = this.o.active();
    const ops = active ? this.outbox.list(active) : [];
    const count = (...s: OutboxRecord['status'][]) => ops.filter((o) => s.includes(o.status)).length;
    return {
      online: this.online,
      pending: count('pending', 'sending'),
      failed: count('failed'),
      needsDecision: count('needsDecision'),
      lastSyncAt: active ? this.syncedAt(active) : null,
      lastError: this.lastError,
    };
  }

  /** Sends what is due now, then refreshes the range the calendar last asked for. */
  async syncNow(): Promise<SyncStatus> {
    this.worker.retryNow();
    await this.worker.idle();
    const last = this.lastRange;
    const active = this.o.active();
    if (
      last &&
      active &&
      last.active.profileId === active.profileId &&
      last.active.brandId === active.brandId
    ) {
      const api = await this.apiOf(active);
      if (api)
        await this.pull(api, active, Date.parse(last.start), Date.parse(last.end)).catch((err: unknown) =>
          log.info('refresh failed', err),
        );
    }
    return this.getSyncStatus();
  }

  // ---- helpers ----

  private enqueue(
    active: ActiveBrand,
    item: {
      id?: string;
      op: OutboxOp;
      key: string;
      summary: string;
      postId?: string | null;
      group?: string | null;
      draftId?: string | null;
    },
  ): string {
    const id = item.id ?? randomUUID();
    this.outbox.add({
      id,
      profileId: active.profileId,
      brandId: active.brandId,
      marker: randomUUID(),
      ...item,
    });
    return id;
  }

  private afterWrite(scope: ActiveBrand): void {
    this.changed(scope.profileId, scope.brandId, true);
    this.worker.kick();
  }

  private changed(profileId: string, brandId: string, postsChanged: boolean): void {
    const active = this.o.active();
    if (!active || active.profileId !== profileId || active.brandId !== brandId) return;
    const status = this.getSyncStatus();
    this.o.emit('outboxChanged', { pending: status.pending });
    this.o.emit('syncStatus', status);
    if (postsChanged) this.o.emit('postsChanged', { brandId });
  }

  private setOnline(online: boolean, error: string | null): void {
    const was = this.online;
    this.online = online;
    this.lastError = error;
    if (online) {
      this.probeAttempts = 0;
      if (this.probeTimer) clearTimeout(this.probeTimer);
      this.probeTimer = null;
    } else {
      this.scheduleProbe();
    }
    if (was !== online) {
      log.info(online ? 'the service is reachable again' : `the service cannot be reached: ${error ?? ''}`);
      this.emitStatus();
      if (online) this.worker.retryNow();
    }
  }

  /** While offline, a light GET /me tells when the service is back, even with an empty outbox. */
  private scheduleProbe(): void {
    if (this.probeTimer || !this.started) return;
    this.probeAttempts++;
    const delay = retryDelayMs(this.probeAttempts, this.probeBackoff, null, this.random);
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      const active = this.o.active();
      if (!active || this.online) return;
      const task = this.apiOf(active).then((api) => {
        if (!api) return;
        return api.getMe().then(
          () => this.setOnline(true, null),
          (err: unknown) => {
            if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout'))
              this.scheduleProbe();
            else this.setOnline(true, null); // it answered, even if with an error: it is reachable
          },
        );
      });
      this.background.add(task);
      void task.finally(() => this.background.delete(task));
    }, delay);
  }

  private emitStatus(): void {
    if (this.o.active()) this.o.emit('syncStatus', this.getSyncStatus());
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

  private requireFuture(date: string): void {
    if (Date.parse(date) <= this.now().getTime())
      throw new AppFailure('INVALID_ARGUMENT', 'That time has already passed; pick a time in the future.');
  }

  private async checkFile(path: string) {
    try {
      return await checkUploadFile(path);
    } catch (err) {
      if (err instanceof UploadFileError) throw new AppFailure('INVALID_ARGUMENT', err.message);
      throw err;
    }
  }
}

const syncKey = (a: ActiveBrand) => `posts.syncedAt:${a.profileId}:${a.brandId}`;

import { z } from 'zod';
import type { PostDetail, PostListItem } from '../../shared/api/resources.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { PostRangeResult } from '../../shared/ipc/models.js';
import { ApiError } from '../api/errors.js';
import type { PublishingApi } from '../api/publishing-api.js';
import { IntegrationsRepo } from '../integrations/integrations-repo.js';
import { AppFailure } from '../ipc/app-failure.js';
import { createLogger } from '../log.js';
import type { AppDatabase } from '../store/database.js';
import { OutboxRepo } from '../store/outbox-repo.js';
import { PostsCache } from '../store/posts-cache.js';
import { SettingsRepo } from '../store/settings-repo.js';
import { calendarPosts, groupsBeingReplaced } from './calendar-view.js';
import type { Emit } from './outbox-worker.js';
import type { Reachability } from './reachability.js';
import type { ActiveBrand } from './write-context.js';

/*
 * Runs in main (Node). The calendar's reads: GET /posts for the asked range (and, in the
 * background, the ranges around it) into the cache, then the cache with pending changes laid over
 * it. When the service cannot be reached the same answer comes from the cache alone.
 */

const log = createLogger('posts-reader');
const SyncedAt = z.string();
/** How many recently shown ranges syncNow refreshes: the one on screen and its two neighbours. */
const RECENT_RANGES = 3;
const syncKey = (a: ActiveBrand) => `posts.syncedAt:${a.profileId}:${a.brandId}`;

export interface PostsReaderOptions {
  db: AppDatabase;
  now: () => Date;
  emit: Emit;
  reachability: Reachability;
  apiOf(active: ActiveBrand): Promise<PublishingApi | null>;
  prefetchNeighbours: boolean;
}

export class PostsReader {
  private readonly outbox: OutboxRepo;
  private readonly cache: PostsCache;
  private readonly integrations: IntegrationsRepo;
  private readonly settings: SettingsRepo;
  private readonly prefetching = new Set<Promise<void>>();
  private running = true;
  /**
   * The ranges the calendar asked for most recently, refreshed by syncNow. Several, because the
   * renderer also prefetches the neighbours of the range on screen.
   */
  private recentRanges: { active: ActiveBrand; startMs: number; endMs: number }[] = [];

  constructor(private readonly o: PostsReaderOptions) {
    this.outbox = new OutboxRepo(o.db, o.now);
    this.cache = new PostsCache(o.db);
    this.integrations = new IntegrationsRepo(o.db, o.now);
    this.settings = new SettingsRepo(o.db, o.now);
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.allSettled([...this.prefetching]);
  }

  async listPosts(active: ActiveBrand, range: IpcInput<'listPosts'>): Promise<IpcOutput<'listPosts'>> {
    const startMs = Date.parse(range.start);
    const endMs = Date.parse(range.end);
    if (!(endMs > startMs))
      throw new AppFailure('INVALID_ARGUMENT', 'The end of the range must come after its start.');
    this.recentRanges = [
      { active, startMs, endMs },
      ...this.recentRanges.filter((r) => r.startMs !== startMs || r.endMs !== endMs),
    ].slice(0, RECENT_RANGES);
    let source: PostRangeResult['source'] = 'cache';
    const api = await this.o.apiOf(active);
    if (api) {
      try {
        await this.pull(api, active, startMs, endMs);
        source = 'server';
        if (this.o.prefetchNeighbours) this.prefetch(api, active, startMs, endMs);
      } catch (err) {
        // Unreachable, slow or overloaded: the calendar keeps working from the cache.
        if (!(err instanceof ApiError) || !(err.retryable || err.kind === 'malformed')) throw err;
        log.info(`posts answered from the cache: ${err.message}`);
      }
    }
    return { posts: this.view(active, startMs, endMs), source, syncedAt: this.syncedAt(active) };
  }

  /** GET /posts/:id, kept on this device so a post can be opened (and edited) offline too. */
  async getPost(active: ActiveBrand, id: string): Promise<PostDetail> {
    const api = await this.o.apiOf(active);
    if (api) {
      try {
        const detail = await api.getPost(id);
        this.o.reachability.report(true, null);
        this.cache.saveDetail(active.profileId, active.brandId, detail, this.o.now().toISOString());
        return detail;
      } catch (err) {
        if (!(err instanceof ApiError && err.retryable)) throw err;
        if (err.kind === 'network' || err.kind === 'timeout') this.o.reachability.report(false, err.message);
      }
    }
    const saved = this.cache.getDetail(active.profileId, active.brandId, id);
    if (saved) return saved;
    throw new AppFailure(
      'OFFLINE',
      'The service cannot be reached and this post has not been opened on this device before; try again once online.',
    );
  }

  /** Fetches again the ranges the calendar asked for lately, those that belong to `active`. */
  async refreshLast(active: ActiveBrand): Promise<void> {
    const ranges = this.recentRanges.filter(
      (r) => r.active.profileId === active.profileId && r.active.brandId === active.brandId,
    );
    if (ranges.length === 0) return;
    const api = await this.o.apiOf(active);
    if (!api) return;
    for (const r of ranges) {
      await this.pull(api, active, r.startMs, r.endMs).catch((err: unknown) => log.info('refresh failed', err));
    }
  }

  syncedAt(active: ActiveBrand): string | null {
    return this.settings.get(syncKey(active), SyncedAt);
  }

  /** GET /posts for a range into the cache; learns the accounts the items mention. */
  private async pull(api: PublishingApi, active: ActiveBrand, startMs: number, endMs: number): Promise<void> {
    const requestedAt = this.o.now().toISOString();
    let items: PostListItem[];
    try {
      items = await api.listPosts(new Date(startMs).toISOString(), new Date(endMs).toISOString());
    } catch (err) {
      if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')) {
        this.o.reachability.report(false, err.message);
      }
      throw err;
    }
    this.o.reachability.report(true, null);
    const { profileId, brandId } = active;
    const result = this.o.db.tx(() => {
      const keep = this.postsHeldByOutbox(active);
      // A post confirmed by the outbox after this request left is newer than the answer.
      for (const p of this.cache.listRange(profileId, brandId, startMs, endMs)) {
        if (p.syncedAt > requestedAt) keep.add(p.id);
      }
      const replaced = this.cache.replaceRange(profileId, brandId, startMs, endMs, items, requestedAt, keep);
      this.integrations.learn(
        profileId,
        brandId,
        items.map((i) => ({ ...i.integration, platform: i.integration.platform ?? null })),
      );
      this.settings.set(syncKey(active), this.o.now().toISOString());
      return replaced;
    });
    for (const outcome of result.outcomes) this.o.emit('postOutcome', outcome);
    // Only a real change is announced: the renderer refetches on it, and a quiet pull must not loop.
    if (result.changed > 0) this.o.emit('postsChanged', { brandId });
  }

  /** The weeks (or months) either side, so paging the calendar offline still shows posts. */
  private prefetch(api: PublishingApi, active: ActiveBrand, startMs: number, endMs: number): void {
    const span = endMs - startMs;
    const task = (async () => {
      for (const [s, e] of [
        [startMs - span, startMs],
        [endMs, endMs + span],
      ] as const) {
        if (!this.running) return;
        await this.pull(api, active, s, e);
      }
    })().catch((err: unknown) => log.debug('prefetch of a neighbouring range failed', err));
    this.prefetching.add(task);
    void task.finally(() => this.prefetching.delete(task));
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
    // A post moved into this range by a pending reschedule may sit anywhere in the cache.
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
      nowIso: this.o.now().toISOString(),
    });
  }
}

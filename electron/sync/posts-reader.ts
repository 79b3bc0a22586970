import { z } from 'zod';
import { brandSyncProblemOf, type BrandSyncProblem } from '../../shared/brands/sync-problem.js';
import type { PostDetail } from '../../shared/api/resources.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { CalendarPost, PostRangeResult, PostsNow } from '../../shared/posts/ipc.js';
import { ApiError } from '../api/errors.js';
import type { PublishingApi } from '../api/publishing-api.js';
import type { IntegrationsRepo } from '../integrations/integrations-repo.js';
import { AppFailure } from '../core/app-failure.js';
import { createLogger } from '../log.js';
import type { AppDatabase } from '../store/database.js';
import type { OutboxReads } from '../outbox/outbox-repo.js';
import type { CachedPost, PostsCache } from '../store/posts-cache.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import { calendarPosts, opOfLocalPost } from '../outbox/outbox-overlay.js';
import type { Emit } from '../core/events.js';
import { nextTurn } from './pull-slices.js';
import { PullThread } from './pull-thread.js';
import { PullSlots } from './pull-slots.js';
import type { Reachability } from './reachability.js';
import type { ActiveBrand } from '../core/active-brand.js';

/*
 * The calendar's reads: the cache with pending changes laid over it, answered
 * at once whatever the network does. Pulling from the service runs behind it: the range asked for
 * and its neighbours (unless pulled a moment ago), the recent ranges on a cadence and on request,
 * and a wide window after a connect or brand switch so every account of the brand is known. A pull
 * round announces one postsChanged, saying which range, and only when the cache changed.
 */

const log = createLogger('posts-reader');
const SyncedAt = z.string();
/** How many recently asked ranges the cadence refreshes: the one on screen and a few paged past. */
const RECENT_RANGES = 3;
/** A range pulled this recently is not pulled again because it was asked for again. */
const FRESH_MS = 15_000;
const DAY_MS = 86_400_000;
/**
 * Brands pulled at once. Three: ten brands' wide pulls end in about a third of the time one at a
 * time takes, a slow or refused brand holds one slot while the others go on, and the service (and
 * main's event loop, which stores each answer) never meets ten of them at once.
 */
export const PULLS_AT_ONCE = 3;
/**
 * How many answers are kept while nothing is written: the range on screen and the ones paged past,
 * for each brand of the all-brands view (ten brands × four ranges).
 */
const KEPT_ANSWERS = 40;
/** A brand the service refused (key revoked, brand not allowed, scope missing) is tried again after this, doubling. */
const REFUSED_BASE_MS = 60_000;
const REFUSED_MAX_MS = 30 * 60_000;
const syncKey = (a: ActiveBrand) => `posts.syncedAt:${a.profileId}:${a.brandId}`;
const brandKey = (a: ActiveBrand) => `${a.profileId}\u0000${a.brandId}`;

interface MsRange {
  startMs: number;
  endMs: number;
}

/**
 * The repositories the reader uses, handed in: a pull stores what the service answered in the
 * cache, the one cache write outside the posts module besides the outbox worker (lint allows it).
 */
export interface ReaderStores {
  outbox: OutboxReads;
  cache: PostsCache;
  integrations: IntegrationsRepo;
  settings: SettingsRepo;
}

export interface PostsReaderOptions {
  db: AppDatabase;
  stores: ReaderStores;
  now: () => Date;
  emit: Emit;
  reachability: Reachability;
  apiOf(active: ActiveBrand): Promise<PublishingApi | null>;
  /** Also pull the ranges before and after the one asked for. */
  prefetchNeighbours: boolean;
  /**
   * Told when the service refuses a brand's pulls for good (which refusal) and after every pull of
   * the brand that worked (null), so a mark kept from an earlier run goes too: the brand is marked,
   * and the other brands go on.
   */
  onBrandProblem?: (brand: ActiveBrand, problem: BrandSyncProblem | null) => void;
}

/** The kind of refusal of a brand's pull; null when it is not the brand's own problem (a fault, offline). */
export function brandProblem(err: unknown): BrandSyncProblem | null {
  return err instanceof ApiError ? brandSyncProblemOf(err.status, err.code) : null;
}

export class PostsReader {
  private readonly outbox: OutboxReads;
  private readonly cache: PostsCache;
  private readonly integrations: IntegrationsRepo;
  private readonly settings: SettingsRepo;
  /** The pull worker: reads, checks and writes the answers (started at the first pull). */
  private readonly thread: PullThread;
  private running = true;
  /**
   * Each brand's pull rounds, chained: a brand's rounds run one after another (a burst of asks never
   * fans out into parallel GETs of one brand), and its entry goes once its last round ended.
   */
  private readonly rounds = new Map<string, Promise<void>>();
  /** Rounds of different brands share PULLS_AT_ONCE slots. */
  private readonly slots = new PullSlots(PULLS_AT_ONCE);
  /** When each range (by brand and bounds) was last pulled, or is queued to be: the freshness check. */
  private readonly pulledAt = new Map<string, number>();
  private recentRanges: { active: ActiveBrand; range: MsRange }[] = [];
  /** Brands the service refused: how often in a row, and not asked again before `untilMs`. */
  private readonly refused = new Map<string, { failures: number; untilMs: number }>();
  /**
   * Answers kept until the next write that touches them: a range asked again (paging back, a
   * refetch that found nothing new) is answered from memory. Any write on main's connection (posts,
   * outbox, accounts, settings) moves SQLite's total_changes(); the pull worker's writes (its own
   * connection) move their brand's count here, as each slice it committed is reported, so a pull of
   * one brand leaves the other brands' answers kept.
   */
  private answers: { key: string; brand: string; version: string; posts: CalendarPost[] }[] = [];
  /** Slices the pull worker committed, by brand. */
  private readonly brandWrites = new Map<string, number>();

  constructor(private readonly o: PostsReaderOptions) {
    this.thread = new PullThread(o.db);
    this.outbox = o.stores.outbox;
    this.cache = o.stores.cache;
    this.integrations = o.stores.integrations;
    this.settings = o.stores.settings;
  }

  async stop(): Promise<void> {
    this.running = false;
    // The worker writes no slice after this; the pulls it held end, then it closes its connection.
    const stopped = this.thread.stop();
    await this.pulled();
    await stopped;
  }

  /** A new key, connection or view: every brand the service refused is asked again at once. */
  forgetRefusals(): void {
    this.refused.clear();
  }

  /** Resolves once every pull asked for so far has ended (tests and syncNow wait on it). */
  async pulled(): Promise<void> {
    while (this.rounds.size > 0) await Promise.all(this.rounds.values());
  }

  listPosts(active: ActiveBrand, range: IpcInput<'listPosts'>): IpcOutput<'listPosts'> {
    const startMs = Date.parse(range.start);
    const endMs = Date.parse(range.end);
    if (!(endMs > startMs))
      throw new AppFailure('INVALID_ARGUMENT', 'The end of the range must come after its start.');
    const asked = { startMs, endMs };
    // The last few ranges of each brand (the all-brands view asks for every brand's).
    const perBrand = new Map<string, number>();
    this.recentRanges = [
      { active, range: asked },
      ...this.recentRanges.filter(
        (r) => !sameBrand(r.active, active) || r.range.startMs !== startMs || r.range.endMs !== endMs,
      ),
    ].filter((r) => {
      const n = (perBrand.get(brandKey(r.active)) ?? 0) + 1;
      perBrand.set(brandKey(r.active), n);
      return n <= RECENT_RANGES;
    });
    const span = endMs - startMs;
    const around = this.o.prefetchNeighbours
      ? [
          { startMs: startMs - span, endMs: startMs },
          { startMs: endMs, endMs: endMs + span },
        ]
      : [];
    this.pullInBackground(active, [asked, ...around], false);
    const source: PostRangeResult['source'] = this.o.reachability.online ? 'server' : 'cache';
    return { posts: this.keptView(active, asked), source, syncedAt: this.syncedAt(active) };
  }

  /** The same view without pulling anything: for main's own planners (evergreen), run after pulls. */
  viewPosts(active: ActiveBrand, range: IpcInput<'listPosts'>): IpcOutput<'listPosts'> {
    const asked = { startMs: Date.parse(range.start), endMs: Date.parse(range.end) };
    const source: PostRangeResult['source'] = this.o.reachability.online ? 'server' : 'cache';
    return { posts: this.keptView(active, asked), source, syncedAt: this.syncedAt(active) };
  }

  /**
   * The posts of several brands in a range (the all-brands view), each post marked with its brand,
   * in time order; every brand's range is pulled behind the answer, PULLS_AT_ONCE brands at a time.
   */
  async listPostsOf(
    brands: readonly ActiveBrand[],
    range: IpcInput<'listPosts'>,
  ): Promise<IpcOutput<'listPosts'>> {
    // A turn of the event loop between brands: ten brands' posts built in one go held main for
    // hundreds of ms while a pull wrote (every write makes the kept answers stale), and a drag's
    // call waited behind them.
    const parts: IpcOutput<'listPosts'>[] = [];
    for (const [i, b] of brands.entries()) {
      if (i > 0) await nextTurn();
      parts.push(this.listPosts(b, range));
    }
    const posts = parts.length === 1 ? (parts[0]?.posts ?? []) : mergeByDate(parts.map((p) => p.posts));
    const synced = parts.flatMap((p) => (p.syncedAt ? [p.syncedAt] : [])).sort();
    return {
      posts,
      source: this.o.reachability.online ? 'server' : 'cache',
      // The oldest brand's: the all-brands view is as fresh as its stalest brand.
      syncedAt: synced[0] ?? null,
    };
  }

  /** The posts with these ids (local ones too) as the calendar shows them now, and those it no longer shows. */
  shown(active: ActiveBrand, ids: readonly string[]): PostsNow {
    const { profileId, brandId } = active;
    const cached = ids.flatMap((id) => this.cache.get(profileId, brandId, id) ?? []);
    const wanted = new Set(ids);
    const groups = cached.flatMap((p) => (p.group ? [p.group] : []));
    const posts = calendarPosts({
      cached,
      // Only the operations that touch these posts: the whole queue here made each confirmation
      // of a long queue read and check every queued payload.
      ops: this.outbox.listAffecting(active, {
        opIds: ids.flatMap((id) => opOfLocalPost(id) ?? []),
        postIds: cached.map((p) => p.id),
        groups,
      }),
      groupSizes: this.cache.groupSizes(profileId, brandId, groups),
      integrations: new Map(this.integrations.list(profileId, brandId).map((i) => [i.id, i])),
      brand: { profileId, brandId },
      startMs: -Infinity,
      endMs: Infinity,
      nowIso: this.o.now().toISOString(),
    }).filter((p) => wanted.has(p.id));
    const present = new Set(posts.map((p) => p.id));
    return { posts, hidden: ids.filter((id) => !present.has(id)) };
  }

  /** Pulls again the ranges the calendar asked for lately (cadence, window focus, syncNow). */
  refreshRecent(active: ActiveBrand): Promise<void> {
    const ranges = this.recentRanges.filter((r) => sameBrand(r.active, active)).map((r) => r.range);
    return this.pullInBackground(active, ranges, true);
  }

  /**
   * A wide pull (90 days back, 180 ahead) right after a connect or brand switch: it fills the cache
   * for offline use and teaches main every account that has posts, before any screen asks.
   */
  learnBrand(active: ActiveBrand): Promise<void> {
    const nowMs = this.o.now().getTime();
    return this.pullInBackground(
      active,
      [{ startMs: nowMs - 90 * DAY_MS, endMs: nowMs + 180 * DAY_MS }],
      true,
    );
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

  syncedAt(active: ActiveBrand): string | null {
    return this.settings.get(syncKey(active), SyncedAt);
  }

  /**
   * Queues one round of pulls; skips ranges pulled within FRESH_MS unless `force`. The round stops
   * at the first network failure (the rest would fail alike) and announces one postsChanged
   * spanning the ranges that changed.
   */
  private pullInBackground(active: ActiveBrand, ranges: readonly MsRange[], force: boolean): Promise<void> {
    const nowMs = Date.now();
    const due = ranges.filter((r) => {
      const at = this.pulledAt.get(this.rangeKey(active, r));
      return force || at === undefined || nowMs - at > FRESH_MS;
    });
    // Offline, reads do not knock on the service: the probe notices its return, and the engine
    // then pulls the recent ranges again.
    const key = brandKey(active);
    const queued = this.rounds.get(key) ?? Promise.resolve();
    if (due.length === 0 || !this.running || (!force && !this.o.reachability.online)) return queued;
    // A brand the service refused waits out its backoff: it never holds up the other brands' pulls.
    const refused = this.refused.get(key);
    if (refused && nowMs < refused.untilMs) return queued;
    for (const r of due) this.pulledAt.set(this.rangeKey(active, r), nowMs);
    const round = async () => {
      const api = await this.o.apiOf(active);
      if (!api) return;
      const changed: MsRange[] = [];
      for (const r of due) {
        if (!this.running) return;
        try {
          if (await this.pull(api, active, r.startMs, r.endMs)) changed.push(r);
          this.refused.delete(key);
          this.o.onBrandProblem?.(active, null);
        } catch (err) {
          // Asked again later (freshness forgotten), so a range missed offline is pulled once back.
          for (const d of due) this.pulledAt.delete(this.rangeKey(active, d));
          const problem = brandProblem(err);
          if (problem) {
            const failures = (this.refused.get(key)?.failures ?? 0) + 1;
            const wait = Math.min(REFUSED_MAX_MS, REFUSED_BASE_MS * 2 ** (failures - 1));
            this.refused.set(key, { failures, untilMs: Date.now() + wait });
            this.o.onBrandProblem?.(active, problem);
          }
          log.info('background pull stopped', err);
          break;
        }
      }
      if (changed.length === 0) return;
      const start = Math.min(...changed.map((r) => r.startMs));
      const end = Math.max(...changed.map((r) => r.endMs));
      this.o.emit('postsChanged', {
        brandId: active.brandId,
        range: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
        update: null,
      });
    };
    // After the brand's own queued rounds, in one of the shared slots.
    const next = queued
      .then(() => this.slots.run(round))
      .catch((err: unknown) => log.warn('a background pull failed', err));
    this.rounds.set(key, next);
    void next.then(() => {
      if (this.rounds.get(key) === next) this.rounds.delete(key);
    });
    return next;
  }

  private rangeKey(active: ActiveBrand, r: MsRange): string {
    return `${brandKey(active)}\u0000${r.startMs}\u0000${r.endMs}`;
  }

  /**
   * GET /posts for a range into the cache; learns the accounts the items mention. True when the
   * cache changed. Main sends the request and meets its faults; the answer's bytes go to the pull
   * worker unread, which checks them and writes them a slice at a time with its own connection
   * (pull-thread.ts): reading, checking and writing a wide pull of ten brands never holds main.
   */
  private async pull(
    api: PublishingApi,
    active: ActiveBrand,
    startMs: number,
    endMs: number,
  ): Promise<boolean> {
    const requestedAt = this.o.now().toISOString();
    const { profileId, brandId } = active;
    let written: { changed: number; stopped: boolean };
    try {
      written = await api.listPostsTaken(
        new Date(startMs).toISOString(),
        new Date(endMs).toISOString(),
        (body) => {
          this.o.reachability.report(true, null);
          const job = {
            profileId,
            brandId,
            startMs,
            endMs,
            requestedAt,
            syncedAtKey: syncKey(active),
            answeredAt: this.o.now().toISOString(),
            body,
          };
          return this.thread.write(job, (slice) => {
            const key = brandKey(active);
            this.brandWrites.set(key, (this.brandWrites.get(key) ?? 0) + 1);
            for (const outcome of slice.outcomes) this.o.emit('postOutcome', outcome);
          });
        },
      );
    } catch (err) {
      if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')) {
        this.o.reachability.report(false, err.message);
      }
      throw err;
    }
    // The worker wrote when the brand was pulled (syncKey), unless stopped. Only a real change is announced: the renderer refetches on it, and a quiet pull must not loop.
    return written.changed > 0;
  }

  private keptView(active: ActiveBrand, range: MsRange): CalendarPost[] {
    const key = this.rangeKey(active, range);
    const row = this.o.db.sql.prepare('SELECT total_changes() AS n').get() as { n: unknown };
    const mainWrites = Number(row.n);
    const versionOf = (brand: string) => `${mainWrites}:${this.brandWrites.get(brand) ?? 0}`;
    const brand = brandKey(active);
    const version = versionOf(brand);
    const kept = this.answers.find((a) => a.key === key && a.version === version);
    if (kept) return [...kept.posts];
    const posts = this.view(active, range.startMs, range.endMs);
    this.answers = [
      { key, brand, version, posts },
      ...this.answers.filter((a) => a.key !== key && a.version === versionOf(a.brand)),
    ].slice(0, KEPT_ANSWERS);
    return [...posts];
  }

  private view(active: ActiveBrand, startMs: number, endMs: number) {
    const { profileId, brandId } = active;
    const ops = this.outbox.list(active);
    const cached = this.cache.listRange(profileId, brandId, startMs, endMs);
    const groupSizes = this.cache.groupSizesInRange(profileId, brandId, startMs, endMs);
    // A post moved into this range by a pending reschedule may sit anywhere in the cache.
    const movedIn: CachedPost[] = [];
    for (const op of ops) {
      if (op.kind !== 'reschedule') continue;
      const moved = this.cache.get(profileId, brandId, op.payload.postId);
      if (moved) movedIn.push(moved);
    }
    const outside = movedIn.flatMap((p) => (p.group && !groupSizes.has(p.group) ? [p.group] : []));
    for (const [g, n] of this.cache.groupSizes(profileId, brandId, outside)) groupSizes.set(g, n);
    return calendarPosts({
      cached: [...cached, ...movedIn],
      ops,
      groupSizes,
      integrations: new Map(this.integrations.list(profileId, brandId).map((i) => [i.id, i])),
      brand: { profileId, brandId },
      startMs,
      endMs,
      nowIso: this.o.now().toISOString(),
    });
  }
}

/**
 * Lists already in time order, merged into one (ties by id, as calendarPosts orders them). Each
 * date read once: sorting ten brands' week (4,700 posts) parsed two dates per comparison, tens of
 * ms of main's time on every refetch while brands pull.
 */
function mergeByDate(lists: readonly CalendarPost[][]): CalendarPost[] {
  return lists
    .flat()
    .map((post) => ({ post, ms: Date.parse(post.publishDate) }))
    .sort((a, b) => a.ms - b.ms || a.post.id.localeCompare(b.post.id))
    .map((d) => d.post);
}

const sameBrand = (a: ActiveBrand, b: ActiveBrand) => a.profileId === b.profileId && a.brandId === b.brandId;

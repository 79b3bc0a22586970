/**
 * The sync engine: the calendar's reads (from the cache at once, pulled from the service behind
 * them) and every write through the durable outbox. A plain class, dependencies passed in.
 *
 * electron/app-services.ts builds the one engine of the app (openDatabase and the repositories, then
 * `new SyncEngine` with the profiles' `apiFor` and `activeBrand`, and the event hub's `emit`), starts
 * it, and stops it before the database closes. Writes are not here: they go through the posts
 * module (electron/posts/), which the engine lends its view of posts, its counts and its worker.
 * Each public read answers the IPC method of the same name (shared/ipc/contract.ts).
 *
 * Reads act on the brand the call names (the handler passes it); the outbox sends every brand's operations
 * through `apiFor`, so switching brand never strands a queued change.
 */
import type { MediaObject } from '../../shared/api/resources.js';
import type { BrandSyncProblem } from '../../shared/brands/sync-problem.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { CalendarPost, PostsNow } from '../../shared/posts/ipc.js';
import type { OutboxItemView, SyncStatus } from '../../shared/outbox/ipc.js';
import { ApiError } from '../api/errors.js';
import type { PublishingApi } from '../api/publishing-api.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { notConnected } from '../core/app-failure.js';
import type { Emit } from '../core/events.js';
import { createLogger } from '../log.js';
import type { MediaRepo } from '../media/media-repo.js';
import { touchedBy } from '../outbox/outbox-entries.js';
import type { AppDatabase } from '../store/database.js';
import type { OutboxHead, OutboxReads, OutboxRecord } from '../outbox/outbox-repo.js';
import type { PostsCacheReads } from '../store/posts-cache.js';
import { DEFAULT_BACKOFF, type BackoffOptions } from '../outbox/backoff.js';
import {
  OutboxWorker,
  type ApiFor,
  type OutboxWorkerOptions,
  type SendOutcome,
  type WorkerStores,
} from '../outbox/outbox-worker.js';
import { outboxItemView } from '../outbox/outbox-views.js';
import { PostsReader, type ReaderStores } from './posts-reader.js';
import { Reachability } from './reachability.js';

const log = createLogger('sync');

export interface SyncEngineOptions {
  db: AppDatabase;
  /** The repositories, built once by the composition root (the outbox worker and the pull write through them). */
  stores: WorkerStores & ReaderStores & { media: MediaRepo };
  /** The API for a profile and brand, or null when it has no usable key right now (may be async). */
  apiFor: ApiFor;
  /** The profile and brand the window shows, or null before any connection. */
  active: () => ActiveBrand | null;
  /**
   * The brands the calendar shows: every brand of every connection in the all-brands view, else
   * the active one (the default). Their posts are read, pulled and announced.
   */
  shownBrands?: () => ActiveBrand[];
  /** Told when the service refuses a brand for good (what to do), and when it works again (null). */
  onBrandProblem?: (brand: ActiveBrand, problem: BrandSyncProblem | null) => void;
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
  /** Outbox requests in flight at once (default: the worker's SLOTS). */
  slots?: number;
  /** After how long an outbox request stops holding its slot (default: the worker's STALL_MS). */
  stallMs?: number;
  /** Client review (electron/review/): what the outbox holds back, and the review laid over posts. */
  review?: ReviewHooks;
  /** The copy of a create that is sent (tracked links); absent: as saved. */
  sentCopy?: OutboxWorkerOptions['sentCopy'];
}

/** What client review lends the engine; absent, nothing is held and posts show as they are. */
export interface ReviewHooks {
  holds(op: OutboxHead): boolean;
  heldReason(op: OutboxRecord): string | null;
  decorate(scope: ActiveBrand, posts: CalendarPost[]): CalendarPost[];
}

export class SyncEngine {
  private readonly outbox: OutboxReads;
  private readonly media: MediaRepo;
  private readonly worker: OutboxWorker;
  readonly reachability: Reachability;
  private readonly reader: PostsReader;
  private readonly cache: PostsCacheReads;
  private cadence: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly o: SyncEngineOptions) {
    const now = o.now ?? (() => new Date());
    const random = o.random ?? Math.random;
    this.outbox = o.stores.outbox;
    this.media = o.stores.media;
    this.cache = o.stores.cache;
    const apiOf = (active: ActiveBrand) => this.apiOf(active);
    this.reachability = new Reachability({
      backoff: o.probe ?? { baseMs: 2000, maxMs: 60_000 },
      random,
      probe: () => this.probe(),
      onChange: (online) => {
        this.emitStatus();
        if (!online) return;
        this.worker.retryNow();
        for (const brand of this.shownBrands()) void this.reader.refreshRecent(brand);
      },
    });
    this.worker = new OutboxWorker({
      db: o.db,
      stores: o.stores,
      apiFor: o.apiFor,
      emit: o.emit,
      now,
      backoff: o.backoff ?? DEFAULT_BACKOFF,
      random,
      onChanged: (op, what, newPostIds = []) =>
        this.announce(op, what === 'posts' ? [...touchedBy(this.cache, op), ...newPostIds] : null),
      onReachability: (online, error) => this.reachability.report(online, error),
      slots: o.slots,
      stallMs: o.stallMs,
      holds: (op) => o.review?.holds(op) ?? false,
      ...(o.sentCopy ? { sentCopy: o.sentCopy } : {}),
    });
    this.reader = new PostsReader({
      db: o.db,
      stores: o.stores,
      now,
      emit: o.emit,
      reachability: this.reachability,
      apiOf,
      prefetchNeighbours: o.prefetchNeighbours ?? true,
      onBrandProblem: o.onBrandProblem,
    });
  }

  /** The brands the calendar shows (the active one unless the all-brands view is on). */
  private shownBrands(): ActiveBrand[] {
    if (this.o.shownBrands) return this.o.shownBrands();
    const active = this.o.active();
    return active ? [active] : [];
  }

  private isShown(brand: Pick<OutboxRecord, 'profileId' | 'brandId'>): boolean {
    return this.shownBrands().some((b) => b.profileId === brand.profileId && b.brandId === brand.brandId);
  }

  /** Picks up what a previous run left (including operations cut off mid-send) and starts sending. */
  start(): void {
    this.reachability.start();
    this.worker.start();
    this.emitStatus();
    this.cadence = setInterval(() => {
      for (const brand of this.shownBrands()) void this.reader.refreshRecent(brand);
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
    // A new key may be the fix a refused brand's sentence asked for: no backoff keeps it waiting.
    this.reader.forgetRefusals();
    // Every brand shown: in the all-brands view, the reader pulls PULLS_AT_ONCE brands at a time,
    // so ten brands never fan out into ten parallel pulls and one slow brand holds up no other.
    for (const brand of this.shownBrands()) void this.reader.learnBrand(brand);
  }

  /** Resolves when every background pull asked for so far has ended. */
  pulled(): Promise<void> {
    return this.reader.pulled();
  }

  /** Sends what waits now, ending any backoff: a key was set, the brand changed, the user asked. */
  retryNow(): void {
    this.worker.retryNow();
  }

  /** Sends what is due after a local write; any backoff under way still holds. */
  wake(): void {
    this.worker.wake();
  }

  /** Waits a few seconds for what becomes of a send just queued (the composer's; OutboxWorker.outcomeOf). */
  outcomeOf(ids: readonly string[], ms: number): Promise<SendOutcome> {
    return this.worker.outcomeOf(ids, ms);
  }

  /** Resolves when nothing is being sent and nothing is due right now. */
  idle(): Promise<void> {
    return this.worker.idle();
  }

  // ---- the calendar ----

  /** A brand's cache with pending changes laid over it, at once; the range is pulled behind the answer. */
  listPosts(active: ActiveBrand, range: IpcInput<'listPosts'>): IpcOutput<'listPosts'> {
    return this.reviewed(active, this.reader.listPosts(active, range));
  }

  /**
   * What the calendar shows in a range: the active brand's posts, or in the all-brands view every
   * brand's, each marked with its brand. Every brand's range is pulled behind the answer.
   */
  async listShownPosts(range: IpcInput<'listPosts'>): Promise<IpcOutput<'listPosts'>> {
    const brands = this.shownBrands();
    if (brands.length === 0) throw notConnected();
    return this.reviewedAcross(brands, await this.reader.listPostsOf(brands, range));
  }

  /** The posts with these ids as the calendar shows them now, and those it no longer shows (a write's answer). */
  shown(active: ActiveBrand, ids: readonly string[]): PostsNow {
    return this.reviewed(active, this.reader.shown(active, ids));
  }

  /** Posts of several brands with each brand's review laid over, in the order they came. */
  private reviewedAcross<T extends { posts: CalendarPost[] }>(brands: readonly ActiveBrand[], answer: T): T {
    const review = this.o.review;
    if (!review) return answer;
    if (brands.length === 1) return this.reviewed(brands[0]!, answer);
    const laid = new Map<CalendarPost, CalendarPost>();
    for (const b of brands) {
      const mine = answer.posts.filter((p) => p.profileId === b.profileId && p.brandId === b.brandId);
      review.decorate(b, mine).forEach((post, i) => laid.set(mine[i]!, post));
    }
    return { ...answer, posts: answer.posts.map((p) => laid.get(p) ?? p) };
  }

  /** Posts with their review laid over (client review), when the app has it. */
  private reviewed<T extends { posts: CalendarPost[] }>(active: ActiveBrand, answer: T): T {
    return this.o.review ? { ...answer, posts: this.o.review.decorate(active, answer.posts) } : answer;
  }

  /** Stops an upload on its way (the posts module removes its operation). */
  abortUpload(outboxId: string): void {
    this.worker.abortUpload(outboxId);
  }

  /**
   * Posts by id as the calendar shows them now (an export of a selection or of search results):
   * `active`'s, or in the all-brands view each under its own brand.
   */
  postsShown(active: ActiveBrand, ids: readonly string[]): CalendarPost[] {
    const brands = this.shownBrands();
    if (brands.length < 2) return this.shown(active, ids).posts;
    // The all-brands view: each post is found under its own brand (each brand's posts are looked up by id).
    const found: CalendarPost[] = [];
    let left = [...ids];
    for (const brand of brands) {
      if (left.length === 0) break;
      const posts = this.shown(brand, left).posts;
      const got = new Set(posts.map((p) => p.id));
      found.push(...posts);
      left = left.filter((id) => !got.has(id));
    }
    return found;
  }

  /** A brand's calendar view of a range, without pulling it (main's own planners). */
  viewPosts(active: ActiveBrand, range: IpcInput<'listPosts'>): IpcOutput<'listPosts'> {
    return this.reviewed(active, this.reader.viewPosts(active, range));
  }

  /** One post with its blocks, media and settings; the copy saved last time when offline. */
  async getPost(brand: ActiveBrand, input: IpcInput<'getPost'>): Promise<IpcOutput<'getPost'>> {
    // The post's own brand (its connection's key and x-brand-id), found in the cache of the brands
    // shown: in the all-brands view the details of any brand's post open.
    const active = this.brandHolding(input.id) ?? brand;
    const detail = await this.reader.getPost(active, input.id);
    // A post read in full says which media it uses: the media library counts them.
    const ids = detail.value.flatMap((b) => (b.image ?? []).map((i) => i.id));
    this.media.replaceUsesOfPost(active.profileId, active.brandId, detail.id, [...new Set(ids)]);
    return detail;
  }

  // ---- media ----

  listMedia(active: ActiveBrand): MediaObject[] {
    return this.media.list(active.profileId, active.brandId).map((r) => r.media);
  }

  // ---- the outbox as the user sees it ----

  /** The changes waiting of every brand shown (all of them in the all-brands view), brand by brand. */
  listOutbox(): OutboxItemView[] {
    if (!this.o.active()) return [];
    return this.shownBrands().flatMap((b) =>
      this.outbox.list(b).map((op) => {
        const heldBecause = this.o.review?.heldReason(op) ?? null;
        return heldBecause ? { ...outboxItemView(op), heldBecause } : outboxItemView(op);
      }),
    );
  }

  /** Any call that found the service unreachable (profile checks too) switches the app to offline. */
  noticeUnreachable(reason: string): void {
    this.reachability.report(false, reason);
  }

  getSyncStatus(): SyncStatus {
    const active = this.o.active();
    // The counts of every brand shown (all of them in the all-brands view).
    const counts = active
      ? this.shownBrands()
          .map((b) => this.outbox.countByStatus(b))
          .reduce(
            (sum, c) => ({
              pending: sum.pending + c.pending,
              sending: sum.sending + c.sending,
              failed: sum.failed + c.failed,
              needsDecision: sum.needsDecision + c.needsDecision,
            }),
            { pending: 0, sending: 0, failed: 0, needsDecision: 0 },
          )
      : null;
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
    await Promise.all(this.shownBrands().map((b) => this.reader.refreshRecent(b)));
    return this.getSyncStatus();
  }

  // ---- helpers ----

  /**
   * Tells the window when something of the brand it shows changed: the counts always, and with
   * `touched` how those posts show now, so the window applies it without reading the range again.
   */
  announce(op: Pick<OutboxRecord, 'profileId' | 'brandId'>, touched: readonly string[] | null): void {
    // Any brand the calendar shows (every brand in the all-brands view); the window files a brand's
    // change under that brand and under the all-brands view.
    if (!this.o.active() || !this.isShown(op)) return;
    this.o.emit('syncStatus', this.getSyncStatus());
    if (touched && touched.length > 0) {
      const brand = { profileId: op.profileId, brandId: op.brandId };
      this.o.emit('postsChanged', {
        brandId: brand.brandId,
        range: null,
        update: this.shown(brand, touched),
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

  /** The API of a brand, or null while it has no usable key (the reads answer from the cache then). */
  async apiOf(active: ActiveBrand): Promise<PublishingApi | null> {
    try {
      return await this.o.apiFor(active.profileId, active.brandId);
    } catch (err) {
      log.warn('no usable key for the active brand; answering from the cache', err);
      return null;
    }
  }

  /** The shown brand whose cache holds this post, when it is not the active one. */
  private brandHolding(id: string): ActiveBrand | null {
    const brands = this.shownBrands();
    if (brands.length < 2) return null;
    return brands.find((b) => this.cache.get(b.profileId, b.brandId, id) !== null) ?? null;
  }
}

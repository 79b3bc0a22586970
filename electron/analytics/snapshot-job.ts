import type { AnalyticsResponse } from '../../shared/api/resources.js';
import type { Scope } from '../../shared/api/scopes.js';
import { brandSyncProblemOf } from '../../shared/brands/sync-problem.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { ApiError } from '../api/errors.js';
import { backoffMs } from '../api/retry.js';
import type { Emit } from '../core/events.js';
import { createLogger } from '../log.js';
import type { AnalyticsRepo, HistoryProblemKind } from './analytics-repo.js';

/*
 * The background snapshot of every account of every brand of every connection: a few brands at
 * once, one account at a time within a brand, each account's answer kept in one transaction as it
 * arrives. A brand the service refuses is marked and waits out a backoff; a passing fault (no
 * network, a busy service) is simply tried again later, and neither holds up the other brands.
 */

const log = createLogger('analytics');

/** Brands snapshotted at once: the service (and main, which stores each answer) never meets them all. */
export const BRANDS_AT_ONCE = 3;
const HOUR_MS = 3_600_000;
/** A brand is snapshotted again once its last snapshot is this old (once a day, with room for drift). */
const STALE_MS = 20 * HOUR_MS;

export interface SnapshotBackoff {
  /** After a passing fault (no network, 5xx, 429): first wait, doubled per failure, and its ceiling. */
  passing: { baseMs: number; maxMs: number };
  /** After the service refused the brand (scope, key, brand not allowed). */
  refused: { baseMs: number; maxMs: number };
}

const DEFAULT_BACKOFF: SnapshotBackoff = {
  passing: { baseMs: 30_000, maxMs: 30 * 60_000 },
  refused: { baseMs: 60_000, maxMs: 30 * 60_000 },
};

/** What a snapshot asks of one brand's connection. */
export interface AnalyticsSource {
  getProfileAnalytics(integrationId: string, signal?: AbortSignal): Promise<AnalyticsResponse>;
}

export interface SnapshotJobOptions {
  repo: AnalyticsRepo;
  now: () => Date;
  emit: Emit;
  /** Every brand of every connection the app holds. */
  brands: () => BrandRef[];
  /** The ids of a brand's accounts, as main knows them. */
  accountsOf: (brand: BrandRef) => string[];
  /** What the brand's key may do, as the service last said (null: unknown, so it is asked). */
  scopesOf: (brand: BrandRef) => readonly string[] | null;
  /** A client acting on the brand, or null when its connection has no key on this computer. */
  apiFor: (brand: BrandRef) => Promise<AnalyticsSource | null>;
  /** Whether the service was reachable lately: offline, a run waits for the network to return. */
  online: () => boolean;
  /**
   * Resolves once the pulls under way have ended: a new connection's accounts are learned by its
   * first pull, so a snapshot asked for on connecting waits for them.
   */
  settled: () => Promise<void>;
  backoff?: SnapshotBackoff;
  random?: () => number;
}

/**
 * Which brands a run takes: all of them (on start, on demand), or those due: never snapshotted,
 * a day old, marked, or out of their backoff (a new connection or key, the hourly look, retries).
 */
type RunMode = 'all' | 'due';

interface Waiting {
  failures: number;
  untilMs: number;
  /** A passing fault is forgotten when the network returns; a refusal waits out its time. */
  passing: boolean;
}

const ANALYTICS_SCOPE: Scope = 'analytics:read';
const brandKey = (b: BrandRef) => `${b.profileId}\u0000${b.brandId}`;

/** The sentence a person reads for a brand whose history cannot be brought up to date. */
export function historyProblemSentence(problem: HistoryProblemKind): string {
  switch (problem) {
    case 'scope-missing':
      return 'This key may not read analytics: add the analytics permission to a key in the service, then paste it in Settings. The results kept so far still show.';
    case 'brand-not-allowed':
      return 'This connection’s key may not act on this brand: ask an owner for a key that includes it, or connect the brand with its own key.';
    case 'key-refused':
      return 'This connection’s key was refused (revoked or expired): paste a new key in Settings to bring its results up to date.';
    case 'refused':
      return 'The service refused this brand’s analytics: check the key’s access in the service, then paste it again in Settings.';
    case 'no-key':
      return 'This connection’s key is not on this computer any more: paste it again in Settings to bring its results up to date.';
  }
}

export class SnapshotJob {
  private running = false;
  private controller = new AbortController();
  /** The run under way (with the ones asked for while it ran), or null. */
  private current: Promise<void> | null = null;
  /** A run asked for while one was going on: taken once it ends. */
  private again: RunMode | null = null;
  /** A run asked for while offline: taken when the network returns. */
  private waitingOnline: RunMode | null = null;
  private readonly waiting = new Map<string, Waiting>();
  private retryTimer: NodeJS.Timeout | null = null;
  private hourly: NodeJS.Timeout | null = null;
  private readonly backoff: SnapshotBackoff;
  private busy = false;

  constructor(private readonly o: SnapshotJobOptions) {
    this.backoff = o.backoff ?? DEFAULT_BACKOFF;
  }

  /** Whether a run is going on, as analyticsChanged last said (a read right after the event agrees). */
  get updating(): boolean {
    return this.busy;
  }

  /** Starts taking runs, and looks every hour for brands whose last snapshot is a day old. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.controller = new AbortController();
    this.hourly = setInterval(() => this.request('due'), HOUR_MS);
    this.hourly.unref();
  }

  /** Waits for the run under way; the request in flight is cancelled and nothing is written after. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.hourly) clearInterval(this.hourly);
    this.retryTimer = this.hourly = null;
    this.controller.abort();
    await this.current;
  }

  /**
   * Asks for a run; answers whether one will happen. `fresh` (a new key, a connection, the user
   * asking) forgets every brand's backoff, since it may be the fix a refused brand's sentence asked for.
   */
  request(mode: RunMode, fresh = false): boolean {
    if (!this.running) return false;
    if (fresh) this.waiting.clear();
    if (this.current) {
      this.again = this.again === 'all' || mode === 'all' ? 'all' : 'due';
      return true;
    }
    const run = this.loop(mode).finally(() => {
      this.current = null;
      // A run asked for as this one ended (an analyticsChanged listener, say) is not lost.
      const next = this.again;
      this.again = null;
      if (next && this.running) this.request(next);
      else this.scheduleRetry();
    });
    this.current = run;
    return true;
  }

  /** The service answers again: brands that met a passing fault are tried at once. */
  onlineAgain(): void {
    for (const [key, w] of this.waiting) if (w.passing) this.waiting.delete(key);
    const mode = this.waitingOnline;
    this.waitingOnline = null;
    if (mode) this.request(mode);
  }

  private async loop(first: RunMode): Promise<void> {
    this.busy = true;
    this.o.emit('analyticsChanged', { updating: true });
    try {
      for (let mode: RunMode | null = first; mode && this.running;) {
        await this.runOnce(mode);
        mode = this.again;
        this.again = null;
      }
    } catch (error) {
      log.warn('an analytics snapshot stopped', error);
    } finally {
      this.busy = false;
      this.o.emit('analyticsChanged', { updating: false });
    }
  }

  private async runOnce(mode: RunMode): Promise<void> {
    await this.settledOrStopped();
    if (!this.running) return;
    if (!this.o.online()) {
      this.waitingOnline = this.waitingOnline === 'all' || mode === 'all' ? 'all' : 'due';
      return;
    }
    const nowMs = this.o.now().getTime();
    const brands = this.o.brands().filter((b) => {
      const w = this.waiting.get(brandKey(b));
      if (w && nowMs < w.untilMs) return false;
      if (mode === 'all' || w) return true;
      // A marked brand is due too: the change that asked for this run may be its fix.
      const { snapshotAt, problem } = this.o.repo.brandState(b);
      if (problem !== null || snapshotAt === null || nowMs - Date.parse(snapshotAt) >= STALE_MS) return true;
      // An account learned since the brand's last snapshot (a brand opened for the first time, whose
      // pull has just learned its accounts) has no history yet: the brand is due for it.
      const kept = new Set(this.o.repo.accounts(b).map((a) => a.integrationId));
      return this.o.accountsOf(b).some((id) => !kept.has(id));
    });
    // A few workers take the brands in turn: one slow or refused brand holds one of them.
    const queue = [...brands];
    const worker = async () => {
      for (let brand = queue.shift(); brand && this.running; brand = queue.shift())
        await this.snapshotBrand(brand);
    };
    await Promise.all(Array.from({ length: Math.min(BRANDS_AT_ONCE, queue.length) }, worker));
  }

  private async snapshotBrand(brand: BrandRef): Promise<void> {
    const key = brandKey(brand);
    // Said before any request: a brand whose accounts are not known yet is marked too.
    const scopes = this.o.scopesOf(brand);
    if (scopes && !scopes.includes(ANALYTICS_SCOPE)) {
      this.o.repo.markProblem(brand, 'scope-missing');
      this.wait(key, false);
      return;
    }
    let api: AnalyticsSource | null;
    try {
      api = await this.o.apiFor(brand);
    } catch (error) {
      // The keychain did not answer: a passing trouble of this computer, tried again later.
      log.warn('no client for an analytics snapshot', error);
      this.wait(key, true);
      return;
    }
    if (!this.running) return;
    if (!api) {
      this.o.repo.markProblem(brand, 'no-key');
      this.wait(key, false);
      return;
    }
    for (const integrationId of this.o.accountsOf(brand)) {
      let answer: AnalyticsResponse;
      try {
        answer = await api.getProfileAnalytics(integrationId, this.controller.signal);
      } catch (error) {
        if (!this.running) return;
        const problem = error instanceof ApiError ? brandSyncProblemOf(error.status, error.code) : null;
        if (problem) {
          this.o.repo.markProblem(brand, problem);
          this.wait(key, false);
          return;
        }
        if (!(error instanceof ApiError) || error.retryable) {
          // The rest of the brand would meet the same fault: it is all tried again later.
          log.info('an analytics snapshot waits for a passing fault', error);
          this.wait(key, true);
          return;
        }
        // This account's own trouble (gone from the service, an answer this build cannot read).
        log.warn(`the analytics of account ${integrationId} were not kept`, error);
        continue;
      }
      // The app may have begun closing while the answer travelled: nothing is written then.
      if (!this.running) return;
      this.o.repo.saveAccount(brand, answer, this.o.now());
    }
    if (!this.running) return;
    this.o.repo.markSnapshot(brand, this.o.now());
    this.waiting.delete(key);
  }

  private wait(key: string, passing: boolean): void {
    const failures = (this.waiting.get(key)?.failures ?? 0) + 1;
    const { baseMs, maxMs } = passing ? this.backoff.passing : this.backoff.refused;
    const delay = backoffMs(failures - 1, baseMs, maxMs, this.o.random ?? Math.random);
    this.waiting.set(key, { failures, untilMs: this.o.now().getTime() + delay, passing });
  }

  /** One timer for the brand that comes out of its backoff first; its run takes every brand then due. */
  private scheduleRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (!this.running || this.waiting.size === 0) return;
    const next = Math.min(...[...this.waiting.values()].map((w) => w.untilMs));
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.request('due');
      },
      Math.max(0, next - this.o.now().getTime()),
    );
    this.retryTimer.unref();
  }

  /** The pulls under way ended, or the job stops; the listener goes either way (runs happen hourly). */
  private async settledOrStopped(): Promise<void> {
    const signal = this.controller.signal;
    if (signal.aborted) return;
    let onAbort = () => {};
    const stopped = new Promise<void>((resolve) => {
      onAbort = () => resolve();
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      await Promise.race([this.o.settled(), stopped]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }
}

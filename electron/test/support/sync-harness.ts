import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService, type StartServiceOptions } from '../../../server/index.js';
import { sandboxKey } from '../../../server/sandbox-file.js';
import type { IpcEventName } from '../../../shared/ipc/contract.js';
import type { PostListItem } from '../../../shared/api/resources.js';
import { startFaultProxy, type FaultProxy } from '../../../test/support/fault-proxy.js';
import { ApiClient } from '../../api/client.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { DraftsService } from '../../drafts/drafts-service.js';
import type { ActiveBrand } from '../../core/active-brand.js';
import type { SyncEngine, SyncEngineOptions } from '../../sync/sync-engine.js';
import { composePosts } from '../../compose-posts.js';
import type { PostCommands } from '../../posts/post-commands.js';
import type { ReviewLens } from '../../review/review-lens.js';
import type { DraftInput } from '../../../shared/drafts/ipc.js';
import type { PostRange, PostRangeResult } from '../../../shared/posts/ipc.js';

/*
 * A real local service on a free port with its own data dir, a real libsql
 * file, and the sync engine between them. The service can be stopped and started again on the same
 * data (a new port each time), which is how "offline" and "back online" are played.
 */

export const PROFILE_ID = 'profile-test';

export interface Harness {
  dataDir: string;
  dbPath: string;
  serviceDir: string;
  service: RunningService | null;
  baseUrl: string;
  apiKey: string;
  brandId: string;
  /** The brand every call of the tests acts on (the app's dispatch decides it per call). */
  brand: ActiveBrand;
  /** An X account of the brand, connected. */
  integrationId: string;
  secondIntegrationId: string;
  db: AppDatabase;
  events: { name: IpcEventName; payload: unknown }[];
  engine: SyncEngine;
  /** The posts module: every write of the tests goes through it, as the app's do. */
  posts: PostCommands;
  /** Client review's reads (subjects, fingerprints, what the outbox holds). */
  review: ReviewLens;
  /** The drafts of the harness's brand (the app's calls name theirs; the tests have one). */
  drafts: BrandDrafts;
  startServiceAgain(opts?: Partial<StartServiceOptions>): Promise<void>;
  stopService(): Promise<void>;
  /** A direct client to check the service's truth. */
  api(): ApiClient;
  listOnServer(): Promise<PostListItem[]>;
  draft(content: string, extra?: Partial<DraftInput>): string;
  /** listPosts after pulling the range now (listPosts itself answers from the cache at once). */
  fresh(range: PostRange): Promise<PostRangeResult>;
  close(): Promise<void>;
}

export async function harness(
  opts: { service?: Partial<StartServiceOptions>; engine?: Partial<Omit<SyncEngineOptions, 'stores'>> } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-sync-'));
  const serviceDir = join(dataDir, 'service');
  const dbPath = join(dataDir, 'postdeck.db');
  const serviceOpts: StartServiceOptions = { dataDir: serviceDir, port: 0, tickMs: 100, ...opts.service };
  let service: RunningService | null = await startService(serviceOpts);
  const key = sandboxKey(service.sandbox, 'full-test');
  const brand = service.sandbox.organizations[0]?.brands[0];
  if (!brand) throw new Error('the sandbox has no brand');
  const xs = brand.integrations.filter(
    (i) => !i.disconnected && (i.platform === 'x' || i.platform === 'bluesky'),
  );
  const [first, second] = xs;
  if (!first || !second) throw new Error('the sandbox has no X and Bluesky accounts');

  const db = openDatabase(dbPath);
  new ProfilesRepo(db).save({
    id: PROFILE_ID,
    label: 'Test',
    baseUrl: service.baseUrl,
    brandId: brand.id,
    organization: null,
    user: null,
    scopes: null,
    keyStorage: 'session',
  });
  const events: Harness['events'] = [];
  const h: Harness = {
    dataDir,
    dbPath,
    serviceDir,
    service,
    baseUrl: service.baseUrl,
    apiKey: key.token,
    brandId: brand.id,
    brand: { profileId: PROFILE_ID, brandId: brand.id },
    integrationId: first.id,
    secondIntegrationId: second.id,
    db,
    events,
    engine: null as unknown as SyncEngine,
    posts: null as unknown as PostCommands,
    review: null as unknown as ReviewLens,
    drafts: null as unknown as BrandDrafts,
    async startServiceAgain(more = {}) {
      service = await startService({ ...serviceOpts, ...more });
      h.service = service;
      h.baseUrl = service.baseUrl;
    },
    async stopService() {
      await service?.close();
      service = null;
      h.service = null;
    },
    // Retries 429s itself (honouring Retry-After), so checks stay exact under rate limiting.
    api: () =>
      new ApiClient({ baseUrl: h.baseUrl, apiKey: h.apiKey, brandId: h.brandId, retry: { retries: 5 } }),
    async listOnServer() {
      const from = new Date(Date.now() - 2 * 86_400_000).toISOString();
      const to = new Date(Date.now() + 60 * 86_400_000).toISOString();
      return h.api().listPosts(from, to);
    },
    draft(content, extra = {}) {
      return h.drafts.saveDraft({
        brandId: h.brandId,
        blocks: [{ content, media: [] }],
        targets: [{ integrationId: h.integrationId, platform: 'x', settings: {}, blocks: null }],
        commentDelays: [],
        shortLink: false,
        date: null,
        replacesGroup: null,
        ...extra,
      }).id;
    },
    async fresh(range) {
      h.engine.listPosts(h.brand, range);
      await h.engine.syncNow();
      return h.engine.listPosts(h.brand, range);
    },
    async close() {
      await h.engine.stop();
      db.close();
      await service?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  const active = () => ({ profileId: PROFILE_ID, brandId: h.brandId });
  h.drafts = draftsOf(new DraftsService({ db }), active);
  const composed = composePosts({
    db,
    // A new client per call follows the service to its new port after a restart.
    apiFor: () =>
      new ApiClient({
        baseUrl: h.baseUrl,
        apiKey: h.apiKey,
        brandId: h.brandId,
        timeoutMs: 3000,
        retry: { retries: 0 },
      }),
    active,
    emit: (name, payload) => events.push({ name, payload }),
    backoff: { baseMs: 30, maxMs: 300 },
    probe: { baseMs: 30, maxMs: 300 },
    prefetchNeighbours: false,
    ...opts.engine,
  });
  h.engine = composed.sync;
  h.posts = composed.posts;
  h.review = composed.review;
  h.engine.start();
  return h;
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/**
 * A harness whose engine reaches the service through a fault proxy that forwards everything until
 * a test says otherwise (`override`, `setRate`); the test reads the service around it.
 */
export async function proxiedHarness(opts: {
  seed: number;
  timeoutMs: number;
  retries: number;
  engine?: Partial<Omit<SyncEngineOptions, 'stores' | 'apiFor'>>;
}): Promise<{ h: Harness; proxy: FaultProxy }> {
  let p: FaultProxy | null = null;
  const x = await harness({
    engine: {
      apiFor: () =>
        new ApiClient({
          baseUrl: p ? p.baseUrl : x.baseUrl,
          apiKey: x.apiKey,
          brandId: x.brandId,
          timeoutMs: opts.timeoutMs,
          retry: { retries: opts.retries, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterMs: 1_000 },
        }),
      backoff: { baseMs: 20, maxMs: 200 },
      ...opts.engine,
    },
  });
  p = await startFaultProxy({ target: x.baseUrl, seed: opts.seed, rate: 0 });
  return { h: x, proxy: p };
}

/** A drafts service bound to one brand: the tests' drafts all belong to the harness's brand. */
export type BrandDrafts = {
  [K in 'listDrafts' | 'getDraft' | 'saveDraft' | 'deleteDraft']: DraftsService[K] extends (
    brand: ActiveBrand,
    ...rest: infer A
  ) => infer R
    ? (...rest: A) => R
    : never;
};

function draftsOf(service: DraftsService, brand: () => ActiveBrand): BrandDrafts {
  return {
    listDrafts: () => service.listDrafts(brand()),
    getDraft: (input) => service.getDraft(brand(), input),
    saveDraft: (input) => service.saveDraft(brand(), input),
    deleteDraft: (input) => service.deleteDraft(brand(), input),
  };
}

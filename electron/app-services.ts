import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { RegisterFileInput, type IpcEventName } from '../shared/ipc/contract.js';
import type { DesktopSettings, OpenRequest } from '../shared/desktop/ipc.js';
import type { IpcResult } from '../shared/ipc/errors.js';
import { setupAnalytics } from './analytics/setup.js';
import type { SnapshotBackoff } from './analytics/snapshot-job.js';
import { ApiClient } from './api/client.js';
import { setupBrands } from './brands/setup.js';
import { setupBulk } from './bulk/setup.js';
import { setupClash } from './clash/setup.js';
import { composePosts, postsStores } from './compose-posts.js';
import type { AppContext, HostOptions } from './context/app-context.js';
import { requireBrand } from './core/active-brand.js';
import type { Caller, IpcHandlers } from './core/call-context.js';
import { setupDesktop } from './desktop/setup.js';
import { setupDrafts } from './drafts/setup.js';
import { setupEvergreen } from './evergreen/setup.js';
import { setupExport } from './export/setup.js';
import { setupFeeds } from './feeds/setup.js';
import { FileGrants } from './files/file-grants.js';
import { setupImport } from './import/setup.js';
import { setupIntegrations } from './integrations/setup.js';
import { dispatch, toErrorShape } from './ipc/dispatch.js';
import { EventHub } from './ipc/event-hub.js';
import { setupLabels } from './labels/setup.js';
import { setupMedia } from './media/setup.js';
import { setupOutbox } from './outbox/setup.js';
import { setupPosts } from './posts/setup.js';
import { BrandScopeService } from './profiles/brand-scope.js';
import { ProfileService } from './profiles/profile-service.js';
import { setupProfiles } from './profiles/setup.js';
import { setupQueue } from './queue/setup.js';
import { setupReports } from './reports/setup.js';
import { setupReview } from './review/setup.js';
import { setupLinks } from './links/setup.js';
import { setupSeries } from './series/setup.js';
import { setupCategories } from './categories/setup.js';
import { setupActivity } from './activity/setup.js';
import { setupSearch } from './search/setup.js';
import { MemorySecretStore } from './secrets/memory-secret-store.js';
import type { SecretStore } from './secrets/secret-store.js';
import { setupSnippets } from './snippets/setup.js';
import { BrandsRepo } from './store/brands-repo.js';
import { openDatabase } from './store/database.js';
import { ProfilesRepo } from './store/profiles-repo.js';
import type { SyncEngineOptions } from './sync/sync-engine.js';

/*
 * The composition root: builds the database, the repositories and the shared services once, hands
 * them to every feature's setup, and joins the features' handlers into the contract's. Electron's
 * main.ts and the Playwright bridge both call it, so the renderer meets the same code in both.
 */

export interface AppServicesOptions extends HostOptions {
  /** Folder for the database (Electron: app.getPath('userData')). */
  dataDir: string;
  /** Where keys live; `KeytarSecretStore` in the app. Session-only keys live in memory beside it. */
  secretStore: SecretStore;
  now?: () => Date;
  /** Per-request timeout of API calls (tests shorten it). */
  apiTimeoutMs?: number;
  /** Outbox retry and offline probe pacing (tests shorten them). */
  backoff?: SyncEngineOptions['backoff'];
  probe?: SyncEngineOptions['probe'];
  /** How often the calendar's recent ranges are pulled again (tests that count calls set it). */
  pullEveryMs?: SyncEngineOptions['pullEveryMs'];
  /** How long a brand's analytics snapshot waits after a fault or a refusal (tests shorten it). */
  analyticsBackoff?: SnapshotBackoff;
}

export interface AppServices {
  handlers: IpcHandlers;
  /** Validates and runs one contract method, as the preload's ipcRenderer.invoke would. */
  invoke(name: string, rawInput: unknown, caller?: Caller): Promise<IpcResult<unknown>>;
  /**
   * The user chose this file (the preload's fileToken, a main-side dialog, a test's picked file):
   * checks it and answers a token for the active brand. The one way a path enters main.
   */
  registerFile(rawInput: unknown): Promise<IpcResult<{ token: string }>>;
  onEvent(listener: (name: IpcEventName, payload: unknown) => void): () => void;
  /** Keeps the sentence the reloaded window shows (takeRecoveryNotice answers it once). */
  noteRecovery(message: string): void;
  desktopSettings(): DesktopSettings;
  /** Asks the window to open a post or the composer (it takes the request with takeOpenRequest). */
  requestOpen(request: OpenRequest): void;
  /** Resolves when every background pull asked for so far has ended (tests and benchmarks wait on it). */
  pulled(): Promise<void>;
  close(): Promise<void>;
}

export async function createAppServices(opts: AppServicesOptions): Promise<AppServices> {
  const now = opts.now ?? (() => new Date());
  const events = new EventHub();
  const emit: AppContext['events']['emit'] = (name, payload) => events.emit(name, payload);
  mkdirSync(opts.dataDir, { recursive: true });
  const db = openDatabase(join(opts.dataDir, 'postdeck.db'));
  // Every repository, built once here and handed to what uses it (no feature builds its own).
  const brands = new BrandsRepo(db);
  const stores = postsStores(db, now);
  const profilesRepo = new ProfilesRepo(db, now);
  const profiles = new ProfileService({
    profiles: profilesRepo,
    brands,
    settings: stores.settings,
    keychain: opts.secretStore,
    session: new MemorySecretStore(),
    makeClient: ({ baseUrl, apiKey, brandId }) =>
      new ApiClient({ baseUrl, apiKey, brandId, fetch: opts.fetch, now, timeoutMs: opts.apiTimeoutMs }),
    events,
  });
  const activeBrand = () => profiles.activeBrand();
  // One brand or every brand of every connection: main keeps the choice and each brand's state.
  const brandScope = new BrandScopeService({
    profiles: profilesRepo,
    brands,
    settings: stores.settings,
    active: activeBrand,
    emit,
  });
  const brandName: AppContext['brandName'] = ({ profileId, brandId }) =>
    profiles.brandViews(profileId).find((b) => b.id === brandId)?.name ?? 'Postdeck';
  // The sync engine (reads, pulls, the outbox worker) and the one door for changing a post.
  const { sync, posts, review } = composePosts({
    brandName,
    db,
    stores,
    apiFor: (profileId, brandId) => profiles.apiFor(profileId, brandId),
    active: activeBrand,
    shownBrands: () => brandScope.shown(),
    onBrandProblem: (brand, problem) => brandScope.setProblem(brand, problem),
    emit,
    now,
    backoff: opts.backoff,
    probe: opts.probe,
    pullEveryMs: opts.pullEveryMs,
  });
  const files = new FileGrants();
  const ctx: AppContext = {
    db,
    now,
    events: { emit, on: (listener) => events.on(listener) },
    host: opts,
    repos: { ...stores, brands },
    profiles,
    brandScope,
    activeBrand,
    brandName,
    files,
    posts,
    sync,
    review,
  };

  // Each feature builds what it needs from the context; a few lend a service to the ones after them.
  const profilesFeature = setupProfiles(ctx, { sandboxStarted: (year) => analytics.sandboxStarted(year) });
  const integrations = setupIntegrations(ctx);
  const media = setupMedia(ctx);
  const outbox = setupOutbox(ctx);
  const drafts = setupDrafts(ctx);
  const { saveComposerCopy } = drafts;
  const queue = setupQueue(ctx, { slotsChanged: () => evergreen.kick(), saveComposerCopy });
  const evergreen = setupEvergreen(ctx, { queue: queue.service });
  const series = setupSeries(ctx, { queue: queue.service, saveComposerCopy });
  const desktop = setupDesktop(ctx);
  const analytics = setupAnalytics(ctx, { ready: profilesFeature.ready, backoff: opts.analyticsBackoff });
  const reports = setupReports(ctx, {
    history: analytics.history,
    timezone: (brand) => queue.service.timezone(brand),
    ready: profilesFeature.ready,
  });
  const feeds = setupFeeds(ctx, { queue: queue.service });
  const activity = setupActivity(ctx, { timezone: (brand) => queue.service.timezone(brand) });
  const reviewFeature = setupReview(ctx, { queue: queue.service });
  const handlers: IpcHandlers = {
    ...profilesFeature.handlers,
    ...setupBrands(ctx).handlers,
    ...integrations.handlers,
    ...setupPosts(ctx, { saveComposerCopy }).handlers,
    ...drafts.handlers,
    ...media.handlers,
    ...outbox.handlers,
    ...queue.handlers,
    ...evergreen.handlers,
    ...setupSnippets(ctx).handlers,
    ...setupLabels(ctx).handlers,
    ...setupImport(ctx, { ...media, integrations: integrations.service, queue: queue.service }).handlers,
    ...setupExport(ctx, { queue: queue.service }).handlers,
    ...reviewFeature.handlers,
    ...setupBulk(ctx).handlers,
    ...setupClash(ctx).handlers,
    ...setupSearch(ctx).handlers,
    ...analytics.handlers,
    ...reports.handlers,
    ...desktop.handlers,
    ...setupLinks(ctx).handlers,
    ...series.handlers,
    ...feeds.handlers,
    ...setupCategories(ctx, { listChanged: () => evergreen.kick() }).handlers,
    ...activity.handlers,
  };
  // The background jobs, started in this order and stopped in the reverse one.
  const jobs = [outbox, evergreen, series, analytics, reports, feeds, activity, reviewFeature];
  for (const job of jobs) job.start?.();
  // Which brand a call acts on is decided once, by dispatch, from these two.
  const scope = { active: activeBrand, isShown: brandScope.isShown.bind(brandScope) };
  let closed = false;

  return {
    handlers,
    invoke: async (name, rawInput, caller = { caller: 'bridge' }) => {
      await profilesFeature.ready;
      const result = await dispatch(handlers, name, rawInput, caller, scope);
      // Offline only when nothing answered: a write kept in the outbox because the service was busy
      // or failing carries the status it answered with, and the app stays online.
      if (!result.ok && result.error.code === 'OFFLINE' && result.error.status === undefined)
        sync.noticeUnreachable(result.error.message);
      return result;
    },
    registerFile: async (rawInput) => {
      const parsed = RegisterFileInput.safeParse(rawInput);
      if (!parsed.success)
        return { ok: false, error: { code: 'INVALID_ARGUMENT', message: 'Not a file path.' } };
      try {
        const brand = requireBrand({ brand: activeBrand() });
        return { ok: true, value: { token: await files.register(brand, parsed.data.path) } };
      } catch (error) {
        return { ok: false, error: toErrorShape(error) };
      }
    },
    onEvent: (listener) => events.on(listener),
    noteRecovery: desktop.noteRecovery,
    desktopSettings: desktop.desktopSettings,
    requestOpen: desktop.requestOpen,
    pulled: () => sync.pulled(),
    close: async () => {
      if (closed) return;
      closed = true;
      for (const job of [...jobs].reverse()) await job.stop?.();
      db.close();
    },
  };
}

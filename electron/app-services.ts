import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  RegisterFileInput,
  type ClockPreference,
  type IpcInput,
  type DesktopSettings,
  type IpcEventName,
  type OpenRequest,
} from '../shared/ipc/contract.js';
import type { IpcResult } from '../shared/ipc/errors.js';
import { ApiClient } from './api/client.js';
import { DesktopSettingsStore } from './desktop/desktop-settings.js';
import { readSystemClock, systemClockSources } from './desktop/system-clock.js';
import { AppFailure, notConnected } from './core/app-failure.js';
import { dispatch, toErrorShape, type CallContext, type IpcHandlers } from './ipc/dispatch.js';
import { EventHub } from './ipc/event-hub.js';
import { createLogger } from './log.js';
import { readDiagnostics, type DiagnosticsSource } from './logs/diagnostics.js';
import { MediaLibraryService } from './media/media-library.js';
import { ProfileService, type SandboxConnection } from './profiles/profile-service.js';
import { BrandScopeService } from './profiles/brand-scope.js';
import { otherBrands } from './store/brand-scope.js';
import type { ActiveBrand } from './core/active-brand.js';
import type { BrandRef } from '../shared/ipc/models.js';
import { MemorySecretStore } from './secrets/memory-secret-store.js';
import type { SecretStore } from './secrets/secret-store.js';
import { DraftsService } from './drafts/drafts-service.js';
import { FileGrants } from './files/file-grants.js';
import { ExportService, type ChooseSavePath } from './export/export-service.js';
import { ImportService } from './import/import-service.js';
import { IntegrationsService } from './integrations/integrations-service.js';
import { QueueService } from './queue/queue-service.js';
import { SearchService } from './search/search-service.js';
import { EvergreenService } from './evergreen/evergreen-service.js';
import { BrandsRepo } from './store/brands-repo.js';
import { ClashSettings } from './bulk/clash-settings.js';
import { openDatabase } from './store/database.js';
import { ProfilesRepo } from './store/profiles-repo.js';
import type { SyncEngineOptions } from './sync/sync-engine.js';
import { composePosts, postsStores } from './compose-posts.js';
import { EvergreenRepo } from './evergreen/evergreen-repo.js';
import { FingerprintsRepo } from './import/fingerprints-repo.js';
import { SlotsRepo } from './queue/slots-repo.js';
import { ReviewPackService } from './review/review-pack.js';
import { readReplyFile } from './review/reply-file.js';

/*
 * Builds every main-process
 * service from its dependencies and exposes them as the IPC handlers of the contract. Electron's
 * main.ts and the Playwright bridge both call this, so the renderer meets the same code in both.
 */

const log = createLogger('app');
/** A pull's burst of changes settles before evergreen plans again; and it plans at least this often. */
const EVERGREEN_SETTLE_MS = 2_000;
const EVERGREEN_EVERY_MS = 10 * 60_000;

export interface AppServicesOptions {
  /** Folder for the database (Electron: app.getPath('userData')). */
  dataDir: string;
  /** Where keys live; `KeytarSecretStore` in the app. Session-only keys live in memory beside it. */
  secretStore: SecretStore;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Starts the built-in local service (and says which brand its key acts on); absent where it cannot run. */
  startSandbox?: () => Promise<SandboxConnection>;
  /** Opens an http(s) link in the system browser (Electron: shell.openExternal). */
  openExternal?: (url: string) => Promise<void>;
  /** Versions and the log file for the About / diagnostics view (no log file in unit tests). */
  diagnostics?: DiagnosticsSource;
  /** Applies changed desktop settings (Electron: the login item); absent in the test bridge. */
  applyDesktopSettings?: (settings: DesktopSettings) => void;
  /** Shows a folder in the file manager (Electron: shell.openPath). */
  openFolder?: (path: string) => Promise<void>;
  /** Asks where to save an export (Electron: a save dialog; the test bridge: a folder of the test). */
  chooseSavePath?: ChooseSavePath;
  /** Renders a review pack's page as a PDF (Electron: printToPDF; the test bridge: Chromium's page.pdf). */
  printToPdf?: (html: string) => Promise<Uint8Array>;
  /** Shows an exported file in the file manager (Electron: shell.showItemInFolder). */
  showInFolder?: (path: string) => void;
  /** The OS's 12/24-hour setting (Electron adds macOS's; tests pass their own). Default: this machine's. */
  systemClock?: () => Promise<ClockPreference>;
  /** Per-request timeout of API calls (tests shorten it). */
  apiTimeoutMs?: number;
  /** Outbox retry and offline probe pacing (tests shorten them). */
  backoff?: SyncEngineOptions['backoff'];
  probe?: SyncEngineOptions['probe'];
  /** How often the calendar's recent ranges are pulled again (tests that count calls set it). */
  pullEveryMs?: SyncEngineOptions['pullEveryMs'];
}

export interface AppServices {
  handlers: IpcHandlers;
  /** Validates and runs one contract method, as the preload's ipcRenderer.invoke would. */
  invoke(name: string, rawInput: unknown, ctx?: CallContext): Promise<IpcResult<unknown>>;
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
  mkdirSync(opts.dataDir, { recursive: true });
  const db = openDatabase(join(opts.dataDir, 'postdeck.db'));
  // Every repository, built once here and handed to what uses it (no feature builds its own).
  const brandsRepo = new BrandsRepo(db);
  const stores = postsStores(db, now);
  const integrationsRepo = stores.integrations;
  const settings = stores.settings;

  const profilesRepo = new ProfilesRepo(db, now);
  const profiles = new ProfileService({
    profiles: profilesRepo,
    brands: brandsRepo,
    settings,
    keychain: opts.secretStore,
    session: new MemorySecretStore(),
    makeClient: ({ baseUrl, apiKey, brandId }) =>
      new ApiClient({ baseUrl, apiKey, brandId, fetch: opts.fetch, now, timeoutMs: opts.apiTimeoutMs }),
    events,
  });

  const startSandbox = async () => {
    if (!opts.startSandbox) {
      throw new AppFailure(
        'INTERNAL',
        'The built-in sandbox is not part of this build: connect to your service instead.',
      );
    }
    const sandbox = await opts.startSandbox();
    const view = await profiles.connectSandbox(sandbox);
    // Every seeded account, so the composer lists them before any post has mentioned them.
    for (const { brandId, integrations: seeded } of sandbox.accounts ?? [])
      integrationsRepo.learn(view.id, brandId, seeded);
    for (const { profileId, key } of await profiles.connectSandboxOthers(
      sandbox.baseUrl,
      sandbox.others ?? [],
    ))
      for (const { brandId, integrations: seeded } of key.accounts ?? [])
        integrationsRepo.learn(profileId, brandId, seeded);
    return view;
  };
  // The sandbox listens on a new port at every start: bring it back when it was the active profile,
  // and let calls wait for it rather than fail against the old port.
  const ready: Promise<unknown> =
    opts.startSandbox && profiles.activeIsSandbox()
      ? startSandbox().catch((error: unknown) => log.error('could not restart the sandbox', error))
      : Promise.resolve();

  const active = () => profiles.activeBrand();
  // One brand or every brand of every connection (issue 27): main keeps the choice and each brand's state.
  const brandScope = new BrandScopeService({
    profiles: profilesRepo,
    brands: brandsRepo,
    settings,
    active,
    emit: (name, payload) => events.emit(name, payload),
  });
  // The sync engine (reads, pulls, the outbox worker) and the one door for changing a post
  // (electron/posts/): every write below goes through `posts`.
  const brandNameOf = ({ profileId, brandId }: { profileId: string; brandId: string }) =>
    profiles.brandViews(profileId).find((b) => b.id === brandId)?.name ?? 'Postdeck';
  const { sync, posts, review } = composePosts({
    brandName: brandNameOf,
    db,
    stores,
    apiFor: (profileId, brandId) => profiles.apiFor(profileId, brandId),
    active,
    shownBrands: () => brandScope.shown(),
    onBrandProblem: (brand, problem) => brandScope.setProblem(brand, problem),
    emit: (name, payload) => events.emit(name, payload),
    now,
    backoff: opts.backoff,
    probe: opts.probe,
    pullEveryMs: opts.pullEveryMs,
  });
  const drafts = new DraftsService({ db, active, now });
  const files = new FileGrants();
  const integrations = new IntegrationsService({ db, active, now });
  const search = new SearchService({
    db,
    active,
    shown: () => brandScope.shownNamed(),
    known: () => brandScope.known(),
    meta: stores.meta,
  });
  // A new key, profile or brand may unblock waiting operations, and its accounts are learned at once.
  events.on((name) => {
    if (name === 'profileChanged') sync.brandOpened();
  });
  sync.start();

  const api = async () => (await profiles.active()).api;
  const mediaLibrary = new MediaLibraryService({ db, active, outbox: stores.outbox, now });
  const uploadMediaFromUrl = async (url: string) => {
    const { profile, brandId, api: client } = await profiles.active();
    if (!brandId) return client.uploadMediaFromUrl(url);
    // Kept with the brand's media so the composer can reuse it like an uploaded file; a link that
    // already became a media the service still has is not fetched again (imports too).
    return mediaLibrary.uploadFromUrl({ profileId: profile.id, brandId }, url, (u) =>
      client.uploadMediaFromUrl(u),
    );
  };
  const queue = new QueueService({
    db,
    slots: new SlotsRepo(db, now),
    drafts: stores.drafts,
    brands: brandsRepo,
    active,
    now,
    listPosts: async (range) => sync.listPosts(brand(), range),
    sendDraft: (input) => posts.sendDraft(brand(), input),
    reschedulePost: async (input) => posts.reschedulePost(postBrand(input.brand), input),
    status: () => sync.getSyncStatus(),
  });
  // Evergreen repeats: planned after every pull (debounced), on a timer, and when slots change.
  const evergreen = new EvergreenService({
    repo: new EvergreenRepo(db, now),
    outbox: stores.outbox,
    cache: stores.cache,
    drafts: stores.drafts,
    posts,
    status: () => sync.getSyncStatus(),
    active,
    now,
    timezone: (a) => queue.timezone(a),
    slotsOf: (a, id) => queue.slotsOf(a, id),
    listPosts: (range) => sync.viewPosts(brand(), range),
    getPost: (input) => sync.getPost(brand(), input),
  });
  const snippets = stores.snippets;
  const meta = stores.meta;
  /** Who signs a note: the connection's user, as the service named them. */
  const noteAuthor = () => profiles.activeProfile()?.user?.name ?? 'Someone on this computer';
  const brand = () => {
    const a = active();
    if (!a) throw notConnected();
    return a;
  };
  /** The brand a note belongs to: the one named (a post of the all-brands view) when shown, else the active one. */
  const noteBrand = (named: BrandRef | undefined): ActiveBrand => {
    if (!named) return brand();
    if (!brandScope.isShown(named)) throw otherBrands('note');
    return { profileId: named.profileId, brandId: named.brandId };
  };
  /** The brand a post's change acts on: the one named (its own, in the all-brands view) when shown, else the active one. */
  const postBrand = (named: BrandRef | undefined): ActiveBrand => {
    const active = brand();
    if (!named) return active;
    if (!brandScope.isShown(named)) throw otherBrands('post');
    return { profileId: named.profileId, brandId: named.brandId };
  };
  /** The composer's copy of a draft it sends, saved first: its send is one call. */
  const saveComposerCopy = (draftId: string, draft: IpcInput<'saveDraft'> | undefined) => {
    if (draft) drafts.saveDraft(files.draftFromWindow(brand(), { ...draft, id: draftId }));
  };
  let closed = false;
  let evergreenSoon: NodeJS.Timeout | null = null;
  // Nothing is planned once close() has begun: a pull that ends while sync stops must not start a
  // run on a database about to close.
  const kickEvergreen = () => {
    if (closed) return;
    if (evergreenSoon) clearTimeout(evergreenSoon);
    evergreenSoon = setTimeout(() => {
      evergreenSoon = null;
      if (!closed) evergreen.kick();
    }, EVERGREEN_SETTLE_MS);
  };
  events.on((name, payload) => {
    if (name === 'postsChanged' && (payload as { range: unknown }).range !== null) kickEvergreen();
  });
  const evergreenTimer = setInterval(kickEvergreen, EVERGREEN_EVERY_MS);
  evergreenTimer.unref();
  const imports = new ImportService({
    fingerprints: new FingerprintsRepo(db, now),
    cache: stores.cache,
    posts,
    active,
    now,
    emit: (name, payload) => events.emit(name, payload),
    integrations: () => integrations.listIntegrations(),
    queue,
    uploadFromUrl: uploadMediaFromUrl,
    labelDrafts: (a, draftIds, names) => stores.meta.labelDrafts(a, draftIds, names),
  });

  const postsCache = stores.cache;
  const exports = new ExportService({
    active,
    now,
    timezone: (brand) => queue.timezone(brand),
    brandName: ({ profileId, brandId }) =>
      profiles.brandViews(profileId).find((b) => b.id === brandId)?.name ?? 'Postdeck',
    postsInRange: async (range) => (await sync.listShownPosts(range)).posts,
    postsById: (ids) => sync.postsShown(brand(), ids),
    detail: (id) => sync.getPost(brand(), { id }),
    savedDetail: (post) => {
      const brand =
        post.profileId && post.brandId ? { profileId: post.profileId, brandId: post.brandId } : active();
      return brand ? postsCache.getDetail(brand.profileId, brand.brandId, post.id) : null;
    },
    allBrandsZone: () =>
      brandScope.isAll()
        ? (brandScope.view().displayZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)
        : null,
    chooseSavePath: opts.chooseSavePath,
    meta: (a, subjects) => stores.meta.exportedMeta(a, subjects),
    ...(opts.showInFolder ? { showInFolder: opts.showInFolder } : {}),
  });
  const clash = new ClashSettings(brandsRepo, active);
  const reviewPacks = new ReviewPackService({
    active,
    now,
    timezone: (brand) => queue.timezone(brand),
    brandName: brandNameOf,
    lens: review,
    postsInRange: async (range) => (await sync.listShownPosts(range)).posts,
    postsById: (ids) => sync.postsShown(brand(), ids),
    outboxOp: (id) => stores.outbox.get(id),
    detail: (id) => sync.getPost(brand(), { id }),
    savedDetail: (id) => {
      const brand = active();
      return brand ? postsCache.getDetail(brand.profileId, brand.brandId, id) : null;
    },
    record: (brand, packId, items) => posts.recordReviewPack(brand, packId, items),
    ...(opts.chooseSavePath ? { chooseSavePath: opts.chooseSavePath } : {}),
    ...(opts.printToPdf ? { printToPdf: opts.printToPdf } : {}),
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });

  const diagnostics: DiagnosticsSource = opts.diagnostics ?? {
    appVersion: 'development',
    versions: { node: process.versions.node },
    logFile: null,
  };

  let recoveryNotice: string | null = null;
  const desktop = new DesktopSettingsStore(settings);
  // Read once, while the window loads; the window asks for it before its first paint.
  const clock = (opts.systemClock ?? (() => readSystemClock(systemClockSources())))().catch(
    (): ClockPreference => ({ hour12: null }),
  );
  // The latest only: a second click on a notification replaces the first.
  let openRequest: OpenRequest | null = null;

  const handlers: IpcHandlers = {
    listProfiles: () => profiles.list(),
    connectProfile: (input) => profiles.connect(input),
    replaceKey: (input) => profiles.replaceKey(input),
    switchProfile: ({ profileId }) => profiles.switchProfile(profileId),
    removeProfile: ({ profileId }) => profiles.remove(profileId),
    startSandbox,
    getMe: () => profiles.getMe(),
    listBrands: () => profiles.listBrands(),
    switchBrand: ({ brandId }) => profiles.switchBrand(brandId),
    getBrandScope: async () => brandScope.view(),
    setAllBrands: async ({ all }) => {
      const scope = brandScope.setAll(all);
      // Every brand shown is pulled wide in the background, a few brands at a time.
      sync.brandOpened();
      return scope;
    },
    setBrandColor: async ({ profileId, brandId, color }) =>
      brandScope.setColor({ profileId, brandId }, color),
    setDisplayZone: async ({ timezone }) => brandScope.setDisplayZone(timezone),
    setBrandTimezone: async ({ brandId, timezone }) => profiles.setBrandTimezone(brandId, timezone),
    listIntegrations: async () => integrations.listIntegrations(),
    addIntegration: async (input) => integrations.addIntegration(input),
    listPosts: async (range) => sync.listShownPosts(range),
    getPost: (input) => sync.getPost(brand(), input),
    reschedulePost: async (input) => posts.reschedulePost(postBrand(input.brand), input),
    deleteGroup: async (input) => posts.deleteGroup(postBrand(input.brand), input),
    sendDraft: ({ draft, ...input }) => {
      saveComposerCopy(input.draftId, draft);
      return posts.sendDraft(brand(), input);
    },
    // Drafts keep their local files' paths in main; the window sees and sends tokens for them.
    listDrafts: async () => drafts.listDrafts().map((d) => files.draftForWindow(brand(), d)),
    getDraft: async (input) => files.draftForWindow(brand(), drafts.getDraft(input)),
    saveDraft: async (input) =>
      files.draftForWindow(brand(), drafts.saveDraft(files.draftFromWindow(brand(), input))),
    deleteDraft: async (input) => drafts.deleteDraft(input),
    uploadMedia: ({ file }) => posts.uploadMedia(brand(), { path: files.resolve(brand(), file) }),
    uploadMediaFromUrl: ({ url }) => uploadMediaFromUrl(url),
    cancelUpload: async (input) => posts.cancelUpload(input),
    listMedia: async () => sync.listMedia(brand()),
    listMediaLibrary: async () => mediaLibrary.listMediaLibrary(),
    setMediaTags: async (input) => mediaLibrary.setMediaTags(input),
    getSyncStatus: async () => sync.getSyncStatus(),
    listOutbox: async () => sync.listOutbox(),
    retryOutbox: async (input) => posts.retryOutbox(input),
    discardOutbox: async (input) => posts.discardOutbox(brand(), input),
    resolveMissedTime: async (input) => posts.resolveMissedTime(input),
    syncNow: () => sync.syncNow(),
    getQueueSlots: async (input) => {
      // Another brand's slots (a bulk plan of the all-brands view) only for a brand the calendar shows.
      if (input.brand && !brandScope.isShown(input.brand)) throw otherBrands('account');
      return queue.getQueueSlots(input);
    },
    setQueueSlots: async (input) => {
      const view = queue.setQueueSlots(input);
      kickEvergreen();
      return view;
    },
    copyQueueSlots: async (input) => queue.copyQueueSlots(input),
    previewQueue: (input) => queue.previewQueue(input),
    queueDraft: ({ draft, ...input }) => {
      saveComposerCopy(input.draftId, draft);
      return queue.queueDraft(input);
    },
    moveToNextFreeSlot: (input) => queue.moveToNextFreeSlot(input),
    shuffleQueue: (input) => queue.shuffleQueue(input),
    listEvergreen: async () => evergreen.listEvergreen(),
    saveEvergreenList: async (input) => evergreen.saveEvergreenList(input),
    setEvergreenListEnabled: (input) => evergreen.setEvergreenListEnabled(input),
    deleteEvergreenList: async (input) => evergreen.deleteEvergreenList(input),
    saveEvergreenItem: async (input) => {
      const item = evergreen.saveEvergreenItem(input);
      kickEvergreen();
      return item;
    },
    deleteEvergreenItem: async (input) => evergreen.deleteEvergreenItem(input),
    makeEvergreen: (input) => evergreen.makeEvergreen(input),
    previewEvergreen: (input) => evergreen.previewEvergreen(input),
    runEvergreen: () => evergreen.run(),
    listRepeats: async () => evergreen.listRepeats(),
    listSnippets: async () => snippets.list(brand()),
    saveSnippet: async (input) => snippets.save(brand(), input),
    deleteSnippet: async ({ id }) => ({ deleted: snippets.remove(brand(), id) }),
    listSignatures: async () => snippets.signatures(brand()),
    setSignature: async ({ integrationId, body }) => snippets.setSignature(brand(), integrationId, body),
    listLabels: async (input) => {
      // Another brand's labels (a bulk selection of the all-brands view) only for a brand the calendar shows.
      if (input?.brand && !brandScope.isShown(input.brand)) throw otherBrands('label');
      return meta.view(input?.brand ?? brand());
    },
    saveLabel: async (input) => meta.saveLabel(brand(), input),
    deleteLabel: async ({ id }) => ({ deleted: meta.deleteLabel(brand(), id) }),
    setPostLabels: async ({ subjects, add, remove }) => {
      meta.setLabels(brand(), subjects, add, remove);
      return meta.view(brand());
    },
    setPostLabelsAcrossBrands: async ({ groups, add, remove }) => {
      const refused = groups.find((g) => !brandScope.isShown(g.brand));
      if (refused) throw otherBrands('post');
      return meta
        .setLabelsAcrossBrands(brand(), groups, add, remove)
        .map((b) => ({ brand: b, view: meta.view(b) }));
    },
    labelsOfPosts: async ({ postIds }) => meta.labelsOfPosts(brand(), postIds),
    listNotes: async ({ subject, brand: named }) => meta.notes(noteBrand(named), subject),
    addNote: async ({ subject, body, brand: named }) =>
      meta.addNote(noteBrand(named), subject, noteAuthor(), body),
    deleteNote: async ({ id, brand: named }) => ({ deleted: meta.deleteNote(noteBrand(named), id) }),
    previewImport: ({ file }) => imports.previewImport({ path: files.take(brand(), file) }),
    editImportRow: async (input) => imports.editImportRow(input),
    runImport: (input) => imports.runImport(input),
    exportPosts: (input) => exports.exportPosts(input),
    showExportedFile: async (input) => exports.showExportedFile(input),
    setReviewState: async (input) => posts.setReviewState(postBrand(input.brand), input),
    getReviewSettings: async (input) => posts.reviewSettings(postBrand(input?.brand)),
    setReviewSettings: async (input) => posts.setReviewSettings(postBrand(input.brand), input),
    exportReviewPack: (input) => reviewPacks.exportReviewPack(input),
    importReviewReply: async ({ file }) =>
      posts.importReviewReply(brand(), await readReplyFile(files.take(brand(), file))),
    applyBulkChange: async (input) => posts.applyBulkChange(brand(), input),
    undoBulkChange: async (input) => posts.undoBulkChange(brand(), input),
    getClashSettings: async (input) => {
      // Another brand's gap (a bulk plan of the all-brands view) only for a brand the calendar shows.
      if (input?.brand && !brandScope.isShown(input.brand)) throw otherBrands('setting');
      return clash.get(input?.brand);
    },
    setClashSettings: async ({ gapMinutes, brand: named }) => {
      // Another brand's gap (a brand's row in Settings, in the all-brands view) only for a brand the calendar shows.
      if (named && !brandScope.isShown(named)) throw otherBrands('setting');
      return clash.set(gapMinutes, named);
    },
    searchPosts: async (query) => search.search(query),
    searchPostMatches: async (query) => search.postMatches(query),
    getProfileAnalytics: async ({ integrationId }) => (await api()).getProfileAnalytics(integrationId),
    getDesktopSettings: async () => desktop.get(),
    getClockPreference: () => clock,
    setDesktopSettings: async (patch) => {
      const next = desktop.set(patch);
      opts.applyDesktopSettings?.(next);
      return next;
    },
    takeOpenRequest: async () => {
      const request = openRequest;
      openRequest = null;
      return { request };
    },
    takeRecoveryNotice: async () => {
      const message = recoveryNotice;
      recoveryNotice = null;
      return { message };
    },
    getDiagnostics: () => readDiagnostics(diagnostics),
    openLogsFolder: async () => {
      if (!opts.openFolder || !diagnostics.logFile) return { opened: false };
      await opts.openFolder(diagnostics.logFile.folder);
      return { opened: true };
    },
    openExternal: async ({ url }) => {
      if (!opts.openExternal) return { opened: false };
      await opts.openExternal(url);
      return { opened: true };
    },
  };

  return {
    handlers,
    invoke: async (name, rawInput, ctx = { caller: 'bridge' }) => {
      await ready;
      const result = await dispatch(handlers, name, rawInput, ctx);
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
        return { ok: true, value: { token: await files.register(brand(), parsed.data.path) } };
      } catch (error) {
        return { ok: false, error: toErrorShape(error) };
      }
    },
    onEvent: (listener) => events.on(listener),
    noteRecovery: (message) => {
      recoveryNotice = message;
    },
    desktopSettings: () => desktop.get(),
    requestOpen: (request) => {
      openRequest = request;
      events.emit('openRequested', {});
    },
    pulled: () => sync.pulled(),
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(evergreenTimer);
      if (evergreenSoon) clearTimeout(evergreenSoon);
      await sync.stop();
      await evergreen.idle();
      db.close();
    },
  };
}

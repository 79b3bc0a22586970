import { join } from 'node:path';
import type { IpcEventName } from '../shared/ipc/contract.js';
import type { IpcResult } from '../shared/ipc/errors.js';
import { ApiClient } from './api/client.js';
import { AppFailure } from './ipc/app-failure.js';
import { dispatch, type CallContext, type IpcHandlers } from './ipc/dispatch.js';
import { EventHub } from './ipc/event-hub.js';
import { createLogger } from './log.js';
import { ProfileService, type SandboxConnection } from './profiles/profile-service.js';
import { MemorySecretStore } from './secrets/memory-secret-store.js';
import type { SecretStore } from './secrets/secret-store.js';
import { BrandsRepo } from './store/brands-repo.js';
import { openDatabase } from './store/database.js';
import { ProfilesRepo } from './store/profiles-repo.js';
import { SettingsRepo } from './store/settings-repo.js';

/*
 * Runs in main (Node) and in the browser test bridge's process. Builds every main-process
 * service from its dependencies and exposes them as the IPC handlers of the contract. Electron's
 * main.ts and the Playwright bridge both call this, so the renderer meets the same code in both.
 */

const log = createLogger('app');

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
  /** Per-request timeout of API calls (tests shorten it). */
  apiTimeoutMs?: number;
}

export interface AppServices {
  handlers: IpcHandlers;
  /** Validates and runs one contract method, as the preload's ipcRenderer.invoke would. */
  invoke(name: string, rawInput: unknown, ctx?: CallContext): Promise<IpcResult<unknown>>;
  onEvent(listener: (name: IpcEventName, payload: unknown) => void): () => void;
  close(): Promise<void>;
}

const notAvailableYet = (name: string) => async (): Promise<never> => {
  throw new AppFailure('INTERNAL', `${name} is not available yet in this build.`);
};

export async function createAppServices(opts: AppServicesOptions): Promise<AppServices> {
  const now = opts.now ?? (() => new Date());
  const events = new EventHub();
  const db = openDatabase(join(opts.dataDir, 'postdeck.db'));
  const settings = new SettingsRepo(db, now);
  const profiles = new ProfileService({
    profiles: new ProfilesRepo(db, now),
    brands: new BrandsRepo(db),
    settings,
    keychain: opts.secretStore,
    session: new MemorySecretStore(),
    makeClient: ({ baseUrl, apiKey, brandId }) =>
      new ApiClient({ baseUrl, apiKey, brandId, fetch: opts.fetch, now, timeoutMs: opts.apiTimeoutMs }),
    events,
  });

  const startSandbox = async () => {
    if (!opts.startSandbox) {
      throw new AppFailure('INTERNAL', 'The built-in sandbox is not part of this build: connect to your service instead.');
    }
    return profiles.connectSandbox(await opts.startSandbox());
  };
  // The sandbox listens on a new port at every start: bring it back when it was the active profile.
  if (opts.startSandbox && profiles.activeIsSandbox()) {
    startSandbox().catch((error: unknown) => log.error('could not restart the sandbox', error));
  }

  const api = async () => (await profiles.active()).api;

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
    setBrandTimezone: async ({ brandId, timezone }) => profiles.setBrandTimezone(brandId, timezone),
    listIntegrations: notAvailableYet('listIntegrations'),
    addIntegration: notAvailableYet('addIntegration'),
    listPosts: notAvailableYet('listPosts'),
    getPost: async ({ id }) => (await api()).getPost(id),
    reschedulePost: notAvailableYet('reschedulePost'),
    deleteGroup: notAvailableYet('deleteGroup'),
    sendDraft: notAvailableYet('sendDraft'),
    createPostsNow: notAvailableYet('createPostsNow'),
    listDrafts: notAvailableYet('listDrafts'),
    getDraft: notAvailableYet('getDraft'),
    saveDraft: notAvailableYet('saveDraft'),
    deleteDraft: notAvailableYet('deleteDraft'),
    uploadMedia: notAvailableYet('uploadMedia'),
    uploadMediaFromUrl: async ({ url }) => (await api()).uploadMediaFromUrl(url),
    cancelUpload: notAvailableYet('cancelUpload'),
    listMedia: notAvailableYet('listMedia'),
    getSyncStatus: notAvailableYet('getSyncStatus'),
    listOutbox: notAvailableYet('listOutbox'),
    retryOutbox: notAvailableYet('retryOutbox'),
    discardOutbox: notAvailableYet('discardOutbox'),
    resolveMissedTime: notAvailableYet('resolveMissedTime'),
    syncNow: notAvailableYet('syncNow'),
    getProfileAnalytics: async ({ integrationId }) => (await api()).getProfileAnalytics(integrationId),
    openExternal: async ({ url }) => {
      if (!opts.openExternal) return { opened: false };
      await opts.openExternal(url);
      return { opened: true };
    },
  };

  let closed = false;
  return {
    handlers,
    invoke: (name, rawInput, ctx = { caller: 'bridge' }) => dispatch(handlers, name, rawInput, ctx),
    onEvent: (listener) => events.on(listener),
    close: async () => {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}

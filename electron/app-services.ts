import type { IpcEventName } from '../shared/ipc/contract.js';
import type { IpcResult } from '../shared/ipc/errors.js';
import { AppFailure } from './ipc/app-failure.js';
import { dispatch, type CallContext, type IpcHandlers } from './ipc/dispatch.js';
import { EventHub } from './ipc/event-hub.js';
import type { SecretStore } from './secrets/secret-store.js';

/*
 * Runs in main (Node) and in the browser test bridge's process. Builds every main-process
 * service from its dependencies and exposes them as the IPC handlers of the contract. Electron's
 * main.ts and the Playwright bridge both call this, so the renderer meets the same code in both.
 */

export interface AppServicesOptions {
  /** Folder for the database and the sandbox's data (Electron: app.getPath('userData')). */
  dataDir: string;
  /** Where keys live; `KeytarSecretStore` in the app. Session-only keys live in memory beside it. */
  secretStore: SecretStore;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Starts the built-in local service; absent where it cannot run. */
  startSandbox?: () => Promise<{ baseUrl: string; apiKey: string }>;
  /** Opens an http(s) link in the system browser (Electron: shell.openExternal). */
  openExternal?: (url: string) => Promise<void>;
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
  const events = new EventHub();
  const handlers: IpcHandlers = {
    listProfiles: notAvailableYet('listProfiles'),
    connectProfile: notAvailableYet('connectProfile'),
    replaceKey: notAvailableYet('replaceKey'),
    switchProfile: notAvailableYet('switchProfile'),
    removeProfile: notAvailableYet('removeProfile'),
    startSandbox: notAvailableYet('startSandbox'),
    getMe: notAvailableYet('getMe'),
    listBrands: notAvailableYet('listBrands'),
    switchBrand: notAvailableYet('switchBrand'),
    setBrandTimezone: notAvailableYet('setBrandTimezone'),
    listIntegrations: notAvailableYet('listIntegrations'),
    addIntegration: notAvailableYet('addIntegration'),
    listPosts: notAvailableYet('listPosts'),
    getPost: notAvailableYet('getPost'),
    reschedulePost: notAvailableYet('reschedulePost'),
    deleteGroup: notAvailableYet('deleteGroup'),
    sendDraft: notAvailableYet('sendDraft'),
    createPostsNow: notAvailableYet('createPostsNow'),
    listDrafts: notAvailableYet('listDrafts'),
    getDraft: notAvailableYet('getDraft'),
    saveDraft: notAvailableYet('saveDraft'),
    deleteDraft: notAvailableYet('deleteDraft'),
    uploadMedia: notAvailableYet('uploadMedia'),
    uploadMediaFromUrl: notAvailableYet('uploadMediaFromUrl'),
    cancelUpload: notAvailableYet('cancelUpload'),
    listMedia: notAvailableYet('listMedia'),
    getSyncStatus: notAvailableYet('getSyncStatus'),
    listOutbox: notAvailableYet('listOutbox'),
    retryOutbox: notAvailableYet('retryOutbox'),
    discardOutbox: notAvailableYet('discardOutbox'),
    resolveMissedTime: notAvailableYet('resolveMissedTime'),
    syncNow: notAvailableYet('syncNow'),
    getProfileAnalytics: notAvailableYet('getProfileAnalytics'),
    openExternal: async ({ url }) => {
      if (!opts.openExternal) return { opened: false };
      await opts.openExternal(url);
      return { opened: true };
    },
  };
  return {
    handlers,
    invoke: (name, rawInput, ctx = { caller: 'bridge' }) => dispatch(handlers, name, rawInput, ctx),
    onEvent: (listener) => events.on(listener),
    close: async () => undefined,
  };
}

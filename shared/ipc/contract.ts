import { z } from 'zod';
import type { IpcResult } from './errors.js';
import { profilesEvents, profilesMethods } from '../profiles/ipc.js';
import { brandsEvents, brandsMethods } from '../brands/ipc.js';
import { integrationsMethods } from '../integrations/ipc.js';
import { postsEvents, postsMethods } from '../posts/ipc.js';
import { draftsMethods } from '../drafts/ipc.js';
import { mediaEvents, mediaMethods } from '../media/ipc.js';
import { outboxEvents, outboxMethods } from '../outbox/ipc.js';
import { queueMethods } from '../queue/ipc.js';
import { evergreenMethods } from '../evergreen/ipc.js';
import { snippetsMethods } from '../snippets/ipc.js';
import { labelsEvents, labelsMethods } from '../labels/ipc.js';
import { importEvents, importMethods } from '../import/ipc.js';
import { exportMethods } from '../export/ipc.js';
import { reviewMethods } from '../review/ipc.js';
import { bulkMethods } from '../bulk/ipc.js';
import { clashMethods } from '../clash/ipc.js';
import { analyticsEvents, analyticsMethods } from '../analytics/ipc.js';
import { reportsEvents, reportsMethods } from '../reports/ipc.js';
import { searchMethods } from '../search/ipc.js';
import { desktopEvents, desktopMethods } from '../desktop/ipc.js';
import { linksMethods } from '../links/ipc.js';
import { seriesMethods } from '../series/ipc.js';
import { feedsMethods } from '../feeds/ipc.js';
import { categoriesMethods } from '../categories/ipc.js';
import { activityMethods } from '../activity/ipc.js';

/*
 * The IPC contract: every method the renderer may call and every event main sends. Each feature
 * keeps its slice (methods, inputs, answers, events) in shared/<feature>/ipc.ts; this is their
 * union. The preload builds `window.api` from it, main registers one validated handler per entry,
 * and the browser test bridge is built from it too, so the three can never disagree.
 *
 * A new feature adds its slice to each list below (docs/ipc.md lists the methods in this order).
 */

export const ipcMethods = {
  ...profilesMethods,
  ...brandsMethods,
  ...integrationsMethods,
  ...postsMethods,
  ...draftsMethods,
  ...mediaMethods,
  ...outboxMethods,
  ...queueMethods,
  ...evergreenMethods,
  ...snippetsMethods,
  ...labelsMethods,
  ...importMethods,
  ...exportMethods,
  ...reviewMethods,
  ...bulkMethods,
  ...clashMethods,
  ...analyticsMethods,
  ...reportsMethods,
  ...searchMethods,
  ...desktopMethods,
  ...linksMethods,
  ...seriesMethods,
  ...feedsMethods,
  ...categoriesMethods,
  ...activityMethods,
} as const;

export type IpcMethodName = keyof typeof ipcMethods;
export type IpcInput<K extends IpcMethodName> = z.input<(typeof ipcMethods)[K]['input']>;
export type IpcOutput<K extends IpcMethodName> = z.output<(typeof ipcMethods)[K]['result']>;

/** Events main pushes to the renderer. */
export const ipcEvents = {
  ...profilesEvents,
  ...brandsEvents,
  ...postsEvents,
  ...mediaEvents,
  ...outboxEvents,
  ...labelsEvents,
  ...importEvents,
  ...analyticsEvents,
  ...reportsEvents,
  ...desktopEvents,
} as const;

export type IpcEventName = keyof typeof ipcEvents;
export type IpcEventPayload<K extends IpcEventName> = z.output<(typeof ipcEvents)[K]>;

/** The shape of `window.api`, held by the preload and the test bridge alike. */
export type WindowApi = {
  [K in IpcMethodName]: (input: IpcInput<K>) => Promise<IpcResult<IpcOutput<K>>>;
} & {
  on<K extends IpcEventName>(event: K, listener: (payload: IpcEventPayload<K>) => void): () => void;
  /**
   * A token for a File the user picked or dropped (Electron: the preload resolves its path with
   * webUtils.getPathForFile and registers it with main); null when the file has no place on disk
   * (a pasted picture) or cannot be opened. The page never sees the path.
   */
  fileToken(file: File): Promise<string | null>;
};

/** Channel names, derived so nobody types one by hand. */
export const methodChannel = (name: IpcMethodName) => `api:${name}` as const;
export const eventChannel = (name: IpcEventName) => `event:${name}` as const;
export const IPC_METHOD_NAMES = Object.keys(ipcMethods) as IpcMethodName[];
/**
 * The one channel that carries a path: the preload's `fileToken` registers the path Electron gave
 * for a File the user chose, and main answers a token. Not a method of `window.api`: the page
 * cannot send it a string.
 */
export const REGISTER_FILE_CHANNEL = 'files:register';
export const RegisterFileInput = z.object({ path: z.string().min(1).max(4096) }).strict();
export const IPC_EVENT_NAMES = Object.keys(ipcEvents) as IpcEventName[];

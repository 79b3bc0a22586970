import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  eventChannel,
  IPC_EVENT_NAMES,
  IPC_METHOD_NAMES,
  methodChannel,
  REGISTER_FILE_CHANNEL,
  type IpcEventName,
  type IpcEventPayload,
  type IpcMethodName,
  type WindowApi,
} from '../shared/ipc/contract.js';

/*
 * Builds `window.api` from the IPC contract: one
 * function per method, `on` for events, `fileToken` for files the user chose. No raw ipcRenderer and
 * no channel name ever reaches the page.
 */

type Methods = { [K in IpcMethodName]: WindowApi[K] };

function method<K extends IpcMethodName>(name: K): WindowApi[K] {
  const channel = methodChannel(name);
  return ((input: unknown) => ipcRenderer.invoke(channel, input)) as WindowApi[K];
}

const methods = Object.fromEntries(IPC_METHOD_NAMES.map((name) => [name, method(name)])) as Methods;

const api = {
  ...methods,
  on<K extends IpcEventName>(event: K, listener: (payload: IpcEventPayload<K>) => void): () => void {
    if (!IPC_EVENT_NAMES.includes(event)) return () => undefined;
    const channel = eventChannel(event);
    const handler = (_event: IpcRendererEvent, payload: IpcEventPayload<K>) => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
  async fileToken(file: File): Promise<string | null> {
    // Only a File the user picked or dropped has a path; one the page made has none.
    if (!(file instanceof File)) return null;
    const path = webUtils.getPathForFile(file);
    if (!path) return null;
    const answer: unknown = await ipcRenderer.invoke(REGISTER_FILE_CHANNEL, { path });
    const token = (answer as { ok?: boolean; value?: { token?: unknown } } | null)?.value?.token;
    return (answer as { ok?: boolean } | null)?.ok === true && typeof token === 'string' ? token : null;
  },
} satisfies WindowApi;

contextBridge.exposeInMainWorld('api', api);

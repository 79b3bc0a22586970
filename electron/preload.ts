import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import {
  eventChannel,
  IPC_EVENT_NAMES,
  IPC_METHOD_NAMES,
  methodChannel,
  type IpcEventName,
  type IpcEventPayload,
  type IpcMethodName,
  type WindowApi,
} from '../shared/ipc/contract.js';

/*
 * Builds `window.api` from the IPC contract: one
 * function per method, `on` for events, `pathForFile` for dropped files. No raw ipcRenderer and
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
  pathForFile(file: File): string {
    return webUtils.getPathForFile(file);
  },
} satisfies WindowApi;

contextBridge.exposeInMainWorld('api', api);

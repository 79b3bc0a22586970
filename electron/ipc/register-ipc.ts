import { ipcMain, type BrowserWindow } from 'electron';
import {
  eventChannel,
  IPC_METHOD_NAMES,
  methodChannel,
  REGISTER_FILE_CHANNEL,
} from '../../shared/ipc/contract.js';
import type { AppServices } from '../app-services.js';
import { senderRefusal } from './sender.js';

/*
 * One ipcMain.handle per contract method, each checking the sender frame
 * and then going through dispatch (validation, error mapping); events go to the window.
 * Returns the function that removes all of it.
 */
export function registerIpc(
  services: AppServices,
  entryUrl: string,
  window: () => BrowserWindow | null,
): () => void {
  for (const name of IPC_METHOD_NAMES) {
    ipcMain.handle(methodChannel(name), async (event, rawInput: unknown) => {
      const frame = event.senderFrame;
      const refusal = senderRefusal(
        frame ? { url: frame.url, isTop: frame.parent === null } : null,
        entryUrl,
      );
      if (refusal) return { ok: false, error: refusal };
      return services.invoke(name, rawInput, { caller: 'renderer' });
    });
  }
  // The preload's fileToken: a path Electron gave for a File the user chose, checked by main.
  ipcMain.handle(REGISTER_FILE_CHANNEL, async (event, rawInput: unknown) => {
    const frame = event.senderFrame;
    const refusal = senderRefusal(frame ? { url: frame.url, isTop: frame.parent === null } : null, entryUrl);
    if (refusal) return { ok: false, error: refusal };
    return services.registerFile(rawInput);
  });
  const stopEvents = services.onEvent((name, payload) => {
    const win = window();
    if (win && !win.isDestroyed()) win.webContents.send(eventChannel(name), payload);
  });
  return () => {
    stopEvents();
    for (const name of IPC_METHOD_NAMES) ipcMain.removeHandler(methodChannel(name));
    ipcMain.removeHandler(REGISTER_FILE_CHANNEL);
  };
}

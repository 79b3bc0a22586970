import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, Menu, nativeImage, Notification, shell, type WebContents } from 'electron';
import { eventChannel, ipcEvents } from '../../shared/ipc/contract.js';
import type { MenuCommand } from '../../shared/desktop/ipc.js';
import type { AppServices } from '../app-services.js';
import { createLogger } from '../log.js';
import { contextMenuTemplate } from './context-menu.js';
import { buildMenuTemplate } from './menu-template.js';
import { notificationFor } from './post-notification.js';
import { monthlyNotification } from '../reports/monthly-notification.js';

/*
 * Makes Postdeck a desktop citizen: its name, its icon on every window,
 * the native menu whose items reach the renderer as menuCommand events, and a system notification
 * when sync sees a scheduled post published or failed.
 */

const log = createLogger('desktop');
export const APP_NAME = 'Postdeck';
/** electron-builder.yml's appId: Windows groups the taskbar and notifications under it. */
export const APP_USER_MODEL_ID = 'com.postdeck.app';

export interface DesktopOptions {
  services: AppServices;
  window: () => BrowserWindow | null;
  /** Opens the window (it may be closed while Postdeck runs in the background) or brings it forward. */
  showWindow(): void;
  openLogsFolder(): void;
  checkForUpdates(): void;
}

/** The icon P's build makes (build/icon.png); packaged builds carry it in resources. */
function findIcon(): string | null {
  const candidates = [
    join(app.getAppPath(), 'build', 'icon.png'),
    join(process.resourcesPath ?? '', 'icon.png'),
  ];
  return candidates.find((p) => existsSync(p)) ?? null;
}

export function setupDesktop({
  services,
  window,
  showWindow,
  openLogsFolder,
  checkForUpdates,
}: DesktopOptions): { iconPath: string | null } {
  app.setName(APP_NAME);
  if (process.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

  const iconPath = findIcon();
  if (iconPath) {
    const icon = nativeImage.createFromPath(iconPath);
    if (process.platform === 'darwin') app.dock?.setIcon(icon);
    for (const win of BrowserWindow.getAllWindows()) win.setIcon(icon);
    app.on('browser-window-created', (_event, win) => win.setIcon(icon));
  }

  const send = (command: MenuCommand) => {
    const win = window();
    if (!win || win.isDestroyed()) return;
    win.webContents.send(eventChannel('menuCommand'), ipcEvents.menuCommand.parse({ command }));
  };
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: APP_NAME,
        send,
        openLogsFolder,
        checkForUpdates,
      }),
    ),
  );

  // Held until dismissed: a notification nobody references may be collected, and its click lost.
  const showing = new Set<Notification>();
  services.onEvent((name, payload) => {
    // Monthly reports that wrote themselves on the first of a month: a click opens their folder.
    if (name === 'monthlyReportsWritten' && Notification.isSupported()) {
      const parsed = ipcEvents.monthlyReportsWritten.safeParse(payload);
      const text = parsed.success ? monthlyNotification(parsed.data) : null;
      if (!parsed.success || !text) return;
      try {
        const note = new Notification({ title: text.title, body: text.body, icon: iconPath ?? undefined });
        const folder = parsed.data.folder;
        note.on('click', () => {
          showing.delete(note);
          if (folder) void shell.openPath(folder);
        });
        note.on('close', () => showing.delete(note));
        showing.add(note);
        note.show();
      } catch (error) {
        log.warn('could not show a notification', error);
      }
      return;
    }
    if (name !== 'postOutcome' || !Notification.isSupported()) return;
    const parsed = ipcEvents.postOutcome.safeParse(payload);
    if (!parsed.success) return;
    const { postId } = parsed.data;
    const text = notificationFor(parsed.data);
    if (!text) return;
    try {
      const note = new Notification({ title: text.title, body: text.body, icon: iconPath ?? undefined });
      // The post itself, in the calendar: the window takes the request when it is ready for it.
      note.on('click', () => {
        showing.delete(note);
        services.requestOpen({ kind: 'post', postId });
        showWindow();
      });
      note.on('close', () => showing.delete(note));
      showing.add(note);
      note.show();
    } catch (error) {
      log.warn('could not show a notification', error);
    }
  });
  return { iconPath };
}

/** The right-click menu of a window's page: spelling, the edit commands, Look Up on macOS. */
export function attachContextMenu(
  contents: Pick<WebContents, 'on' | 'replaceMisspelling' | 'showDefinitionForSelection' | 'session'>,
): void {
  contents.on('context-menu', (_event, params) => {
    const template = contextMenuTemplate(params, process.platform, {
      replaceMisspelling: (word) => contents.replaceMisspelling(word),
      addToDictionary: (word) => contents.session.addWordToSpellCheckerDictionary(word),
      lookUp: () => contents.showDefinitionForSelection(),
    });
    if (template.length > 0) Menu.buildFromTemplate(template).popup();
  });
}

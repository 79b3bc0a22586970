import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, Menu, nativeImage, Notification } from 'electron';
import { eventChannel, ipcEvents, type MenuCommand } from '../../shared/ipc/contract.js';
import type { AppServices } from '../app-services.js';
import { createLogger } from '../log.js';
import { buildMenuTemplate } from './menu-template.js';
import { notificationFor } from './post-notification.js';

/*
 * Runs in main (Electron). Makes Postdeck a desktop citizen: its name, its icon on every window,
 * the native menu whose items reach the renderer as menuCommand events, and a system notification
 * when sync sees a scheduled post published or failed.
 */

const log = createLogger('desktop');
export const APP_NAME = 'Postdeck';

export interface DesktopOptions {
  services: AppServices;
  window: () => BrowserWindow | null;
  openLogsFolder(): void;
}

/** The icon P's build makes (build/icon.png); packaged builds carry it in resources. */
function findIcon(): string | null {
  const candidates = [join(app.getAppPath(), 'build', 'icon.png'), join(process.resourcesPath ?? '', 'icon.png')];
  return candidates.find((p) => existsSync(p)) ?? null;
}

export function setupDesktop({ services, window, openLogsFolder }: DesktopOptions): void {
  app.setName(APP_NAME);

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
    Menu.buildFromTemplate(buildMenuTemplate({ platform: process.platform, appName: APP_NAME, send, openLogsFolder })),
  );

  services.onEvent((name, payload) => {
    if (name !== 'postOutcome' || !Notification.isSupported()) return;
    const parsed = ipcEvents.postOutcome.safeParse(payload);
    const text = parsed.success ? notificationFor(parsed.data) : null;
    if (!text) return;
    try {
      const note = new Notification({ title: text.title, body: text.body, icon: iconPath ?? undefined });
      note.on('click', () => {
        const win = window();
        if (!win) return;
        if (win.isMinimized()) win.restore();
        win.focus();
        send('openCalendar');
      });
      note.show();
    } catch (error) {
      log.warn('could not show a notification', error);
    }
  });
}

import { app, dialog, Menu, nativeImage, powerMonitor, Tray } from 'electron';
import { ipcEvents } from '../../shared/ipc/contract.js';
import type { DesktopSettings } from '../../shared/desktop/ipc.js';
import type { AppServices } from '../app-services.js';
import { createLogger } from '../log.js';
import {
  attentionCount,
  quitQuestion,
  staysInBackground,
  trayIconSize,
  trayMenuTemplate,
  trayTooltip,
  type WorkStatus,
} from './background.js';

/*
 * Postdeck as something that runs all day: a tray icon (menu bar on
 * macOS) with what needs the user, the same count on the dock or launcher badge, the app staying
 * when its last window closes (the outbox keeps sending, notifications keep coming), open at login,
 * and a question before quitting with changes still unsent.
 */

const log = createLogger('background');

export interface BackgroundOptions {
  services: AppServices;
  iconPath: string | null;
  /** Opens the window (or brings it forward). */
  showWindow(): void;
  openOutbox(): void;
  /** Whether a window is open (BrowserWindow.getAllWindows in the app). */
  hasWindow(): boolean;
}

export interface Background {
  /** Resolves whether quitting may go on, asking first when changes are still unsent. */
  mayQuit(): Promise<boolean>;
  /** Applies settings the user changed (the login item). */
  apply(settings: DesktopSettings): void;
  /** The system is shutting down or the user logging out (Windows: the window's session-end). */
  systemEnding(): void;
}

/** macOS and Windows keep login items; elsewhere the setting has nothing to change. */
function applyLoginItem(settings: DesktopSettings): void {
  if (process.platform !== 'darwin' && process.platform !== 'win32') return;
  app.setLoginItemSettings({ openAtLogin: settings.openAtLogin });
}

export async function setupBackground(opts: BackgroundOptions): Promise<Background> {
  let status: WorkStatus = { pending: 0, failed: 0, needsDecision: 0 };
  const first = await opts.services.invoke('getSyncStatus', {});
  const parsed = first.ok ? ipcEvents.syncStatus.safeParse(first.value) : null;
  if (parsed?.success) status = parsed.data;

  let tray: Tray | null = null;
  try {
    const size = trayIconSize(process.platform);
    const icon = opts.iconPath
      ? nativeImage.createFromPath(opts.iconPath).resize({ width: size, height: size })
      : nativeImage.createEmpty();
    tray = new Tray(icon);
    tray.on('click', () => opts.showWindow());
  } catch (error) {
    // A Linux desktop without a status area: the app still runs, only without the icon.
    log.warn('no tray icon on this desktop', error);
  }

  const show = () => {
    const count = attentionCount(status);
    app.setBadgeCount(count);
    if (!tray) return;
    tray.setToolTip(trayTooltip(status));
    if (process.platform === 'darwin') tray.setTitle(count > 0 ? String(count) : '');
    tray.setContextMenu(
      Menu.buildFromTemplate(
        trayMenuTemplate(status, {
          open: opts.showWindow,
          openOutbox: opts.openOutbox,
          quit: () => app.quit(),
        }),
      ),
    );
  };
  show();

  let inBackground = false;
  opts.services.onEvent((name, payload) => {
    if (name !== 'syncStatus') return;
    const next = ipcEvents.syncStatus.safeParse(payload);
    if (!next.success) return;
    status = next.data;
    show();
    // Kept only for the outbox's sake: once it is empty, with no window open, Postdeck is done.
    // (Only after a last window closed: at start the first one is not open yet.)
    if (inBackground && !opts.hasWindow() && !staysInBackground(opts.services.desktopSettings(), status)) {
      log.info('the outbox is empty and no window is open: quitting');
      app.quit();
    }
  });

  app.on('window-all-closed', () => {
    if (staysInBackground(opts.services.desktopSettings(), status)) {
      inBackground = true;
      log.info(`the last window closed; staying in the background (${status.pending} pending)`);
      return;
    }
    app.quit();
  });

  applyLoginItem(opts.services.desktopSettings());

  // A shutdown or logout quits without asking: a question there would hold the system up, and the
  // outbox is kept for the next start anyway. macOS and Linux say so here; Windows through the
  // window's session-end (main calls systemEnding).
  let systemEnding = false;
  powerMonitor.on('shutdown', () => {
    systemEnding = true;
  });

  return {
    mayQuit: async () => {
      const question = systemEnding ? null : quitQuestion(status);
      if (!question) return true;
      const { response } = await dialog.showMessageBox({
        type: 'question',
        title: 'Postdeck',
        message: question.message,
        detail: question.detail,
        buttons: ['Quit Anyway', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
      });
      return response === 0;
    },
    apply: applyLoginItem,
    systemEnding: () => {
      systemEnding = true;
    },
  };
}

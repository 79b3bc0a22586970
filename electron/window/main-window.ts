import { BrowserWindow, screen, session, shell, type WebContents } from 'electron';
import { createLogger } from '../log.js';
import { fitToDisplays, loadWindowBounds, MIN_SIZE, saveWindowBounds } from './window-state.js';
import { contentSecurityPolicy, isExternalWebUrl, isOwnPage } from './security.js';

/*
 * The one window, hardened as Electron's security checklist asks:
 * isolated, sandboxed preload, no Node in the page, no new windows, no navigation away, no
 * permissions, CSP on every response, and http(s) links handed to the system browser.
 */

const log = createLogger('window');

export interface MainWindowOptions {
  preloadPath: string;
  entryUrl: string;
  devServerUrl?: string;
  boundsFile: string;
}

/** Session-wide rules; call once before the first window. */
export function hardenSession(devServerUrl: string | undefined): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, permission, callback) => {
    log.warn(`denied a permission request: ${permission}`);
    callback(false);
  });
  ses.setPermissionCheckHandler(() => false);
  if (devServerUrl) {
    // The dev server's responses do not carry our CSP: add it (the app:// scheme sets its own).
    const csp = contentSecurityPolicy(devServerUrl);
    ses.webRequest.onHeadersReceived((details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
    });
  }
}

/** The part of WebContents the guard uses, so it applies to any contents (and runs in tests). */
type GuardedContents = Pick<WebContents, 'setWindowOpenHandler' | 'on'>;
const guarded = new WeakSet<GuardedContents>();

/**
 * No new windows, no navigation away from our page, no redirects elsewhere, no webviews; http(s)
 * links go to the system browser instead. Applied to the main window and to any other contents.
 */
export function guardWebContents(contents: GuardedContents, entryUrl: string): void {
  // The main window's contents also reach app's web-contents-created: guard once, open links once.
  if (guarded.has(contents)) return;
  guarded.add(contents);
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isOwnPage(url, entryUrl)) return;
    event.preventDefault();
    if (isExternalWebUrl(url)) void shell.openExternal(url);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isOwnPage(url, entryUrl)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export async function createMainWindow(opts: MainWindowOptions): Promise<BrowserWindow> {
  const saved = await loadWindowBounds(opts.boundsFile);
  const placement = fitToDisplays(
    saved,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...placement,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Postdeck',
    webPreferences: {
      preload: opts.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      // A middle click would otherwise try to open the link in a new window.
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
    },
  });
  if (saved?.maximized) win.maximize();

  guardWebContents(win.webContents, opts.entryUrl);
  rememberBounds(win, opts.boundsFile);
  win.once('ready-to-show', () => win.show());
  await win.loadURL(opts.entryUrl);
  return win;
}

/** Saves the window's place when it stops moving and when it closes. */
function rememberBounds(win: BrowserWindow, file: string): void {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    if (win.isDestroyed() || win.isMinimized()) return;
    const b = win.isMaximized() ? win.getNormalBounds() : win.getBounds();
    saveWindowBounds(file, { ...b, maximized: win.isMaximized() }).catch((error: unknown) =>
      log.warn('could not save the window position', error),
    );
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(save, 500);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('close', () => {
    clearTimeout(timer);
    save();
  });
}

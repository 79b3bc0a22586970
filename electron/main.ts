import { app, BrowserWindow, crashReporter, dialog, shell, systemPreferences } from 'electron';
import { printPackToPdf } from './desktop/print-pdf.js';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenRequest } from '../shared/desktop/ipc.js';
import { createAppServices, type AppServices } from './app-services.js';
import { attachContextMenu, setupDesktop } from './desktop/setup-desktop.js';
import { registerIpc } from './ipc/register-ipc.js';
import { DEEP_LINK_SCHEME, deepLinkIn, hasDeepLink, parseDeepLink } from './desktop/deep-links.js';
import { catchMainErrors } from './desktop/main-errors.js';
import { saveDialog } from './export/save-dialog.js';
import { folderDialog } from './reports/folder-dialog.js';
import { forwardPageConsole } from './desktop/page-console.js';
import { setupBackground, type Background } from './desktop/setup-background.js';
import { createUpdateChecker } from './desktop/setup-updates.js';
import { recoverWindow } from './desktop/window-recovery.js';
import { consoleSink, createLogger, describe, setLogSink } from './log.js';
import { openLogFile } from './logs/log-file.js';
import { createSandboxStarter } from './profiles/sandbox.js';
import { KeytarSecretStore } from './secrets/keytar-secret-store.js';
import { readSystemClock, systemClockSources } from './desktop/system-clock.js';
import { registerAppScheme, serveRenderer } from './window/app-protocol.js';
import { createMainWindow, guardWebContents, hardenSession } from './window/main-window.js';
import { contentSecurityPolicy, rendererEntry } from './window/security.js';

/*
 * Wiring only: every rule and service lives in a tested module; this
 * file connects them to Electron's lifecycle.
 */

const log = createLogger('main');
const here = dirname(fileURLToPath(import.meta.url));
const devServerUrl = process.env.VITE_DEV_SERVER_URL || undefined;
const entryUrl = rendererEntry(devServerUrl);

// End-to-end runs give each app its own data folder (and so its own single-instance lock).
if (process.env.POSTDECK_USER_DATA_DIR) app.setPath('userData', process.env.POSTDECK_USER_DATA_DIR);
registerAppScheme();
// Crash dumps stay on this machine (app.getPath('crashDumps')): nothing is uploaded anywhere.
crashReporter.start({ uploadToServer: false });

// Every line also goes to a rotating file in the OS's logs folder, which a user can send us.
const logFile = openLogFile(app.getPath('logs'));
setLogSink(
  (level, line) => {
    consoleSink(level, line);
    logFile.write(level, line);
  },
  process.env.POSTDECK_LOG_LEVEL === 'debug' ? 'debug' : 'info',
);
const openLogsFolder = () => {
  void shell.openPath(logFile.folder).then((failure) => {
    if (failure) log.warn('could not open the logs folder', failure);
  });
};
catchMainErrors({
  process,
  log,
  openLogsFolder,
  show: async ({ title, message }) => {
    // Before ready only the synchronous error box exists.
    if (!app.isReady()) {
      dialog.showErrorBox(title, message);
      return false;
    }
    const { response } = await dialog.showMessageBox({
      type: 'error',
      title,
      message: title,
      detail: message,
      buttons: ['OK', 'Open Logs Folder'],
      defaultId: 0,
      cancelId: 0,
    });
    return response === 1;
  },
});

// postdeck:// links: macOS hands them to the running app (open-url, possibly before ready);
// Windows and Linux start a second instance with the link as an argument (second-instance below).
// Until the services run, the latest link waits.
let pendingLink: OpenRequest | null = null;
let openLink: (request: OpenRequest) => void = (request) => {
  pendingLink = request;
};
const receiveLink = (request: OpenRequest | null, source: string) => {
  if (!request) {
    log.warn(`ignored a postdeck:// link that is not one Postdeck opens (${source})`);
    return;
  }
  openLink(request);
};
app.on('open-url', (event, url) => {
  event.preventDefault();
  receiveLink(parseDeepLink(url), 'open-url');
});
// Installed builds claim the scheme (electron-builder.yml's protocols does it for macOS and Linux
// packages); a development run does not take it from the installed app.
if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  let services: AppServices | null = null;
  let background: Background | null = null;
  const sandbox = createSandboxStarter(join(app.getPath('userData'), 'sandbox'));

  const openWindow = async () => {
    window = await createMainWindow({
      preloadPath: join(here, 'preload.cjs'),
      entryUrl,
      devServerUrl,
      boundsFile: join(app.getPath('userData'), 'window-state.json'),
    });
    window.on('closed', () => {
      window = null;
    });
    window.on('session-end', () => background?.systemEnding());
    attachContextMenu(window.webContents);
    forwardPageConsole(window.webContents, createLogger('window'));
    recoverWindow(window, {
      log,
      notice: (message) => services?.noteRecovery(message),
      giveUp: (message) => {
        void dialog
          .showMessageBox({ type: 'error', title: 'Postdeck', message, buttons: ['OK', 'Open Logs Folder'] })
          .then(({ response }) => {
            if (response === 1) openLogsFolder();
          });
      },
    });
  };

  // The window may be closed while Postdeck runs in the background: then it opens again. One at a
  // time: a link or a second start while it is being created waits for that one.
  let opening: Promise<void> | null = null;
  const ensureWindow = (): Promise<void> => {
    opening ??= openWindow().finally(() => {
      opening = null;
    });
    return opening;
  };
  const showWindow = () => {
    if (window && !window.isDestroyed()) {
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      return;
    }
    void ensureWindow();
  };

  app.on('second-instance', (_event, argv) => {
    const request = deepLinkIn(argv);
    if (request) openLink(request);
    else {
      if (hasDeepLink(argv)) receiveLink(null, 'second-instance');
      showWindow();
    }
  });

  // Any other web contents (there should be none) gets the same refusals as the main window.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, entryUrl));

  app
    .whenReady()
    .then(async () => {
      hardenSession(devServerUrl);
      if (!devServerUrl) serveRenderer(join(here, '..', 'renderer'), contentSecurityPolicy());
      services = await createAppServices({
        dataDir: app.getPath('userData'),
        secretStore: new KeytarSecretStore(),
        startSandbox: () => sandbox.start(),
        openExternal: (url) => shell.openExternal(url),
        openFolder: async (path) => {
          const failure = await shell.openPath(path);
          if (failure) throw new Error(failure);
        },
        diagnostics: { appVersion: app.getVersion(), versions: process.versions, logFile },
        applyDesktopSettings: (settings) => background?.apply(settings),
        chooseSavePath: saveDialog(() => window),
        chooseFolder: folderDialog(() => window),
        showInFolder: (path) => shell.showItemInFolder(path),
        // macOS keeps "24-hour time" in the user's defaults; Linux and Windows are read by the reader.
        systemClock: () =>
          readSystemClock(
            systemClockSources((key) => systemPreferences.getUserDefault(key, 'boolean') === true),
          ),
        printToPdf: printPackToPdf,
      });
      const running = services;
      registerIpc(running, entryUrl, () => window);
      const { iconPath } = setupDesktop({
        services: running,
        window: () => window,
        showWindow,
        openLogsFolder,
        checkForUpdates: createUpdateChecker(),
      });
      background = await setupBackground({
        services: running,
        iconPath,
        showWindow,
        openOutbox: () => {
          running.requestOpen({ kind: 'outbox' });
          showWindow();
        },
        hasWindow: () => BrowserWindow.getAllWindows().length > 0,
      });
      openLink = (request) => {
        running.requestOpen(request);
        showWindow();
      };
      const startLink = deepLinkIn(process.argv);
      if (!startLink && hasDeepLink(process.argv)) receiveLink(null, 'command line');
      const firstLink = startLink ?? pendingLink;
      pendingLink = null;
      if (firstLink) running.requestOpen(firstLink);
      await ensureWindow();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) showWindow();
      });
    })
    .catch((error: unknown) => {
      // E.g. a data file from a newer Postdeck: say why plainly rather than vanish.
      log.error('start-up failed', error);
      dialog.showErrorBox('Postdeck could not start', describe(error));
      app.exit(1);
    });

  // Closing the last window is setupBackground's: it quits, or stays in the tray.

  // Quitting asks first while changes are unsent, then closes the services before the app ends.
  let quitting = false;
  let asking = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    if (asking) return;
    asking = true;
    const asked = background?.mayQuit().catch(() => true) ?? Promise.resolve(true);
    void asked.then((go) => {
      asking = false;
      if (!go) return;
      quitting = true;
      void Promise.allSettled([services?.close(), sandbox.stop()]).finally(() => app.quit());
    });
  });
}

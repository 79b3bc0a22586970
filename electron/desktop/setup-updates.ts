import { app, dialog } from 'electron';
import { autoUpdater } from 'electron-updater';
import { createLogger } from '../log.js';
import { checkForUpdates, updateMessage } from './updates.js';

/*
 * Help → Check for Updates…: asks electron-updater (which downloads a newer
 * version by itself), says what it found, and offers to restart once a download is ready.
 * electron-updater is set up at the first check, not at start: most runs never need it.
 */

const log = createLogger('updates');

export function createUpdateChecker(): () => void {
  let ready = false;
  const prepare = () => {
    if (ready) return;
    ready = true;
    // Its lines go through our logger, and so through the key redaction and into the log file.
    autoUpdater.logger = {
      info: (m: unknown) => log.info(String(m)),
      warn: (m: unknown) => log.warn(String(m)),
      error: (m: unknown) => log.error(String(m)),
      debug: (m: string) => log.debug(m),
    };
    autoUpdater.on('update-downloaded', (event) => {
      void dialog
        .showMessageBox({
          type: 'info',
          title: 'Postdeck',
          message: `Version ${event.version} is ready.`,
          detail:
            'Restart Postdeck to use it, or keep working: it is installed the next time Postdeck quits.',
          buttons: ['Restart Now', 'Later'],
          defaultId: 0,
          cancelId: 1,
        })
        .then(({ response }) => {
          if (response === 0) autoUpdater.quitAndInstall();
        });
    });
  };

  let checking = false;
  return () => {
    if (checking) return;
    checking = true;
    void checkForUpdates({
      isPackaged: app.isPackaged,
      currentVersion: app.getVersion(),
      resourcesDir: process.resourcesPath,
      check: () => {
        prepare();
        return autoUpdater.checkForUpdates();
      },
    })
      .then((outcome) => {
        if (outcome.kind === 'failed') log.warn('the update check failed', outcome.reason);
        const text = updateMessage(outcome);
        return dialog.showMessageBox({
          type: text.type,
          title: 'Postdeck',
          message: text.message,
          detail: text.detail,
        });
      })
      .finally(() => {
        checking = false;
      });
  };
}

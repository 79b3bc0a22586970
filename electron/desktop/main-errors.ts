import { describe, type Logger } from '../log.js';

/*
 * No Electron value imported, so it is tested under plain Node. An error nobody
 * caught in main (a throw in an event handler, a rejected promise nobody awaited) is written to
 * the log with its stack and shown to the user, instead of Node's default: a silent exit that
 * stops the outbox mid-send. One dialog at a time; errors that arrive while it is open are logged.
 */

export interface ErrorNotice {
  title: string;
  message: string;
}

export interface MainErrorOptions {
  process: Pick<NodeJS.Process, 'on'>;
  log: Logger;
  /** Shows the notice; resolves true when the user asked to see the log files. */
  show(notice: ErrorNotice): Promise<boolean>;
  openLogsFolder(): void;
}

export function noticeFor(error: unknown): ErrorNotice {
  return {
    title: 'Postdeck ran into an unexpected error',
    message: `${describe(error)}\n\nIt was written to the log. Postdeck keeps running; if something looks wrong, quit and open it again, and send us the log file if it happens again.`,
  };
}

export function catchMainErrors(opts: MainErrorOptions): void {
  let showing = false;
  const report = (kind: string, error: unknown) => {
    opts.log.error(kind, error);
    if (showing) return;
    showing = true;
    opts
      .show(noticeFor(error))
      .then((openLogs) => {
        if (openLogs) opts.openLogsFolder();
      })
      .catch((dialogError: unknown) => opts.log.error('could not show the error', dialogError))
      .finally(() => {
        showing = false;
      });
  };
  opts.process.on('uncaughtException', (error) => report('uncaught exception in main', error));
  opts.process.on('unhandledRejection', (reason) => report('unhandled promise rejection in main', reason));
}

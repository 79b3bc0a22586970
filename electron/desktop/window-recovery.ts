import type { Logger } from '../log.js';

/*
 * No Electron value imported (the window is reached through the few methods used),
 * so it is tested under plain Node. When the window's page dies (a crash, out of memory, killed by
 * the system) or stops responding, the page is loaded again and told, in one sentence, what
 * happened. What the user was doing comes back by itself: drafts autosave and the open one
 * reopens, the outbox lives in main's database, the calendar keeps its view and date. A page that
 * keeps dying is not reloaded forever: after a few times in a short while the user is told instead.
 */

/** Why Electron says a page went away (render-process-gone's details.reason). */
export type GoneReason =
  | 'clean-exit'
  | 'abnormal-exit'
  | 'killed'
  | 'crashed'
  | 'oom'
  | 'launch-failed'
  | 'integrity-failure'
  | 'memory-eviction';

export interface RecoverableWindow {
  isDestroyed(): boolean;
  on(event: 'unresponsive' | 'responsive', listener: () => void): unknown;
  webContents: {
    on(
      event: 'render-process-gone',
      listener: (event: unknown, details: { reason: GoneReason; exitCode: number }) => void,
    ): unknown;
    reload(): void;
    /** Ends a hung page so that reload() starts a fresh one. */
    forcefullyCrashRenderer(): void;
  };
}

export interface RecoveryOptions {
  log: Logger;
  /** Keeps the sentence for the reloaded page (it asks once, with takeRecoveryNotice). */
  notice(message: string): void;
  /** Called instead of a reload when the page keeps dying. */
  giveUp(message: string): void;
  now?: () => number;
  /** How long a page may stay unresponsive before it is reloaded (15 s). */
  hangMs?: number;
  setTimer?: (fn: () => void, ms: number) => { cancel(): void };
}

const KEPT = 'Your drafts, the outbox and your place in the calendar are as you left them.';
/** More deaths than this within the window below means reloading does not help. */
const MAX_RELOADS = 3;
const RELOAD_WINDOW_MS = 5 * 60_000;

export function sentenceFor(reason: GoneReason | 'unresponsive'): string {
  switch (reason) {
    case 'unresponsive':
      return `Postdeck's window stopped responding, so it was reloaded. ${KEPT}`;
    case 'oom':
    case 'memory-eviction':
      return `Postdeck's window ran out of memory and was reloaded. ${KEPT}`;
    case 'killed':
      return `Postdeck's window was stopped by the system and was reloaded. ${KEPT}`;
    default:
      return `Postdeck's window stopped unexpectedly and was reloaded. ${KEPT}`;
  }
}

export function recoverWindow(win: RecoverableWindow, opts: RecoveryOptions): void {
  const now = opts.now ?? Date.now;
  const hangMs = opts.hangMs ?? 15_000;
  const setTimer =
    opts.setTimer ??
    ((fn, ms) => {
      const t = setTimeout(fn, ms);
      return { cancel: () => clearTimeout(t) };
    });
  const reloads: number[] = [];
  let hang: { cancel(): void } | null = null;
  // Set when we end a hung page ourselves: its render-process-gone is ours, already handled.
  let endedByUs = false;

  const reload = (why: GoneReason | 'unresponsive') => {
    if (win.isDestroyed()) return;
    const recent = reloads.filter((t) => now() - t < RELOAD_WINDOW_MS);
    reloads.splice(0, reloads.length, ...recent, now());
    if (recent.length >= MAX_RELOADS) {
      opts.log.error(`the window's page went away again (${why}); not reloading it once more`);
      opts.giveUp(
        `Postdeck's window keeps stopping (${why}). Quit and open Postdeck again; if it keeps happening, send us the log file (Help → Open Logs Folder).`,
      );
      return;
    }
    opts.notice(sentenceFor(why));
    win.webContents.reload();
  };

  win.webContents.on('render-process-gone', (_event, { reason, exitCode }) => {
    hang?.cancel();
    hang = null;
    if (endedByUs) {
      endedByUs = false;
      return;
    }
    // A clean exit is the page closing with the window: nothing went wrong.
    if (reason === 'clean-exit') return;
    opts.log.error(`the window's page went away: ${reason} (exit code ${exitCode})`);
    reload(reason);
  });

  win.on('unresponsive', () => {
    if (hang) return;
    opts.log.warn('the window stopped responding');
    hang = setTimer(() => {
      hang = null;
      if (win.isDestroyed()) return;
      opts.log.error(`the window did not respond for ${Math.round(hangMs / 1000)} s: reloading it`);
      endedByUs = true;
      win.webContents.forcefullyCrashRenderer();
      reload('unresponsive');
    }, hangMs);
  });

  win.on('responsive', () => {
    if (!hang) return;
    opts.log.info('the window responds again');
    hang.cancel();
    hang = null;
  });
}

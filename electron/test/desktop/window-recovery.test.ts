import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../../app-services.js';
import {
  recoverWindow,
  sentenceFor,
  type GoneReason,
  type RecoverableWindow,
} from '../../desktop/window-recovery.js';
import { createLogger, setLogSink } from '../../log.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';

/* Crash recovery against a stand-in of the BrowserWindow methods it uses, with a hand-driven clock. */

class FakeWindow extends EventEmitter {
  destroyed = false;
  reloads = 0;
  crashedByUs = 0;
  readonly contents = new EventEmitter();
  readonly webContents = Object.assign(this.contents, {
    reload: () => {
      this.reloads++;
    },
    forcefullyCrashRenderer: () => {
      this.crashedByUs++;
      // Electron reports the page it ended as gone, later.
      queueMicrotask(() => this.gone('killed'));
    },
  });
  isDestroyed() {
    return this.destroyed;
  }
  gone(reason: GoneReason) {
    this.contents.emit('render-process-gone', {}, { reason, exitCode: 1 });
  }
}

let restore: () => void;
let lines: string[];
let clock: number;
let timers: { at: number; fn: () => void; live: boolean }[];
let notices: string[];
let gaveUp: string[];
let win: FakeWindow;

function advance(ms: number) {
  clock += ms;
  for (const t of timers) {
    if (t.live && t.at <= clock) {
      t.live = false;
      t.fn();
    }
  }
}

beforeEach(() => {
  lines = [];
  restore = setLogSink((_level, line) => lines.push(line));
  clock = 0;
  timers = [];
  notices = [];
  gaveUp = [];
  win = new FakeWindow();
  recoverWindow(win as unknown as RecoverableWindow, {
    log: createLogger('window'),
    notice: (m) => notices.push(m),
    giveUp: (m) => gaveUp.push(m),
    now: () => clock,
    hangMs: 15_000,
    setTimer: (fn, ms) => {
      const t = { at: clock + ms, fn, live: true };
      timers.push(t);
      return { cancel: () => (t.live = false) };
    },
  });
});
afterEach(() => restore());

describe('a window whose page dies', () => {
  it('is reloaded with a sentence saying what happened, and the reason is logged', () => {
    win.gone('crashed');
    expect(win.reloads).toBe(1);
    expect(notices).toEqual([
      "Postdeck's window stopped unexpectedly and was reloaded. Your drafts, the outbox and your place in the calendar are as you left them.",
    ]);
    expect(lines[0]).toContain("the window's page went away: crashed (exit code 1)");
    win.gone('oom');
    expect(notices[1]).toMatch(/^Postdeck's window ran out of memory and was reloaded\./);
  });

  it('is left alone when the page closed cleanly with the window', () => {
    win.gone('clean-exit');
    expect(win.reloads).toBe(0);
    expect(notices).toEqual([]);
  });

  it('is not reloaded forever: after three reloads in five minutes the user is told instead', () => {
    for (let i = 0; i < 3; i++) {
      win.gone('crashed');
      advance(30_000);
    }
    expect(win.reloads).toBe(3);
    win.gone('crashed');
    expect(win.reloads).toBe(3);
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]).toContain('Help → Open Logs Folder');
    // Much later, a single crash is reloaded again.
    advance(10 * 60_000);
    win.gone('crashed');
    expect(win.reloads).toBe(4);
  });

  it('that is destroyed is not touched', () => {
    win.destroyed = true;
    win.gone('crashed');
    expect(win.reloads).toBe(0);
  });
});

describe('a window that stops responding', () => {
  it('is given time, and left alone when it responds again', () => {
    win.emit('unresponsive');
    advance(10_000);
    win.emit('responsive');
    advance(60_000);
    expect(win.crashedByUs).toBe(0);
    expect(win.reloads).toBe(0);
  });

  it('is ended and reloaded once, with its own sentence, when it stays hung', async () => {
    win.emit('unresponsive');
    win.emit('unresponsive');
    advance(15_000);
    expect(win.crashedByUs).toBe(1);
    expect(win.reloads).toBe(1);
    await Promise.resolve();
    // The page we ended is reported gone: that is not a second crash.
    expect(win.reloads).toBe(1);
    expect(notices).toEqual([
      "Postdeck's window stopped responding, so it was reloaded. Your drafts, the outbox and your place in the calendar are as you left them.",
    ]);
  });
});

describe('the sentence for the reloaded page', () => {
  it('is answered once by takeRecoveryNotice, through the same gate as every call', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'postdeck-recovery-'));
    const services = await createAppServices({ dataDir: dir, secretStore: new MemorySecretStore() });
    try {
      expect(await services.invoke('takeRecoveryNotice', {})).toEqual({ ok: true, value: { message: null } });
      services.noteRecovery(sentenceFor('crashed'));
      expect(await services.invoke('takeRecoveryNotice', {})).toEqual({
        ok: true,
        value: { message: sentenceFor('crashed') },
      });
      expect(await services.invoke('takeRecoveryNotice', {})).toEqual({ ok: true, value: { message: null } });
    } finally {
      await services.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

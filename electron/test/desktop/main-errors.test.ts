import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { catchMainErrors, type ErrorNotice } from '../../desktop/main-errors.js';
import { createLogger, setLogSink } from '../../log.js';

/* Uncaught errors in main: logged with their stack, shown once at a time, never a silent exit. */

let restore: (() => void) | null = null;
afterEach(() => restore?.());

function setup(answer: boolean) {
  const lines: string[] = [];
  restore = setLogSink((_level, line) => lines.push(line));
  const proc = new EventEmitter();
  const shown: ErrorNotice[] = [];
  let release: () => void = () => undefined;
  let logsOpened = 0;
  catchMainErrors({
    process: proc as unknown as NodeJS.Process,
    log: createLogger('main'),
    show: (notice) => {
      shown.push(notice);
      return new Promise<boolean>((resolve) => {
        release = () => resolve(answer);
      });
    },
    openLogsFolder: () => logsOpened++,
  });
  return { proc, lines, shown, release: () => release(), logsOpened: () => logsOpened };
}

describe('errors nobody caught in main', () => {
  it('are logged with their stack and shown, redacted, and the process keeps its listener', async () => {
    const t = setup(false);
    t.proc.emit('uncaughtException', new Error('boom with pst_live_MainKey55'));
    expect(t.lines[0]).toMatch(
      /ERROR \[main\] uncaught exception in main Error: boom with pst_live_\[redacted\]\n\s+at /,
    );
    expect(t.shown).toHaveLength(1);
    expect(t.shown[0]!.message).toContain('boom with pst_live_[redacted]');
    expect(t.shown[0]!.message).toContain('It was written to the log');
    expect(JSON.stringify(t.shown)).not.toContain('MainKey55');
    // A listener for uncaughtException is what stops Node's default: exit without a word.
    expect(t.proc.listenerCount('uncaughtException')).toBe(1);
  });

  it('show one dialog at a time; later errors are still logged, and the next one is shown after', async () => {
    const t = setup(false);
    t.proc.emit('unhandledRejection', new Error('first'));
    t.proc.emit('unhandledRejection', 'second, not an Error');
    expect(t.lines).toHaveLength(2);
    expect(t.lines[1]).toContain('unhandled promise rejection in main second, not an Error');
    expect(t.shown).toHaveLength(1);
    t.release();
    await new Promise((r) => setTimeout(r, 0));
    t.proc.emit('uncaughtException', new Error('third'));
    expect(t.shown).toHaveLength(2);
  });

  it('open the logs folder when the user asks from the dialog', async () => {
    const t = setup(true);
    t.proc.emit('uncaughtException', new Error('x'));
    t.release();
    await new Promise((r) => setTimeout(r, 0));
    expect(t.logsOpened()).toBe(1);
  });
});

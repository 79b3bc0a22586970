import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import {
  forwardPageConsole,
  type ConsoleSource,
  type PageConsoleMessage,
} from '../../desktop/page-console.js';
import { createLogger, setLogSink } from '../../log.js';

/* The page's warnings and errors in main's log, redacted and capped, from a stand-in WebContents. */

let restore: (() => void) | null = null;
afterEach(() => restore?.());

function setup() {
  const lines: string[] = [];
  restore = setLogSink((level, line) => lines.push(`${level} ${line}`));
  const contents = new EventEmitter();
  let clock = 0;
  forwardPageConsole(contents as unknown as ConsoleSource, createLogger('window'), () => clock);
  const say = (level: PageConsoleMessage['level'], message: string) =>
    contents.emit('console-message', {
      level,
      message,
      lineNumber: 12,
      sourceId: 'app://postdeck/assets/index-x.js',
    });
  return { lines, say, advance: (ms: number) => (clock += ms) };
}

describe("the page's console", () => {
  it('reaches the log for warnings and errors only, with where it came from and no key', () => {
    const t = setup();
    t.say('info', 'rendered');
    t.say('debug', 'details');
    t.say('warning', 'slow query');
    t.say('error', 'The calendar page could not be shown: Bearer pst_live_PageKey99');
    expect(t.lines).toHaveLength(2);
    expect(t.lines[0]).toMatch(/^warn .*\[window\] page: slow query \(assets\/index-x\.js:12\)$/);
    expect(t.lines[1]).toContain('error');
    expect(t.lines[1]).toContain('pst_live_[redacted]');
    expect(t.lines.join('\n')).not.toContain('PageKey99');
  });

  it('is capped at 50 lines a minute, then says how many were left out', () => {
    const t = setup();
    for (let i = 0; i < 80; i++) t.say('error', `loop ${i}`);
    expect(t.lines).toHaveLength(50);
    t.advance(60_000);
    t.say('error', 'after');
    expect(t.lines.slice(-2)).toEqual([
      expect.stringContaining('page: 30 more console lines in the last minute were not written'),
      expect.stringContaining('page: after'),
    ]);
  });
});

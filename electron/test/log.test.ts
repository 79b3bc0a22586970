import { homedir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, setLogSink } from '../log.js';

/* Every log line is redacted, whatever a caller hands the logger. */

let restore: (() => void) | null = null;
afterEach(() => restore?.());

describe('logger', () => {
  it('redacts keys in messages, errors and objects', () => {
    const lines: string[] = [];
    restore = setLogSink((_level, line) => lines.push(line));
    const log = createLogger('test');
    log.info('key pst_live_AbC123xyz in text');
    log.error('failed', new Error('Bearer pst_test_secret_value-1'));
    log.warn('request', { headers: { authorization: 'Bearer pst_live_ZZZ999' } });
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).not.toMatch(/AbC123xyz|secret_value|ZZZ999/);
    expect(lines[0]).toContain('pst_live_[redacted]');
    expect(lines[1]).toMatch(/ERROR \[test\] failed Error: Bearer pst_test_\[redacted\]/);
  });

  it("writes an error's stack (and its cause), redacted, so a log says where it failed", () => {
    const lines: string[] = [];
    restore = setLogSink((_level, line) => lines.push(line));
    const cause = new Error('socket hang up for pst_live_CauseKey42');
    const error = new Error('upload failed with pst_test_StackKey77', { cause });
    createLogger('stack').error('sending', error);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\n\s+at .*log\.test\.ts/);
    expect(lines[0]).toContain('Caused by: Error: socket hang up for pst_live_[redacted]');
    expect(lines[0]).not.toMatch(/StackKey77|CauseKey42/);
  });

  it('replaces the home folder with ~', () => {
    const lines: string[] = [];
    restore = setLogSink((_level, line) => lines.push(line));
    createLogger('paths').warn('cannot read', `${homedir()}/Videos/clip.mp4`);
    expect(lines[0]).toContain('~/Videos/clip.mp4');
    expect(lines[0]).not.toContain(homedir());
  });

  it('drops lines under the chosen level', () => {
    const lines: string[] = [];
    restore = setLogSink((_level, line) => lines.push(line), 'warn');
    const log = createLogger('quiet');
    log.debug('no');
    log.info('no');
    log.warn('yes');
    expect(lines).toHaveLength(1);
  });
});

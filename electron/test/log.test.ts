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

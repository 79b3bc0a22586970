import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, setLogSink } from '../../log.js';
import { openLogFile } from '../../logs/log-file.js';

/* The log file, written by the real electron-log into a real folder. */

let dir: string;
let restore: (() => void) | null = null;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postdeck-logs-'));
});
afterEach(async () => {
  restore?.();
  restore = null;
  await rm(dir, { recursive: true, force: true });
});

describe('the log file', () => {
  it("holds every logger line, an error's stack included, with no key", async () => {
    const file = openLogFile(dir);
    restore = setLogSink(file.write, 'info');
    const log = createLogger('sync');
    log.info('sent with pst_live_InfoKey11');
    log.error('upload failed', new Error('refused pst_test_ErrKey22'));
    const text = await readFile(join(dir, 'main.log'), 'utf8');
    expect(text).toContain('INFO [sync] sent with pst_live_[redacted]');
    expect(text).toMatch(/ERROR \[sync\] upload failed Error: refused pst_test_\[redacted\]\n\s+at /);
    expect(text).not.toMatch(/InfoKey11|ErrKey22/);
  });

  it('redacts what reaches electron-log by another way (a library logging an error object)', async () => {
    const file = openLogFile(dir);
    file.write('warn', 'plain line');
    // What electron-updater or electron-log's own error handler would pass: an Error, an object.
    const other = file as unknown as { write(level: 'warn', line: unknown): void };
    other.write('warn', new Error('feed answered pst_live_LibKey33'));
    other.write('warn', { header: 'Bearer pst_live_ObjKey44' });
    const text = await readFile(join(dir, 'main.log'), 'utf8');
    expect(text).toContain('pst_live_[redacted]');
    expect(text).not.toMatch(/LibKey33|ObjKey44/);
  });

  it('rotates at its size and keeps only the newest files', async () => {
    const file = openLogFile(dir, { maxBytes: 2_000, keep: 2 });
    for (let i = 0; i < 200; i++) file.write('info', `line ${i} ${'x'.repeat(80)}`);
    const names = (await readdir(dir)).sort();
    expect(names).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    for (const name of names) {
      // One line may cross the size before rotation happens.
      expect((await readFile(join(dir, name))).length).toBeLessThan(2_000 + 200);
    }
    expect(await readFile(join(dir, 'main.log'), 'utf8')).toContain('line 199 ');
  });

  it('gives the last lines for the diagnostics view, and none before anything was written', async () => {
    const file = openLogFile(dir);
    expect(await file.tail(5)).toEqual([]);
    for (let i = 0; i < 50; i++) file.write('info', `line ${i}`);
    expect(await file.tail(3)).toEqual(['line 47', 'line 48', 'line 49']);
  });

  it('is private to the user: its folder 0700 and every file 0600, also those an older version left open', async () => {
    const mode = async (p: string) => (await stat(p)).mode & 0o777;
    const fresh = join(dir, 'logs');
    const file = openLogFile(fresh, { maxBytes: 2_000, keep: 2 });
    for (let i = 0; i < 200; i++) file.write('info', `line ${i} ${'x'.repeat(40)}`);
    expect(await mode(fresh)).toBe(0o700);
    const names = await readdir(fresh);
    expect(names).toContain('main.1.log');
    for (const name of names) expect(await mode(join(fresh, name)), name).toBe(0o600);

    const old = join(dir, 'old');
    await mkdir(old, { mode: 0o755 });
    await chmod(old, 0o755);
    for (const name of ['main.log', 'main.1.log']) {
      await writeFile(join(old, name), 'before\n', { mode: 0o644 });
      await chmod(join(old, name), 0o644);
    }
    openLogFile(old).write('info', 'after');
    expect(await mode(old)).toBe(0o700);
    for (const name of ['main.log', 'main.1.log']) expect(await mode(join(old, name)), name).toBe(0o600);
  });
});

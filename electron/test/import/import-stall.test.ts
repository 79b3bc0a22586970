import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { splitBlocks } from '../../../shared/posts-file/columns.js';
import { startTestService, type TestService } from '../support/service.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';

/*
 * Issue 25 item 7: main never blocks on a file. A hostile import (one 40 MB cell; a JSON of 200,000
 * keys) is parsed off main's thread with caps: the parse worker is started for it, and main's own
 * copy of the decoder never runs (what is checked is where the work runs, not how
 * long main stalled on this machine; the stall is bench/bulk-import.bench.ts's figure, target 50 ms).
 * Errors name no content of the file.
 */

const { workersStarted, decodedOnMain } = vi.hoisted(() => ({
  workersStarted: [] as string[],
  decodedOnMain: { calls: 0 },
}));

// Every worker thread main starts, by the script it runs.
vi.mock('node:worker_threads', async (importOriginal) => {
  const threads = await importOriginal<typeof import('node:worker_threads')>();
  class Recorded extends threads.Worker {
    constructor(url: string | URL, options?: import('node:worker_threads').WorkerOptions) {
      super(url, options);
      workersStarted.push(String(url));
    }
  }
  return { ...threads, Worker: Recorded, default: { ...threads, Worker: Recorded } };
});
// The decoder as main's modules import it: the worker is its own bundle with its own copy, so a
// call seen here ran on main's thread.
vi.mock('../../import/decode.js', async (importOriginal) => {
  const decode = await importOriginal<typeof import('../../import/decode.js')>();
  return {
    ...decode,
    decodeText: (...args: Parameters<typeof decode.decodeText>) => {
      decodedOnMain.calls += 1;
      return decode.decodeText(...args);
    },
  };
});

let svc: TestService;
let app: ConnectedApp;
let dir: string;

beforeAll(async () => {
  svc = await startTestService();
  app = await openConnectedApp(svc);
  dir = await mkdtemp(join(tmpdir(), 'postdeck-import-stall-'));
  // Run from sources, main bundles its parse worker on the first import (the built app ships it):
  // done here, so the measurements see the app's own cost only.
  const warm = join(dir, 'warm.csv');
  await writeFile(warm, 'text,accounts,date\nHi,x,queue\n');
  await app.call('previewImport', { file: await app.chosen(warm) });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await svc?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Previews a file; says whether its parse worker was started and whether main decoded any of it. */
async function previewWatched(path: string) {
  const file = await app.chosen(path);
  const workersBefore = workersStarted.length;
  decodedOnMain.calls = 0;
  const result = await app.call('previewImport', { file });
  const parseWorkers = workersStarted.slice(workersBefore).filter((url) => /import-worker/.test(url));
  return { result, parseWorkers: parseWorkers.length, decodedOnMain: decodedOnMain.calls };
}

describe('a hostile import never holds main', () => {
  it('a 40 MB cell: refused with a sentence, parsed in the worker, never on main', async () => {
    const path = join(dir, 'huge-cell.csv');
    // Written a megabyte at a time from one buffer: the test leaves no 40 MB of garbage behind it
    // for the collector to stall this process with during the measurement.
    const file = await open(path, 'w');
    const words = Buffer.from('word '.repeat(200_000) + '\n---\n');
    await file.write('text,accounts,date\n"');
    for (let i = 0; i < 40; i++) await file.write(words);
    await file.write('",x,queue\n');
    await file.close();
    const { result, parseWorkers, decodedOnMain } = await previewWatched(path);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    if (!result.ok) expect(result.error.message).toMatch(/at most 100000/);
    expect(parseWorkers).toBe(1);
    expect(decodedOnMain).toBe(0);
  }, 60_000);

  it('a JSON of 200,000 keys: refused with a sentence, parsed in the worker, never on main', async () => {
    const path = join(dir, 'keys.json');
    const file = await open(path, 'w');
    await file.write('[{"text":"Hi"');
    for (let chunk = 0; chunk < 20; chunk++) {
      await file.write(Array.from({ length: 10_000 }, (_, i) => `,"k${chunk}_${i}":"v"`).join(''));
    }
    await file.write('}]');
    await file.close();
    const { result, parseWorkers, decodedOnMain } = await previewWatched(path);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    if (!result.ok) expect(result.error.message).toMatch(/more than 500 columns/);
    expect(parseWorkers).toBe(1);
    expect(decodedOnMain).toBe(0);
  }, 60_000);

  it('a JSON parse error does not quote the file', async () => {
    const path = join(dir, 'secret.json');
    await writeFile(path, '[{"text": "hunter2-password-of-the-boss" oops}]');
    const { result } = await previewWatched(path);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_ARGUMENT');
      expect(result.error.message).not.toMatch(/hunter2|oops/);
    }
  });

  it('splits a long thread cell in linear time, as the separator regex did', () => {
    for (const text of [
      'a\n---\nb',
      'a\r\n---\r\nb',
      '\n---\nb',
      'a\n---\n---\nb',
      'a\n----\nb',
      'a\n---',
      '',
    ]) {
      expect(splitBlocks(text), JSON.stringify(text)).toEqual(text.split(/\r?\n---\r?\n/));
    }
    const big = `${'x'.repeat(20_000_000)}\n---\n${'\n--'.repeat(5_000_000)}`;
    // Each unit of the cell is searched about once (the near-separators "\n--" included): the
    // searches' spans add up to about the cell's length, never a multiple of it per separator.
    const indexOf = String.prototype.indexOf;
    let searched = 0;
    const spy = vi.spyOn(String.prototype, 'indexOf').mockImplementation(function (
      this: string,
      search: string,
      from?: number,
    ) {
      const at = indexOf.call(this, search, from);
      if (this.length === big.length)
        searched += (at === -1 ? this.length : at + search.length) - (from ?? 0);
      return at;
    });
    try {
      expect(splitBlocks(big)).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
    expect(searched).toBeGreaterThan(0);
    expect(searched).toBeLessThanOrEqual(big.length + 8);
  });
});

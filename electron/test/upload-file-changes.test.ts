import { execFileSync } from 'node:child_process';
import { appendFile, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mp4Bytes } from '../../server/test/fixtures.js';
import { noHang } from '../../test/support/hang.js';
import { ApiError } from '../api/errors.js';
import { startTestService, type TestService } from './support/service.js';

/*
 * Issue 25 item 6: a file that changes under its upload. The body announces the length of the file
 * it opened and sends exactly those bytes, or fails at once with a sentence about the file; a pipe
 * swapped in for the file after a check never leaves the upload (and the app's closing) waiting.
 */

/** Paths whose file becomes a FIFO right after something stat()s it (the race the issue found). */
const swapAfterStat = new Set<string>();
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const stat = async (...args: Parameters<typeof real.stat>) => {
    const info = await real.stat(...args);
    const path = String(args[0]);
    if (swapAfterStat.delete(path)) {
      await real.unlink(path);
      execFileSync('mkfifo', [path]);
    }
    return info;
  };
  return { ...real, stat, default: { ...real, stat } };
});

let svc: TestService;
let dir: string;
beforeAll(async () => {
  svc = await startTestService();
  dir = await mkdtemp(join(tmpdir(), 'postdeck-upload-changes-'));
});
afterAll(async () => {
  await svc.close();
  await rm(dir, { recursive: true, force: true });
});

const SIZE = 8 * 1024 * 1024;
/**
 * The client's timeout. An upload waiting on bytes that will not come ends only with it, as a
 * 'timeout' (or a network failure), never the 'file' failure each test expects: that kind is what
 * shows the upload did not wait, with no clock in the test.
 */
const client = () => svc.client('full-test', { timeoutMs: 10_000 });

async function video(name: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, Buffer.concat([mp4Bytes(1024), Buffer.alloc(SIZE - 1024, 7)]));
  return path;
}

/**
 * How the upload settled. One that nothing ends, not even the client's timeout (a read blocked on a
 * FIFO), fails by the hang detector, which outlasts the client's timeout.
 */
async function settled<T>(work: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return noHang('the upload', outcome);
}

// Above the hang detector's 20 s, so a hang fails by the detector's sentence.
describe('a file that changes under its upload', { timeout: 60_000 }, () => {
  it('fails at once with a sentence about the file when it is truncated mid-upload', async () => {
    const path = await video('shrinks.mp4');
    let cut = false;
    const outcome = await settled(
      client().uploadMedia({
        path,
        onProgress: ({ sent }) => {
          if (!cut && sent > 0) {
            cut = true;
            void truncate(path, 1024 * 1024);
          }
        },
      }),
    );
    expect(outcome.error).toBeInstanceOf(ApiError);
    const error = outcome.error as ApiError;
    expect(error.kind).toBe('file');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/shrinks\.mp4.*shorter/);
  });

  it('fails with a sentence when the file grows while it is sent', async () => {
    const path = await video('grows.mp4');
    let grown = false;
    const outcome = await settled(
      client().uploadMedia({
        path,
        onProgress: ({ sent }) => {
          if (!grown && sent > 0) {
            grown = true;
            void appendFile(path, Buffer.alloc(2 * 1024 * 1024, 1));
          }
        },
      }),
    );
    const error = outcome.error as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('file');
    expect(error.message).toMatch(/grows\.mp4.*grew/);
  });

  it('never waits on a FIFO swapped in for the file after a check', async () => {
    const path = await video('swapped.mp4');
    swapAfterStat.add(path);
    // Either the file opened before the swap is sent whole, or the upload fails with a sentence: never pending.
    const outcome = await settled(client().uploadMedia({ path }));
    if (outcome.error) expect((outcome.error as ApiError).kind).toBe('file');
    else expect(outcome.value?.id).toMatch(/^media_/);
    swapAfterStat.delete(path);
  });

  it('sends a file that stays put whole, with the length it announced', async () => {
    const path = await video('steady.mp4');
    let last = 0;
    const media = await client().uploadMedia({ path, onProgress: ({ sent }) => (last = sent) });
    expect(media.id).toMatch(/^media_/);
    expect(last).toBe(SIZE);
  });
});

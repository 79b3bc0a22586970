import { execFileSync } from 'node:child_process';
import { appendFile, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mp4Bytes } from '../../server/test/fixtures.js';
import { ApiError } from '../api/errors.js';
import { startTestService, type TestService } from './support.js';

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
/** A client timeout far longer than the answer the test wants: waiting it out is the bug. */
const client = () => svc.client('full-test', { timeoutMs: 15_000 });

async function video(name: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, Buffer.concat([mp4Bytes(1024), Buffer.alloc(SIZE - 1024, 7)]));
  return path;
}

/** Settles the upload within `ms`, or says it was still pending. */
async function within<T>(ms: number, work: Promise<T>): Promise<{ value?: T; error?: unknown; ms: number }> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms);
  });
  try {
    return { value: await Promise.race([work, late]), ms: performance.now() - t0 };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('still pending')) throw error;
    return { error, ms: performance.now() - t0 };
  } finally {
    clearTimeout(timer);
  }
}

describe('a file that changes under its upload', () => {
  it('fails at once with a sentence about the file when it is truncated mid-upload', async () => {
    const path = await video('shrinks.mp4');
    let cut = false;
    const outcome = await within(
      5_000,
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
    const outcome = await within(
      5_000,
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
    const outcome = await within(5_000, client().uploadMedia({ path }));
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

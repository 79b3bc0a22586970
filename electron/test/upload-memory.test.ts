import { open, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4Bytes } from '../../server/test/fixtures.js';
import { startTestService, type TestService } from './support/service.js';

let svc: TestService;
let dir: string;
beforeAll(async () => {
  svc = await startTestService();
  dir = await mkdtemp(join(tmpdir(), 'postdeck-upload-mem-'));
});
afterAll(async () => {
  await svc.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a large upload streams from disk', () => {
  it('sends a 300 MB video without holding it in memory', async () => {
    const size = 300 * 1024 * 1024;
    const path = join(dir, 'big.mp4');
    const file = await open(path, 'w');
    await file.write(mp4Bytes(1024));
    // Sparse: the file is 300 MB on the wire, not on this disk.
    await file.truncate(size);
    await file.close();

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    let lastSent = 0;
    const media = await svc
      .client()
      .uploadMedia({ path, onProgress: (p) => (lastSent = p.sent) })
      .finally(() => clearInterval(sampler));

    expect(media.id).toMatch(/^media_/);
    expect(lastSent).toBe(size);
    // Node's own fetch kept the whole body (300 MB here); streaming keeps it to buffers.
    expect((peak - before) / 1024 / 1024).toBeLessThan(96);
  });
});

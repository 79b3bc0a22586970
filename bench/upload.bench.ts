import { closeSync, mkdtempSync, openSync, rmSync, writeSync, ftruncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../electron/api/client.js';
import { DEFAULT_MAX_VIDEO_BYTES } from '../shared/platforms/rules.js';
import { Recorder, round } from './lib/results.js';
import { startChildService } from './lib/service.js';

/*
 * Runs under Node (tsx) as main would: a 1 GB video streamed from disk by ApiClient.uploadMedia to
 * the local service (a child process, so its memory is not counted here). RSS is sampled every
 * 10 ms; the figure is the peak's growth over the RSS just before the upload.
 */

const SECTION = 'Upload';
const SIZE = DEFAULT_MAX_VIDEO_BYTES; // 1 GiB: the largest video the service takes
const MB = 1024 * 1024;

/** A sparse file with an MP4 header, so the service's sniffing takes it for a video; made in a blink. */
function makeVideo(path: string, size: number): void {
  const fd = openSync(path, 'w');
  try {
    const head = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom\0\0\x02\0isommp41', 'latin1'),
    ]);
    writeSync(fd, head, 0, head.length, 0);
    ftruncateSync(fd, size);
  } finally {
    closeSync(fd);
  }
}

const rec = new Recorder('upload');
const dir = mkdtempSync(join(tmpdir(), 'postdeck-bench-upload-'));
const service = await startChildService();
try {
  const path = join(dir, 'big.mp4');
  makeVideo(path, SIZE);
  const client = new ApiClient({ baseUrl: service.baseUrl, apiKey: service.token, brandId: service.brandId });
  // Settle what start-up left behind, so the baseline is the steady state before the upload.
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  const media = await client.uploadMedia({ path, name: 'big.mp4' });
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (!media.id) throw new Error('the service answered no media id');
  rec.add({
    section: SECTION,
    name: '1 GiB video through ApiClient.uploadMedia to the local service: time',
    unit: 'ms',
    runs: [ms],
    note: `${round(SIZE / MB / (ms / 1000))} MB/s`,
  });
  rec.add({
    section: SECTION,
    name: 'peak RSS growth of the uploading process',
    unit: 'MB',
    runs: [(peak - before) / MB],
    atMost: 64,
    note: `RSS before ${round(before / MB)} MB, peak ${round(peak / MB)} MB (sampled every 10 ms)`,
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
  await service.close();
}
rec.save();

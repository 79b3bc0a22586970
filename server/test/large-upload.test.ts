import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_IMAGE_BYTES } from '../../shared/platforms/rules.js';
import type { RunningService } from '../index.js';
import sharp from 'sharp';
import { fileForm, mp4Bytes, pngBytes } from './fixtures.js';
import { as, expectError, startTestService } from './helpers.js';

let s: RunningService;

beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

describe('uploads with the default limits', () => {
  it('accepts an image of exactly 10 MB (well past the JSON body limit) and refuses one byte more, still answering', async () => {
    const png = await pngBytes(64, 64);
    const at = Buffer.concat([png, Buffer.alloc(DEFAULT_MAX_IMAGE_BYTES - png.length)]);
    const ok = await as(s, 'full-live').raw('/media/upload', {
      method: 'POST',
      body: fileForm(at, 'ten.png'),
    });
    expect(ok.status, ok.text).toBe(200);
    const past = Buffer.concat([at, Buffer.alloc(1)]);
    expectError(
      await as(s, 'full-live').raw('/media/upload', { method: 'POST', body: fileForm(past, 'eleven.png') }),
      413,
      'FILE_TOO_LARGE',
    );
    expect((await as(s, 'full-live').get('/me')).status).toBe(200);
  });

  it('streams a 200 MB video to disk without holding it in memory', async () => {
    const total = 200 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const head = mp4Bytes(1024);
    const boundary = 'streamingboundary';
    const prefix = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    );
    const suffix = Buffer.from(`\r\n--${boundary}--\r\n`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(prefix);
        c.enqueue(head);
        sent = head.length;
      },
      pull(c) {
        if (sent >= total) {
          c.enqueue(suffix);
          c.close();
          return;
        }
        const n = Math.min(chunk.length, total - sent);
        c.enqueue(chunk.subarray(0, n));
        sent += n;
      },
    });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    try {
      const res = await fetch(`${s.baseUrl}/media/upload`, {
        method: 'POST',
        body,
        duplex: 'half',
        headers: {
          ...as(s, 'full-live').headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      } as RequestInit);
      expect(res.status, await res.clone().text()).toBe(200);
      const media = (await res.json()) as { path: string };
      const served = await fetch(media.path, { method: 'HEAD' });
      expect(Number(served.headers.get('content-length'))).toBe(total);
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThan(120 * 1024 * 1024);
  });

  it('refuses a decompression bomb: a small PNG of more than 100 megapixels', async () => {
    const bomb = await sharp({ create: { width: 12_000, height: 9_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(DEFAULT_MAX_IMAGE_BYTES);
    const res = await as(s, 'full-live').raw('/media/upload', {
      method: 'POST',
      body: fileForm(bomb, 'bomb.png'),
    });
    expectError(res, 413, 'FILE_TOO_LARGE').toMatchObject({ message: expect.stringContaining('megapixels') });
  });
});

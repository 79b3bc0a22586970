import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningService } from '../index.js';
import { mp4Bytes } from './fixtures.js';
import { as, startTestService } from './helpers.js';

let s: RunningService;
const dir = mkdtempSync(join(tmpdir(), 'cutoff-'));

beforeAll(async () => {
  s = await startTestService();
});
afterAll(async () => {
  // close() cuts whatever a cut-off upload left open after its grace period (time-limits.test.ts).
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

it('survives uploads the client cuts off mid-file: no stray error, the service keeps answering', async () => {
  const boundary = 'cutoffboundary';
  const file = join(dir, 'form.bin');
  // A whole multipart form on disk, streamed as fast as the disk reads, as the app's uploads are.
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      mp4Bytes(300 * 1024 * 1024),
    ]),
  );
  const stray: unknown[] = [];
  const onStray = (err: unknown) => stray.push(err);
  process.on('uncaughtException', onStray);
  try {
    for (let i = 0; i < 16; i++) {
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 40 + i * 30);
      const outcome = await fetch(`${s.baseUrl}/media/upload`, {
        method: 'POST',
        body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
        duplex: 'half',
        signal: ac.signal,
        headers: {
          ...as(s, 'full-live').headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
      } as RequestInit).then(
        () => 'answered',
        (e: Error) => e.name,
      );
      expect(outcome).toBe('AbortError');
      // Time for the service to notice the cut and clean up before the next one.
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await as(s, 'full-live').get('/me')).status).toBe(200);
    expect(stray).toEqual([]);
  } finally {
    process.off('uncaughtException', onStray);
  }
}, 60_000);

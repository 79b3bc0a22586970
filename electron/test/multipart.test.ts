import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFileBody } from '../api/multipart.js';

/* The streamed multipart body: exact length, bounded chunks, a well-formed form, a safe file name. */

let dir: string;
let file: string;
const content = randomBytes(1_300_000);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postdeck-multipart-'));
  file = join(dir, 'clip.mp4');
  await writeFile(file, content);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function drain(body: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

describe('multipartFileBody', () => {
  it('streams the file in bounded chunks, announcing the exact length', async () => {
    const progress: number[] = [];
    const part = await multipartFileBody({ path: file, onChunk: (sent) => progress.push(sent) });
    expect(progress).toEqual([]); // nothing is read before fetch pulls
    const chunks = await drain(part.body);
    const body = Buffer.concat(chunks);
    expect(body.length).toBe(part.length);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(256 * 1024);
    expect(progress.at(-1)).toBe(content.length);
    expect(progress.length).toBeGreaterThan(3);

    const boundary = part.contentType.split('boundary=')[1]!;
    const text = body.toString('latin1');
    expect(
      text.startsWith(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
    ).toBe(true);
    expect(text.endsWith(`\r\n--${boundary}--\r\n`)).toBe(true);
    const start = body.indexOf('\r\n\r\n') + 4;
    expect(body.subarray(start, start + content.length).equals(content)).toBe(true);
  });

  it('keeps a hostile file name from breaking the header', async () => {
    const part = await multipartFileBody({
      path: file,
      name: 'a"b\r\nX-Evil: 1.png',
      onChunk: () => undefined,
    });
    const head = Buffer.concat(await drain(part.body))
      .subarray(0, 300)
      .toString('latin1');
    expect(head).toContain('filename="a_b__X-Evil: 1.png"');
    expect(head).toContain('Content-Type: image/png');
  });

  it('refuses a folder', async () => {
    await expect(multipartFileBody({ path: dir, onChunk: () => undefined })).rejects.toThrow(/not a file/);
  });
});

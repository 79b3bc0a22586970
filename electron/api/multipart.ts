import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';

/*
 * A multipart/form-data body with one `file` field, produced as a stream
 * straight from disk: a video of a gigabyte never sits in memory, and progress is counted as
 * chunks leave.
 */

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
};

export interface MultipartFile {
  contentType: string;
  /** Exact byte length of the whole body, so the request carries Content-Length. */
  length: number;
  fileSize: number;
  body: ReadableStream<Uint8Array>;
}

/** Quotes a file name for Content-Disposition, dropping what would break the header. */
function quoteName(name: string): string {
  return name.replace(/[\r\n"\\]/g, '_');
}

export async function multipartFileBody(opts: {
  path: string;
  name?: string;
  /** Called with the file bytes sent so far, after each chunk. */
  onChunk: (sent: number) => void;
  signal?: AbortSignal;
}): Promise<MultipartFile> {
  const info = await stat(opts.path);
  if (!info.isFile()) throw new Error(`${opts.path} is not a file`);
  const name = opts.name ?? basename(opts.path);
  const boundary = `----postdeck${randomBytes(12).toString('hex')}`;
  const type = TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoteName(name)}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);

  async function* parts(): AsyncGenerator<Uint8Array> {
    yield head;
    let sent = 0;
    const file = createReadStream(opts.path, { highWaterMark: 256 * 1024, signal: opts.signal });
    for await (const chunk of file as AsyncIterable<Buffer>) {
      sent += chunk.length;
      yield chunk;
      opts.onChunk(sent);
    }
    yield tail;
  }

  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + info.size + tail.length,
    fileSize: info.size,
    body: pullStream(parts()),
  };
}

/** A byte stream that reads the next part only when fetch asks for it (backpressure). */
function pullStream(iterator: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

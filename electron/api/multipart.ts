import { randomBytes } from 'node:crypto';
import { basename, extname } from 'node:path';
import type { Writable } from 'node:stream';
import { DEFAULT_MAX_VIDEO_BYTES } from '../../shared/platforms/rules.js';
import { NotRegularFileError, openRegularFile } from '../files/open-regular.js';

/*
 * A multipart/form-data body with one `file` field, produced as a stream
 * straight from disk: a video of a gigabyte never sits in memory, and progress is counted as
 * chunks leave. The file is opened once, and its opened descriptor checked (a regular file, within
 * the largest size the service takes); exactly the bytes it had then are sent, or the body fails at
 * once with a FileChangedError (it got shorter or longer on the way), never a request that waits
 * for bytes that will not come.
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

/** Bytes read at a time. */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;
/**
 * Chunks a direct write keeps in flight; each buffer is used again once the socket took it, so an
 * upload allocates these and nothing more (fresh 256 KiB chunks left ~64 MB of garbage under Node 24
 * before the collector ran: bench/results.md).
 */
const DIRECT_BUFFERS = 8;

export interface MultipartFile {
  contentType: string;
  /** Exact byte length of the whole body, so the request carries Content-Length. */
  length: number;
  fileSize: number;
  body: ReadableStream<Uint8Array>;
}

/** The file changed while it was being sent: what was announced cannot be sent. */
export class FileChangedError extends Error {
  readonly code = 'EFILECHANGED';
  constructor(message: string) {
    super(message);
    this.name = 'FileChangedError';
  }
}

/** Writes a body straight into a socket's stream with explicit back-pressure (see streamingFetch). */
export type DirectWrite = (sink: Writable) => Promise<void>;
const directWrites = new WeakMap<ReadableStream<Uint8Array>, DirectWrite>();

/** The direct writer of a body made here, if it is one and nothing read it yet. */
export function directWriteOf(body: unknown): DirectWrite | null {
  if (!(body instanceof ReadableStream) || body.locked) return null;
  return directWrites.get(body) ?? null;
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
  /** Refused above this many bytes (default: the largest video the service takes). */
  maxBytes?: number;
}): Promise<MultipartFile> {
  const name = opts.name ?? basename(opts.path);
  let opened;
  try {
    opened = await openRegularFile(opts.path);
  } catch (error) {
    if (error instanceof NotRegularFileError) throw new Error(`${name} is not a file`, { cause: error });
    throw error;
  }
  const { handle, size } = opened;
  const max = opts.maxBytes ?? DEFAULT_MAX_VIDEO_BYTES;
  if (size > max) {
    await handle.close();
    throw new FileChangedError(`"${name}" is larger than the ${Math.round(max / 2 ** 20)} MB a file may be.`);
  }
  const boundary = `----postdeck${randomBytes(12).toString('hex')}`;
  const type = TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoteName(name)}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let closed: Promise<void> | null = null;
  const close = () => (closed ??= handle.close().catch(() => undefined));

  /** The file's bytes, exactly `size` of them, each read into the buffer `take` gives. */
  async function* fileChunks(take: () => Promise<Buffer>): AsyncGenerator<Buffer> {
    let position = 0;
    while (position < size) {
      opts.signal?.throwIfAborted();
      const buffer = await take();
      const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - position), position);
      if (bytesRead === 0) {
        throw new FileChangedError(
          `"${name}" got shorter while it was being sent (${position} of ${size} bytes); send it again once it is saved.`,
        );
      }
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
    const { bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, size);
    if (bytesRead > 0) {
      throw new FileChangedError(`"${name}" grew while it was being sent; send it again once it is saved.`);
    }
  }

  async function* parts(): AsyncGenerator<Uint8Array> {
    try {
      yield head;
      let sent = 0;
      for await (const chunk of fileChunks(async () => Buffer.allocUnsafe(UPLOAD_CHUNK_BYTES))) {
        sent += chunk.length;
        yield chunk;
        opts.onChunk(sent);
      }
      yield tail;
    } finally {
      await close();
    }
  }

  const direct: DirectWrite = async (sink) => {
    const free: Buffer[] = Array.from({ length: DIRECT_BUFFERS }, () =>
      Buffer.allocUnsafe(UPLOAD_CHUNK_BYTES),
    );
    let wake: (() => void) | null = null;
    let gone: Error | null = null;
    const onClose = () => {
      gone ??= new Error('the request closed before the file was sent');
      wake?.();
    };
    sink.once('close', onClose);
    // The buffer the chunk being written was read into, given back once the socket took it.
    let current: Buffer | null = null as Buffer | null;
    const take = async () => {
      while (free.length === 0 && !gone) await new Promise<void>((r) => (wake = r));
      if (gone) throw gone;
      current = free.pop() ?? Buffer.allocUnsafe(UPLOAD_CHUNK_BYTES);
      return current;
    };
    try {
      sink.write(head);
      let sent = 0;
      for await (const chunk of fileChunks(take)) {
        const buffer: Buffer | null = current;
        sink.write(chunk, (error) => {
          if (error) gone ??= error;
          if (buffer) free.push(buffer);
          wake?.();
          wake = null;
        });
        sent += chunk.length;
        opts.onChunk(sent);
      }
      sink.end(tail);
    } finally {
      sink.off('close', onClose);
      await close();
    }
  };

  const body = pullStream(parts(), close);
  directWrites.set(body, direct);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.length + size + tail.length,
    fileSize: size,
    body,
  };
}

/** A byte stream that reads the next part only when fetch asks for it (backpressure). */
function pullStream(
  iterator: AsyncGenerator<Uint8Array>,
  close: () => Promise<void>,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await iterator.return(undefined);
        await close();
      },
    },
    { highWaterMark: 0 },
  );
}

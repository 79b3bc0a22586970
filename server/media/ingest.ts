import { fileTypeFromBuffer } from 'file-type';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ErrorCode } from '../../shared/api/errors.js';
import { ACCEPTED_MIME } from '../../shared/platforms/rules.js';
import type { MediaKind } from '../../shared/platforms/types.js';
import { ApiHttpError } from '../http/errors.js';
import type { Service } from '../service.js';
import { newId } from '../store/ids.js';
import type { MediaRecord } from '../store/media.js';
import { PRIVATE_FILE_MODE } from '../store/private-files.js';
import { MAX_IMAGE_PIXELS, writeThumbnail } from './thumbnail.js';

/** Bytes the sniffer needs to tell every accepted kind apart. */
const SNIFF_BYTES = 4100;

const EXTENSION: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(n < 1024 * 1024 ? 2 : 0)} MB`;

function write(out: WriteStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    out.once('error', onError);
    const ok = out.write(chunk, () => undefined);
    const done = () => {
      out.off('error', onError);
      resolve();
    };
    if (ok) done();
    else out.once('drain', done);
  });
}

function finish(out: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.once('error', reject);
    out.end(() => resolve());
  });
}

/** A file name a user would recognise, without path parts or control characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = base.replace(/[\u0000-\u001f\u007f]/g, '');
  const clean = printable.trim().slice(0, 200);
  return clean === '' ? fallback : clean;
}

export interface IngestOptions {
  /** The error to answer when the source itself breaks (a cut-off form, a dropped download). */
  brokenSource: (err: Error) => ApiHttpError;
  /** Bytes the file is known to have at least (from a declared length): refused before it is read. */
  atLeastBytes?: number;
  /** Runs once the file is on disk, before it is kept: reads the rest of a form, which may refuse it. */
  beforeKeep?: () => Promise<void>;
}

/**
 * Streams one upload to disk: sniffs the kind from its first bytes (never from its name), then
 * writes chunk by chunk while counting, stopping at the kind's size limit (413) or at the
 * organization's storage quota (402), or when nothing arrives for the idle time (408). Images are
 * decoded for their thumbnail, which also refuses a file whose bytes only pretend to be an image.
 * Nothing is kept of a refused upload.
 */
export async function ingestMedia(
  svc: Service,
  organizationId: string,
  name: string,
  source: Readable,
  { brokenSource, atLeastBytes = 0, beforeKeep }: IngestOptions,
): Promise<MediaRecord> {
  const raw = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const idleMs = svc.config.idleTimeoutMs;
  const iterator = {
    next: async () => {
      const chunk = raw.next();
      // A chunk that comes after the upload was given up has nobody to tell.
      chunk.catch(() => undefined);
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new ApiHttpError(
                408,
                ErrorCode.REQUEST_TIMEOUT,
                `The upload stalled: nothing arrived for ${idleMs / 1000} s. Send it again.`,
              ),
            ),
          idleMs,
        );
      });
      try {
        return await Promise.race([chunk, stalled]);
      } catch (err) {
        throw err instanceof ApiHttpError ? err : brokenSource(err as Error);
      } finally {
        clearTimeout(timer);
      }
    },
  };
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    head.push(chunk);
    headBytes += chunk.length;
  }
  const first = Buffer.concat(head);
  if (first.length === 0) throw new ApiHttpError(400, ErrorCode.VALIDATION_ERROR, 'The file is empty.');
  const type = await fileTypeFromBuffer(first);
  const kind: MediaKind | undefined = type ? ACCEPTED_MIME[type.mime] : undefined;
  if (!type || !kind) {
    throw new ApiHttpError(
      415,
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      `This file is ${type ? type.mime : 'of an unknown kind'}; upload a JPEG, PNG, GIF or WebP image, or an MP4, MOV or WebM video.`,
    );
  }
  const limit = kind === 'image' ? svc.config.maxImageBytes : svc.config.maxVideoBytes;
  const quotaLeft = svc.config.storageLimitBytes - svc.media.usedBytes(organizationId);
  const tooLarge = () =>
    new ApiHttpError(
      413,
      ErrorCode.FILE_TOO_LARGE,
      `This ${kind} is larger than the ${megabytes(limit)} allowed for ${kind}s.`,
    );
  const overQuota = () =>
    new ApiHttpError(
      402,
      ErrorCode.STORAGE_LIMIT_EXCEEDED,
      `The organization's media storage (${megabytes(svc.config.storageLimitBytes)}) is full for this upload; free space in the dashboard, or start the local service with a larger --storage-limit.`,
    );
  if (atLeastBytes > limit) throw tooLarge();
  if (atLeastBytes > quotaLeft) throw overQuota();

  const id = newId('media_');
  const file = `${id}.${EXTENSION[type.mime] ?? type.ext}`;
  const temp = join(svc.mediaDir, `.${id}.part`);
  const thumb = `${id}.thumb.webp`;
  const out = createWriteStream(temp, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  let size = 0;
  try {
    const take = async (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) throw tooLarge();
      if (size > quotaLeft) throw overQuota();
      await write(out, chunk);
    };
    await take(first);
    if (!ended) {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        await take(Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value));
      }
    }
    if ((source as Readable & { truncated?: boolean }).truncated) throw tooLarge();
    await finish(out);
    await beforeKeep?.();
    await rename(temp, join(svc.mediaDir, file));
    try {
      await writeThumbnail(join(svc.mediaDir, file), kind, join(svc.mediaDir, thumb));
    } catch (err) {
      await unlink(join(svc.mediaDir, file)).catch(() => undefined);
      if (/pixel limit/i.test((err as Error).message)) {
        throw new ApiHttpError(
          413,
          ErrorCode.FILE_TOO_LARGE,
          `This image has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels; scale it down.`,
        );
      }
      throw new ApiHttpError(
        415,
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        `This file starts like ${type.mime} but cannot be decoded; it is damaged or not an image.`,
      );
    }
    // Checked again at the end: another upload may have used the room meanwhile.
    if (svc.media.usedBytes(organizationId) + size > svc.config.storageLimitBytes) {
      await unlink(join(svc.mediaDir, file)).catch(() => undefined);
      await unlink(join(svc.mediaDir, thumb)).catch(() => undefined);
      throw overQuota();
    }
    const record: MediaRecord = {
      id,
      organization_id: organizationId,
      name: cleanFileName(name, file),
      file,
      thumbnail_file: thumb,
      mime: type.mime,
      kind,
      size,
      alt: null,
    };
    svc.media.insert(record);
    return record;
  } catch (err) {
    // A write still in flight reports "write after destroyed" as an error event: nothing to tell.
    out.on('error', () => undefined);
    out.destroy();
    await unlink(temp).catch(() => undefined);
    throw err;
  }
}

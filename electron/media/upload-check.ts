import { basename } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import {
  ACCEPTED_MIME,
  DEFAULT_MAX_IMAGE_BYTES,
  DEFAULT_MAX_VIDEO_BYTES,
} from '../../shared/platforms/rules.js';
import { NotRegularFileError, openRegularFile, type OpenedFile } from '../files/open-regular.js';

/*
 * Checks a file before it is queued and again before it is sent: it exists,
 * is a kind the service accepts (sniffed from its first bytes, not its name) and is not too large.
 * Only the head of the file is read; the upload itself streams.
 */

export interface CheckedFile {
  path: string;
  name: string;
  size: number;
  mime: string;
  kind: 'image' | 'video';
}

/** A file that cannot be uploaded, with a sentence telling the user what to do. */
export class UploadFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadFileError';
  }
}

const HEAD_BYTES = 4100;
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

export async function checkUploadFile(
  path: string,
  limits: { maxImageBytes?: number; maxVideoBytes?: number } = {},
): Promise<CheckedFile> {
  const name = basename(path);
  // Opened once, without waiting, and checked as opened (not stat'ed by path first): a pipe or a
  // device swapped in for the file is refused at once instead of holding the read for ever.
  let opened: OpenedFile;
  try {
    opened = await openRegularFile(path);
  } catch (err) {
    if (err instanceof NotRegularFileError)
      throw new UploadFileError(`"${name}" is not a file; choose an image or a video.`);
    throw new UploadFileError(
      `"${name}" cannot be read (it was moved, deleted or is not accessible); choose it again.`,
    );
  }
  const { handle, size } = opened;
  let head: Buffer;
  try {
    if (size === 0) throw new UploadFileError(`"${name}" is empty; choose another file.`);
    const buffer = Buffer.alloc(Math.min(HEAD_BYTES, size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const type = await fileTypeFromBuffer(head);
  const kind = type ? ACCEPTED_MIME[type.mime] : undefined;
  if (!type || !kind) {
    throw new UploadFileError(
      `"${name}" is ${type ? `a ${type.mime} file` : 'not a recognised image or video'}; the service accepts JPEG, PNG, GIF, WebP, MP4, MOV and WebM.`,
    );
  }
  const max =
    kind === 'image'
      ? (limits.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES)
      : (limits.maxVideoBytes ?? DEFAULT_MAX_VIDEO_BYTES);
  if (size > max) {
    throw new UploadFileError(
      `"${name}" is ${mb(size)}; ${kind === 'image' ? 'images' : 'videos'} may be at most ${mb(max)}. Compress it or choose a smaller file.`,
    );
  }
  return { path, name, size, mime: type.mime, kind };
}

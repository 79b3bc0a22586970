import { chmod } from 'node:fs/promises';
import sharp from 'sharp';
import type { MediaKind } from '../../shared/platforms/types.js';
import { PRIVATE_FILE_MODE } from '../store/private-files.js';

const THUMB_SIZE = 320;
/** Pixels an image may have: a small file can still decode to gigabytes (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** A video has no decoder here, so its thumbnail is a poster frame drawn with a play mark. */
const VIDEO_POSTER = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMB_SIZE}" height="180">
     <rect width="100%" height="100%" fill="#1f2933"/>
     <circle cx="160" cy="90" r="34" fill="#ffffff" fill-opacity="0.85"/>
     <path d="M150 72 L176 90 L150 108 Z" fill="#1f2933"/>
   </svg>`,
);

/**
 * Writes a WebP thumbnail: images are decoded and scaled (which also proves the bytes are a real
 * image, not just its magic number); videos get the poster. Throws when an image cannot be decoded.
 */
export async function writeThumbnail(source: string, kind: MediaKind, destination: string): Promise<void> {
  const input =
    kind === 'image'
      ? sharp(source, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
      : sharp(VIDEO_POSTER);
  await input
    .rotate()
    .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 78 })
    .toFile(destination);
  // sharp writes with the umask's mode.
  await chmod(destination, PRIVATE_FILE_MODE);
}

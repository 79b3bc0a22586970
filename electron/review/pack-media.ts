import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { openRegularFile } from '../files/open-regular.js';
import { createLogger } from '../log.js';

/*
 * Pictures for a review pack, embedded as data: URLs (the pack never loads anything): each one
 * read once (a service URL, or a local file not uploaded yet), turned upright and downscaled with
 * sharp to at most MAX_EDGE pixels a side, as JPEG (libjpeg-turbo encodes several times faster
 * than WebP, which kept a 200-picture pack far over its 5 s). A picture that cannot be read
 * shows as none.
 */

const log = createLogger('review-pack');
/** A preview card is drawn about 400 px wide: twice that stays sharp on a high-density screen and on paper. */
export const MAX_EDGE = 800;
/** Account pictures are drawn at 40 px; twice that stays sharp on a high-density screen. */
export const AVATAR_EDGE = 96;
/** Pictures larger than the service accepts are not read at all. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 15_000;

export type MediaSource = { url: string } | { path: string };

export interface Embedded {
  src: string;
  width: number;
  height: number;
}

export class PackMedia {
  private readonly done = new Map<string, Promise<Embedded | null>>();

  constructor(private readonly fetchImpl: typeof fetch = fetch) {}

  embed(source: MediaSource, edge = MAX_EDGE): Promise<Embedded | null> {
    const key = `${edge}\u0000${'url' in source ? source.url : source.path}`;
    let found = this.done.get(key);
    if (!found) {
      found = this.read(source)
        .then((bytes) => (bytes ? shrink(bytes, edge) : null))
        .catch((error: unknown) => {
          log.info('a picture of a review pack could not be read; it shows as none', error);
          return null;
        });
      this.done.set(key, found);
    }
    return found;
  }

  private async read(source: MediaSource): Promise<Buffer | null> {
    if ('path' in source) {
      const { handle, size } = await openRegularFile(source.path);
      try {
        return size > MAX_SOURCE_BYTES ? null : await readFile(handle);
      } finally {
        await handle.close();
      }
    }
    if (!/^https?:\/\//i.test(source.url)) return null;
    const res = await this.fetchImpl(source.url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) return null;
    const length = Number(res.headers.get('content-length') ?? 0);
    if (length > MAX_SOURCE_BYTES) return null;
    const bytes = Buffer.from(await res.arrayBuffer());
    return bytes.length > MAX_SOURCE_BYTES ? null : bytes;
  }
}

async function shrink(bytes: Buffer, edge: number): Promise<Embedded> {
  const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78 })
    .toBuffer({ resolveWithObject: true });
  return { src: `data:image/jpeg;base64,${data.toString('base64')}`, width: info.width, height: info.height };
}

import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { MediaObject } from '../../shared/api/resources.js';
import { DEFAULT_MAX_IMAGE_BYTES } from '../../shared/platforms/rules.js';
import { openRegularFile } from '../files/open-regular.js';
import type { MediaRecord, MediaRepo } from './media-repo.js';
import type { CheckedFile } from './upload-check.js';
import { videoFacts } from './video-facts.js';

/*
 * Identical bytes are never uploaded twice to a brand: a file's SHA-256 is
 * computed while it is streamed from disk (never held whole in memory: videos can be gigabytes),
 * the brand's media with that hash is reused once the service shows it still has the file, and
 * only a file the service lost is uploaded again. Links imported with upload-from-url are reused
 * the same way, known by their link.
 */

const CHUNK_BYTES = 1024 * 1024;
const CHECK_TIMEOUT_MS = 10_000;

/**
 * SHA-256 (hex) of a file, read into one reused buffer: no allocation per chunk, so hashing a
 * gigabyte leaves no garbage for the collector to catch up with (a read stream's fresh buffer per
 * chunk raised the peak RSS by ~70 MB on a 1 GiB file).
 */
export async function hashFile(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  // Opened without waiting and checked as opened: a pipe swapped in for the file fails, never hangs.
  const { handle } = await openRegularFile(path);
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

/**
 * Whether the service still serves a media's file. The spec has no media lookup, so its `path` is
 * asked with HEAD. 'unknown' (no answer, a 5xx) is not 'present': the caller uploads then, since a
 * second copy on the service is better than a post pointing at nothing.
 */
export async function fileOnService(
  path: string,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<'present' | 'gone' | 'unknown'> {
  try {
    const res = await fetchImpl(path, { method: 'HEAD', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    if (res.ok) return 'present';
    if (res.status === 404 || res.status === 410) return 'gone';
    return 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Enough of an image for its dimensions (JPEG's frame header can follow large EXIF blocks). */
const IMAGE_HEAD_BYTES = 512 * 1024;

/** Width and height of an image file from its header (sharp reads no pixels for this); null if it cannot tell. */
export async function imageSize(path: string): Promise<{ width: number; height: number } | null> {
  try {
    // The header only, read from a descriptor opened without waiting (sharp opening the path itself
    // would wait for ever on a pipe swapped in for the file).
    const { handle } = await openRegularFile(path);
    let head: Buffer;
    try {
      const buffer = Buffer.alloc(IMAGE_HEAD_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
    const meta = await sharp(head).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
  } catch {
    return null;
  }
}

export interface ReuseContext {
  repo: MediaRepo;
  profileId: string;
  brandId: string;
  fetchImpl?: typeof fetch;
}

export interface ReuseResult {
  media: MediaObject;
  /** True when no bytes were sent: the brand already had this file on the service. */
  reused: boolean;
  record: MediaRecord;
}

/**
 * Uploads a checked local file unless the brand already has its bytes on the service. `upload`
 * sends it (streamed); the media row is written here, with the file's hash and size.
 */
export async function uploadOrReuse(
  ctx: ReuseContext,
  file: CheckedFile,
  upload: () => Promise<MediaObject>,
  signal?: AbortSignal,
): Promise<ReuseResult> {
  const contentHash = await hashFile(file.path, signal);
  const facts = file.kind === 'image' ? await imageSize(file.path) : await videoFacts(file.path);
  const origin = {
    kind: file.kind,
    localPath: file.path,
    localSize: file.size,
    contentHash,
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    durationMs: facts && 'durationMs' in facts ? facts.durationMs : null,
  };
  const known = ctx.repo.findByHash(ctx.profileId, ctx.brandId, contentHash);
  if (known) {
    const state = await fileOnService(known.media.path, ctx.fetchImpl);
    if (state === 'present') {
      const record = ctx.repo.record(ctx.profileId, ctx.brandId, known.media, origin);
      return { media: known.media, reused: true, record };
    }
    // Gone, or not answering while the upload itself got through (the built-in sandbox moves to a
    // new port at each start): the new media takes the old one's place, so the library keeps one tile.
    const media = await upload();
    const record = ctx.repo.replace(ctx.profileId, ctx.brandId, known.media.id, media, origin);
    return { media, reused: false, record };
  }
  const media = await upload();
  return { media, reused: false, record: ctx.repo.record(ctx.profileId, ctx.brandId, media, origin) };
}

/**
 * The same for a link (CSV/JSON import, "From a link"): the media made from this link earlier is
 * reused while the service still has it; otherwise upload-from-url runs and the stored copy's bytes
 * are hashed (streamed from the service), so a later upload of the same file finds it too; its
 * size, kind and an image's dimensions are learned on the way.
 */
export async function uploadUrlOrReuse(
  ctx: ReuseContext,
  url: string,
  uploadFromUrl: () => Promise<MediaObject>,
): Promise<ReuseResult> {
  const known = ctx.repo.findBySourceUrl(ctx.profileId, ctx.brandId, url);
  const state = known ? await fileOnService(known.media.path, ctx.fetchImpl) : 'gone';
  if (known && state === 'present') return { media: known.media, reused: true, record: known };
  const media = await uploadFromUrl();
  const facts = await storedFacts(media.path, ctx.fetchImpl);
  const origin = {
    kind: facts?.kind ?? null,
    localPath: null,
    localSize: facts?.size ?? null,
    sourceUrl: url,
    contentHash: facts?.contentHash ?? null,
    width: facts?.width ?? null,
    height: facts?.height ?? null,
  };
  const record = known
    ? ctx.repo.replace(ctx.profileId, ctx.brandId, known.media.id, media, origin)
    : ctx.repo.record(ctx.profileId, ctx.brandId, media, origin);
  return { media, reused: false, record };
}

interface StoredFacts {
  contentHash: string;
  size: number;
  kind: 'image' | 'video' | null;
  width: number | null;
  height: number | null;
}

/**
 * What the file the service stores at `path` is: its hash and size (streamed, chunk by chunk), its
 * kind (from the type the CDN answers) and, for an image (at most the service's image limit, so
 * it may be held for sharp), its dimensions. Null when it cannot be read now.
 */
async function storedFacts(
  path: string,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<StoredFacts | null> {
  try {
    const res = await fetchImpl(path, { signal: AbortSignal.timeout(60_000) });
    if (!res.ok || !res.body) return null;
    const type = res.headers.get('content-type') ?? '';
    const kind = type.startsWith('image/') ? 'image' : type.startsWith('video/') ? 'video' : null;
    const hash = createHash('sha256');
    const kept: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of res.body) {
      hash.update(chunk);
      size += chunk.length;
      if (kind === 'image' && size <= DEFAULT_MAX_IMAGE_BYTES) kept.push(chunk);
    }
    let dims: { width: number; height: number } | null = null;
    if (kind === 'image' && size <= DEFAULT_MAX_IMAGE_BYTES) {
      const meta = await sharp(Buffer.concat(kept))
        .metadata()
        .catch(() => null);
      dims = meta?.width && meta.height ? { width: meta.width, height: meta.height } : null;
    }
    return {
      contentHash: hash.digest('hex'),
      size,
      kind,
      width: dims?.width ?? null,
      height: dims?.height ?? null,
    };
  } catch {
    return null;
  }
}

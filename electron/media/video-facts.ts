import { openRegularFile } from '../files/open-regular.js';

/*
 * A video's duration and frame size for the media library, read from the
 * boxes of an MP4 or QuickTime file (moov > mvhd, moov > trak > tkhd) without reading its media
 * data: only the top-level box headers and the `moov` box are read. Written by hand because it is
 * two fixed-layout records (ISO/IEC 14496-12 §8.2.2, §8.3.2); a media-metadata library would add
 * a tree of packages to main for one number. WebM (and anything unreadable) answers null: the
 * library shows "—".
 */

export interface VideoFacts {
  durationMs: number | null;
  width: number | null;
  height: number | null;
}

/** A `moov` larger than this is not read (a long video's sample tables are a few MB). */
const MAX_MOOV_BYTES = 32 * 1024 * 1024;

interface Box {
  type: string;
  /** Where its content starts and ends, in the buffer. */
  start: number;
  end: number;
}

function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  let pos = from;
  while (pos + 8 <= to) {
    let size = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    let header = 8;
    if (size === 1) {
      if (pos + 16 > to) return;
      size = Number(buf.readBigUInt64BE(pos + 8));
      header = 16;
    } else if (size === 0) {
      size = to - pos;
    }
    if (size < header || pos + size > to) return;
    yield { type, start: pos + header, end: pos + size };
    pos += size;
  }
}

function readMovieHeader(buf: Buffer, box: Box): number | null {
  const v = buf[box.start];
  const c = box.start + 4; // version and flags
  const [scaleAt, durationAt, need] = v === 1 ? [c + 16, c + 20, 28] : [c + 8, c + 12, 20];
  if (c + need > box.end) return null;
  const timescale = buf.readUInt32BE(scaleAt);
  const duration = v === 1 ? Number(buf.readBigUInt64BE(durationAt)) : buf.readUInt32BE(durationAt);
  if (timescale === 0 || duration === 0 || duration === 0xffffffff) return null;
  return Math.round((duration / timescale) * 1000);
}

function readTrackSize(buf: Buffer, box: Box): { width: number; height: number } | null {
  const v = buf[box.start];
  const at = box.start + 4 + (v === 1 ? 32 : 20) + 52;
  if (at + 8 > box.end) return null;
  // 16.16 fixed point.
  const width = Math.round(buf.readUInt32BE(at) / 65536);
  const height = Math.round(buf.readUInt32BE(at + 4) / 65536);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Parses a `moov` box's content (exported for tests). */
export function parseMoov(buf: Buffer): VideoFacts {
  const facts: VideoFacts = { durationMs: null, width: null, height: null };
  for (const box of boxes(buf, 0, buf.length)) {
    if (box.type === 'mvhd') facts.durationMs = readMovieHeader(buf, box);
    if (box.type === 'trak' && facts.width === null) {
      for (const inner of boxes(buf, box.start, box.end)) {
        if (inner.type !== 'tkhd') continue;
        const size = readTrackSize(buf, inner);
        if (size) Object.assign(facts, size);
      }
    }
  }
  return facts;
}

export async function videoFacts(path: string): Promise<VideoFacts | null> {
  let handle;
  try {
    let size;
    ({ handle, size } = await openRegularFile(path));
    const head = Buffer.alloc(16);
    let pos = 0;
    while (pos + 8 <= size) {
      const { bytesRead } = await handle.read(head, 0, 16, pos);
      if (bytesRead < 8) return null;
      let boxSize = head.readUInt32BE(0);
      const type = head.toString('latin1', 4, 8);
      let header = 8;
      if (boxSize === 1) {
        if (bytesRead < 16) return null;
        boxSize = Number(head.readBigUInt64BE(8));
        header = 16;
      } else if (boxSize === 0) {
        boxSize = size - pos;
      }
      if (boxSize < header) return null;
      if (type === 'moov') {
        const length = boxSize - header;
        if (length > MAX_MOOV_BYTES || pos + boxSize > size) return null;
        const moov = Buffer.alloc(length);
        await handle.read(moov, 0, length, pos + header);
        return parseMoov(moov);
      }
      pos += boxSize;
    }
    return null;
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

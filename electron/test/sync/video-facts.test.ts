import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mp4Bytes, webmBytes } from '../../../server/test/fixtures.js';
import { videoFacts } from '../../media/video-facts.js';

/*
 * A video's duration and frame size from its MP4/QuickTime boxes, built here box by box as the
 * format lays them out (ISO/IEC 14496-12), with the movie box after the media data as cameras
 * write it, and a 64-bit box size.
 */

const dir = mkdtempSync(join(tmpdir(), 'postdeck-video-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function box(type: string, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** A box with a 64-bit size (size field 1), as large media data boxes are written. */
function largeBox(type: string, content: Buffer): Buffer {
  const head = Buffer.alloc(16);
  head.writeUInt32BE(1, 0);
  head.write(type, 4, 'latin1');
  head.writeBigUInt64BE(BigInt(16 + content.length), 8);
  return Buffer.concat([head, content]);
}

function mvhd(version: 0 | 1, timescale: number, duration: number): Buffer {
  const b = Buffer.alloc(version === 1 ? 112 : 100);
  b[0] = version;
  if (version === 1) {
    b.writeUInt32BE(timescale, 4 + 16);
    b.writeBigUInt64BE(BigInt(duration), 4 + 20);
  } else {
    b.writeUInt32BE(timescale, 4 + 8);
    b.writeUInt32BE(duration, 4 + 12);
  }
  return box('mvhd', b);
}

function tkhd(width: number, height: number): Buffer {
  const b = Buffer.alloc(84);
  b.writeUInt32BE(width * 65536, 4 + 20 + 52);
  b.writeUInt32BE(height * 65536, 4 + 20 + 56);
  return box('tkhd', b);
}

const ftyp = mp4Bytes(24);

describe('video facts', () => {
  it('reads duration and size from a movie box after the media data', async () => {
    const path = join(dir, 'clip.mp4');
    const audio = box('trak', tkhd(0, 0));
    const video = box('trak', tkhd(1280, 720));
    writeFileSync(
      path,
      Buffer.concat([
        ftyp,
        box('mdat', Buffer.alloc(300_000)),
        box('moov', mvhd(0, 600, 25_500), audio, video),
      ]),
    );
    expect(await videoFacts(path)).toEqual({ durationMs: 42_500, width: 1280, height: 720 });
  });

  it('reads a version 1 movie header behind a 64-bit media data box', async () => {
    const path = join(dir, 'long.mov');
    writeFileSync(
      path,
      Buffer.concat([
        ftyp,
        largeBox('mdat', Buffer.alloc(1000)),
        box('moov', mvhd(1, 1000, 3_723_000), box('trak', tkhd(1080, 1920))),
      ]),
    );
    expect(await videoFacts(path)).toEqual({ durationMs: 3_723_000, width: 1080, height: 1920 });
  });

  it('answers null for what it cannot read: no movie box, WebM, a box that lies about its size, no file', async () => {
    const cut = join(dir, 'cut.mp4');
    writeFileSync(cut, mp4Bytes(4096));
    expect(await videoFacts(cut)).toBeNull();
    const webm = join(dir, 'clip.webm');
    writeFileSync(webm, webmBytes());
    expect(await videoFacts(webm)).toBeNull();
    const lying = join(dir, 'lying.mp4');
    const moov = box('moov', mvhd(0, 600, 600));
    moov.writeUInt32BE(10_000_000, 0);
    writeFileSync(lying, Buffer.concat([ftyp, moov]));
    expect(await videoFacts(lying)).toBeNull();
    expect(await videoFacts(join(dir, 'missing.mp4'))).toBeNull();
  });
});

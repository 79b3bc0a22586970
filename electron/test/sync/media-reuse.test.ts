import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcEventPayload } from '../../../shared/ipc/contract.js';
import { MediaRepo } from '../../media/media-repo.js';
import { OutboxRepo } from '../../outbox/outbox-repo.js';
import { MediaLibraryService, cleanTags } from '../../media/media-library.js';
import { fileOnService, hashFile } from '../../media/media-reuse.js';
import { harness, PROFILE_ID, until, type Harness } from '../support/sync-harness.js';

/*
 * Identical bytes are never uploaded twice to a brand: against the real local service and a real
 * database file, a second upload of the same bytes (even from another path) reuses the media, and
 * one whose file the service lost is uploaded again.
 */

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

async function png(dir: string, name: string, size = 64): Promise<string> {
  const path = join(dir, name);
  await sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toFile(path);
  return path;
}

/** Files the service keeps (uploads and their thumbnails). */
const storedFiles = (x: Harness) => readdirSync(join(x.serviceDir, 'media')).length;

async function upload(x: Harness, path: string) {
  const { uploadId } = await x.posts.uploadMedia(x.brand, { path });
  await until('upload done', () =>
    x.events.some(
      (e) =>
        e.name === 'uploadProgress' &&
        (e.payload as IpcEventPayload<'uploadProgress'>).uploadId === uploadId &&
        (e.payload as IpcEventPayload<'uploadProgress'>).state === 'done',
    ),
  );
  const done = x.events
    .map((e) => e.payload as IpcEventPayload<'uploadProgress'>)
    .find((p) => p.uploadId === uploadId && p.state === 'done');
  return done!.media!;
}

describe('content hash', () => {
  it('is the SHA-256 of the whole file, read in chunks (a file larger than one chunk)', async () => {
    h = await harness();
    const path = join(h.dataDir, 'big.bin');
    writeFileSync(path, randomBytes(700 * 1024 + 13));
    const whole = createHash('sha256').update(readFileSync(path)).digest('hex');
    expect(await hashFile(path)).toBe(whole);
  });

  it('hashes a 512 MB file without its memory growing with the file', async () => {
    h = await harness();
    const path = join(h.dataDir, 'big.mp4');
    const file = await open(path, 'w');
    await file.truncate(512 * 1024 * 1024); // sparse: large to read, not on this disk
    await file.close();
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const hash = await hashFile(path).finally(() => clearInterval(sampler));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect((peak - before) / 1024 / 1024).toBeLessThan(24);
  });
});

describe('reusing media by content hash', () => {
  it('uploads the same bytes once, even from another path, and records size, dimensions and hash', async () => {
    h = await harness();
    const first = await png(h.dataDir, 'photo.png', 120);
    const before = storedFiles(h);
    const a = await upload(h, first);
    expect(storedFiles(h)).toBe(before + 2); // the file and its thumbnail

    const copy = join(h.dataDir, 'copy-of-photo.png');
    copyFileSync(first, copy);
    const b = await upload(h, copy);
    expect(b.id).toBe(a.id);
    expect(b.path).toBe(a.path);
    expect(storedFiles(h)).toBe(before + 2); // nothing new on the service

    const repo = new MediaRepo(h.db);
    // Both local files find the one media (a draft holding either sends the same id).
    expect(repo.findByLocalPath(PROFILE_ID, h.brandId, first)?.media.id).toBe(a.id);
    expect(repo.findByLocalPath(PROFILE_ID, h.brandId, copy)?.media.id).toBe(a.id);
    const row = repo.get(PROFILE_ID, h.brandId, a.id)!;
    expect(row.contentHash).toBe(createHash('sha256').update(readFileSync(first)).digest('hex'));
    expect([row.width, row.height]).toEqual([120, 120]);
    expect(h.engine.listMedia(h.brand)).toHaveLength(1);
  });

  it('keeps a video’s duration and frame size, read from its boxes', async () => {
    h = await harness();
    const path = join(h.dataDir, 'clip.mp4');
    const box = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + body.length, 0);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body]);
    };
    const mvhd = Buffer.alloc(100);
    mvhd.writeUInt32BE(1000, 12); // timescale
    mvhd.writeUInt32BE(9_000, 16); // duration: 9 s
    const tkhd = Buffer.alloc(84);
    tkhd.writeUInt32BE(640 * 65536, 76);
    tkhd.writeUInt32BE(360 * 65536, 80);
    const head = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom\0\0\x02\0isommp41', 'latin1'),
    ]);
    writeFileSync(
      path,
      Buffer.concat([
        head,
        box('mdat', randomBytes(4096)),
        box('moov', Buffer.concat([box('mvhd', mvhd), box('trak', box('tkhd', tkhd))])),
      ]),
    );
    const media = await upload(h, path);
    const library = new MediaLibraryService({
      db: h.db,
      outbox: new OutboxRepo(h.db),
    });
    expect(
      library
        .listMediaLibrary({ profileId: PROFILE_ID, brandId: h.brandId })
        .find((t) => t.media.id === media.id),
    ).toMatchObject({
      kind: 'video',
      durationMs: 9_000,
      width: 640,
      height: 360,
    });
  });

  it('lists the media of the posts read in full once each, after the uploaded ones, named by the post', async () => {
    h = await harness();
    const a = await upload(h, await png(h.dataDir, 'photo.png'));
    const library = new MediaLibraryService({
      db: h.db,
      outbox: new OutboxRepo(h.db),
    });
    const detail = (id: string, value: unknown) =>
      h!.db.sql
        .prepare(
          'INSERT INTO post_details (profile_id, brand_id, id, detail_json, synced_at) VALUES (?, ?, ?, ?, ?)',
        )
        .run(PROFILE_ID, h!.brandId, id, JSON.stringify({ id, value }), '2026-11-20T10:00:00.000Z');
    const elsewhere = { id: 'media_elsewhere1', path: 'https://cdn.example/media_elsewhere1.mp4' };
    detail('post_one', [
      { content: 'Our new   terrace opens on Friday', image: [elsewhere, { id: a.id, path: a.path }] },
    ]);
    detail('post_two', [{ content: 'Again', image: [elsewhere] }, { content: 'no media here' }]);
    // A copy that cannot be read is skipped, never a failure of the whole library.
    h.db.sql
      .prepare(
        'INSERT INTO post_details (profile_id, brand_id, id, detail_json, synced_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(PROFILE_ID, h.brandId, 'post_bad', '{not json', '2026-11-20T10:00:00.000Z');

    const tiles = library.listMediaLibrary({ profileId: PROFILE_ID, brandId: h.brandId });
    expect(tiles.map((t) => t.media.id)).toEqual([a.id, elsewhere.id]);
    expect(tiles[1]).toMatchObject({
      media: { name: 'Video in “Our new terrace opens on Friday”', path: elsewhere.path, alt: null },
      source: 'post',
      size: null,
    });
  });

  it('uploads again when the service lost the file, and the new media takes the old row (and its tags)', async () => {
    h = await harness();
    const path = await png(h.dataDir, 'photo.png');
    const a = await upload(h, path);
    const library = new MediaLibraryService({
      db: h.db,
      outbox: new OutboxRepo(h.db),
    });
    library.setMediaTags(
      { profileId: PROFILE_ID, brandId: h.brandId },
      { mediaId: a.id, tags: ['launch', ' Launch ', 'spring'] },
    );

    expect(await fileOnService(a.path)).toBe('present');
    unlinkSync(join(h.serviceDir, 'media', basename(new URL(a.path).pathname)));
    expect(await fileOnService(a.path)).toBe('gone');

    const b = await upload(h, path);
    expect(b.id).not.toBe(a.id);
    expect(await fileOnService(b.path)).toBe('present');
    const tiles = library.listMediaLibrary({ profileId: PROFILE_ID, brandId: h.brandId });
    expect(tiles.map((t) => t.media.id)).toEqual([b.id]);
    expect(tiles[0]?.tags).toEqual(['launch', 'spring']);
  });

  it('uploads again when the stored address does not answer (the sandbox moved port), keeping one tile and its uses', async () => {
    h = await harness();
    const path = await png(h.dataDir, 'photo.png');
    const a = await upload(h, path);
    const repo = new MediaRepo(h.db);
    const row = repo.get(PROFILE_ID, h.brandId, a.id)!;
    // As after a restart of the built-in sandbox: the address the row keeps has no server any more.
    repo.record(
      PROFILE_ID,
      h.brandId,
      { ...a, path: 'http://127.0.0.1:9/cdn/gone.png' },
      { ...row, localPath: null },
    );
    repo.recordUses(PROFILE_ID, h.brandId, [{ mediaId: a.id, postId: 'post_earlier' }]);
    expect(await fileOnService('http://127.0.0.1:9/cdn/gone.png')).toBe('unknown');

    const b = await upload(h, path);
    expect(b.id).not.toBe(a.id);
    expect(repo.list(PROFILE_ID, h.brandId).map((r) => r.media.id)).toEqual([b.id]);
    const uses = h.db.sql.prepare('SELECT media_id, post_id FROM media_uses').all();
    expect(uses).toEqual([{ media_id: b.id, post_id: 'post_earlier' }]);
  });

  it('reuses a link imported before while the service has it, without fetching it again', async () => {
    h = await harness();
    const stored = await h.api().uploadMedia({ path: await png(h.dataDir, 'remote.png') });
    const library = new MediaLibraryService({
      db: h.db,
      outbox: new OutboxRepo(h.db),
    });
    const active = { profileId: PROFILE_ID, brandId: h.brandId };
    let sent = 0;
    const send = async () => {
      sent += 1;
      return { ...stored, id: `media_fromlink${sent}` };
    };
    const first = await library.uploadFromUrl(active, 'https://example.com/a.png', send);
    const second = await library.uploadFromUrl(active, 'https://example.com/a.png', send);
    expect(second.id).toBe(first.id);
    expect(sent).toBe(1);
    const tile = library
      .listMediaLibrary({ profileId: PROFILE_ID, brandId: h.brandId })
      .find((t) => t.media.id === first.id);
    // Its size, kind and dimensions were learned from the stored copy.
    expect(tile).toMatchObject({
      source: 'link',
      sourceUrl: 'https://example.com/a.png',
      kind: 'image',
      width: 64,
      height: 64,
    });
    expect(tile?.size).toBeGreaterThan(64 * 64);
    // The stored copy's bytes were hashed, so uploading the same file later finds this media.
    expect(new MediaRepo(h.db).get(PROFILE_ID, h.brandId, first.id)?.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps tags clean: trimmed, one of each ignoring case', () => {
    expect(cleanTags([' a ', 'A', 'big  sale', '', 'b'])).toEqual(['a', 'big sale', 'b']);
  });
});

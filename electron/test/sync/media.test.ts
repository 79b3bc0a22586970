import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcEventPayload } from '../../../shared/ipc/contract.js';
import { checkUploadFile } from '../../media/upload-check.js';
import { harness, inMinutes, until, type Harness } from '../support/sync-harness.js';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

async function png(dir: string, name: string, size = 64): Promise<string> {
  const path = join(dir, name);
  // Random pixels do not compress, so the file's size follows `size`.
  const noise = randomBytes(size * size * 3);
  await sharp(noise, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toFile(path);
  return path;
}

const progress = (x: Harness, id: string) =>
  x.events
    .filter((e) => e.name === 'uploadProgress')
    .map((e) => e.payload as IpcEventPayload<'uploadProgress'>)
    .filter((p) => p.uploadId === id);

describe('media uploads through the outbox', () => {
  it('checks files by their bytes and size before queueing, with a sentence saying what to do', async () => {
    h = await harness();
    const fake = join(h.dataDir, 'notes.png');
    writeFileSync(fake, 'just text pretending to be an image');
    await expect(checkUploadFile(fake)).rejects.toThrow(/not a recognised image or video/);
    const empty = join(h.dataDir, 'empty.jpg');
    writeFileSync(empty, '');
    await expect(checkUploadFile(empty)).rejects.toThrow(/empty/);
    const real = await png(h.dataDir, 'photo.png', 200);
    await expect(checkUploadFile(real, { maxImageBytes: 1000 })).rejects.toThrow(/at most/);
    await expect(checkUploadFile(real)).resolves.toMatchObject({ kind: 'image', mime: 'image/png' });
    await expect(h.posts.uploadMedia(h.brand, { path: fake })).rejects.toThrow(/not a recognised/);
    expect(h.engine.listOutbox()).toHaveLength(0);
  });

  it('uploads a file with progress events and keeps it for reuse', async () => {
    h = await harness();
    const path = await png(h.dataDir, 'photo.png', 300);
    const { uploadId } = await h.posts.uploadMedia(h.brand, { path });
    await until('upload done', () => progress(h!, uploadId).some((p) => p.state === 'done'));
    const events = progress(h, uploadId);
    expect(events[0]?.state).toBe('uploading');
    const done = events.at(-1)!;
    expect(done.media?.id).toMatch(/^media_/);
    expect(done.sent).toBe(done.total);
    expect(h.engine.listMedia(h.brand).map((m) => m.id)).toEqual([done.media!.id]);
    expect(h.engine.listOutbox()).toHaveLength(0);
  });

  it('cancels a queued upload', async () => {
    h = await harness();
    await h.stopService(); // keeps it queued
    const path = await png(h.dataDir, 'photo.png');
    const { uploadId } = await h.posts.uploadMedia(h.brand, { path });
    expect(h.posts.cancelUpload({ uploadId })).toEqual({ cancelled: true });
    expect(progress(h, uploadId).at(-1)?.state).toBe('cancelled');
    expect(h.engine.listOutbox()).toHaveLength(0);
    expect(h.posts.cancelUpload({ uploadId })).toEqual({ cancelled: false });
  });

  it('cancels an upload in flight: the request stops and nothing is recorded', async () => {
    const seen: IpcEventPayload<'uploadProgress'>[] = [];
    let engine: Harness['posts'] | null = null;
    h = await harness({
      engine: {
        emit: (name, payload) => {
          if (name !== 'uploadProgress') return;
          const p = payload as IpcEventPayload<'uploadProgress'>;
          seen.push(p);
          if (p.state === 'uploading' && p.sent > 0 && p.sent < p.total)
            engine?.cancelUpload({ uploadId: p.uploadId });
        },
      },
    });
    engine = h.posts;
    const path = await png(h.dataDir, 'big.png', 1400);
    const { uploadId } = await h.posts.uploadMedia(h.brand, { path });
    await until('cancelled', () => seen.some((p) => p.state === 'cancelled'));
    await h.engine.idle();
    expect(seen.some((p) => p.uploadId === uploadId && p.state === 'done')).toBe(false);
    expect(h.engine.listOutbox()).toHaveLength(0);
    expect(h.engine.listMedia(h.brand)).toEqual([]);
  });

  it('sends a draft with a local file: the upload goes first, the post carries its media', async () => {
    h = await harness();
    const path = await png(h.dataDir, 'photo.png');
    const tag = `media-${Date.now()}`;
    const draftId = h.draft(`With a picture ${tag}`, {
      blocks: [
        {
          content: `With a picture ${tag}`,
          media: [
            { localPath: path, mediaId: null, path: null, thumbnail: null, name: 'photo.png', kind: 'image' },
          ],
        },
      ],
    });
    await h.posts.sendDraft(h.brand, { draftId, type: 'schedule', date: inMinutes(45) });
    expect(h.engine.listOutbox().map((o) => o.kind)).toEqual(['upload', 'create']);
    await until('both confirmed', () => h!.engine.listOutbox().length === 0);
    const [post] = (await h.listOnServer()).filter((p) => p.content?.includes(tag));
    const detail = await h.api().getPost(post!.id);
    const media = h.engine.listMedia(h.brand);
    expect(detail.value[0]?.image?.map((i) => i.id)).toEqual([media[0]?.id]);
  });

  it('an upload started offline is reused when its draft is sent: the file goes up once', async () => {
    h = await harness();
    const path = await png(h.dataDir, 'offline.png', 120);
    const { size } = await checkUploadFile(path);
    const stored = async () => (await h!.api().getMe()).storage?.usedBytes ?? 0;
    const before = await stored();
    await h.stopService();
    const { uploadId } = await h.posts.uploadMedia(h.brand, { path });
    const tag = `offline-media-${Date.now()}`;
    const media = [
      {
        localPath: path,
        mediaId: null,
        path: null,
        thumbnail: null,
        name: 'offline.png',
        kind: 'image' as const,
      },
    ];
    const draftId = h.draft(`Offline picture ${tag}`, {
      blocks: [{ content: `Offline picture ${tag}`, media }],
    });
    await h.posts.sendDraft(h.brand, { draftId, type: 'schedule', date: inMinutes(45) });
    expect(h.engine.listOutbox().map((o) => o.kind)).toEqual(['upload', 'create']);

    await h.startServiceAgain();
    h.engine.retryNow();
    await until('both confirmed', () => h!.engine.listOutbox().length === 0);
    expect(progress(h, uploadId).at(-1)?.state).toBe('done');
    expect((await stored()) - before).toBe(size);
    const [post] = (await h.listOnServer()).filter((p) => p.content?.includes(tag));
    const detail = await h.api().getPost(post!.id);
    expect(detail.value[0]?.image?.map((i) => i.id)).toEqual(h.engine.listMedia(h.brand).map((m) => m.id));
  });

  it('sending at once while its file still waits in the outbox queues the post behind that upload', async () => {
    h = await harness();
    const path = await png(h.dataDir, 'waiting.png', 120);
    const { size } = await checkUploadFile(path);
    const stored = async () => (await h!.api().getMe()).storage?.usedBytes ?? 0;
    const before = await stored();
    await h.stopService();
    await h.posts.uploadMedia(h.brand, { path });
    await h.startServiceAgain();
    const tag = `now-media-${Date.now()}`;
    const media = [
      {
        localPath: path,
        mediaId: null,
        path: null,
        thumbnail: null,
        name: 'waiting.png',
        kind: 'image' as const,
      },
    ];
    const draftId = h.draft(`Picture now ${tag}`, { blocks: [{ content: `Picture now ${tag}`, media }] });
    // The upload waits out its backoff; the composer's "send" must not upload the file a second time.
    await h.posts
      .sendDraft(h.brand, { draftId, type: 'schedule', date: inMinutes(45), wait: true })
      .catch((e: unknown) => e);
    h.engine.retryNow();
    await until('both confirmed', () => h!.engine.listOutbox().length === 0);
    expect((await stored()) - before).toBe(size);
    expect((await h.listOnServer()).filter((p) => p.content?.includes(tag))).toHaveLength(1);
  });
});

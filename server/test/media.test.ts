import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorBody } from '../../shared/api/errors.js';
import { HANG_MS } from '../../test/support/hang.js';
import { MediaObject } from '../../shared/api/resources.js';
import type { RunningService } from '../index.js';
import { isPrivateAddress } from '../media/address-guard.js';
import {
  fileForm,
  gifBytes,
  jpegBytes,
  movBytes,
  mp4Bytes,
  pngBytes,
  webmBytes,
  webpBytes,
} from './fixtures.js';
import { as, call, expectError, startTestService, world } from './helpers.js';

const MAX_IMAGE = 200_000;
const MAX_VIDEO = 300_000;
const STORAGE = 1_000_000;

let s: RunningService;
let open: RunningService;
let files: Server;
let filesOrigin: string;
/** Each /slow download's end, seen by the file server: true when it was cut before its answer ended. */
const slowCut: boolean[] = [];
/** The open service's whole-download time limit: small, so the test waits it out. */
const FETCH_TIMEOUT_MS = 800;

beforeAll(async () => {
  [s, open] = await Promise.all([
    startTestService({ maxImageBytes: MAX_IMAGE, maxVideoBytes: MAX_VIDEO, storageLimitBytes: STORAGE }),
    startTestService({
      maxImageBytes: MAX_IMAGE,
      maxVideoBytes: MAX_VIDEO,
      allowPrivateUrls: true,
      fetchTimeoutMs: FETCH_TIMEOUT_MS,
    }),
  ]);
  const png = await pngBytes(32, 32);
  // A local file server standing in for "the internet" (reachable only with allowPrivateUrls).
  files = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (url.pathname === '/redirect') return res.writeHead(302, { location: '/photo.png' }).end();
    if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (url.pathname === '/big.mp4') return res.writeHead(200).end(mp4Bytes(MAX_VIDEO + 1));
    if (url.pathname === '/big-declared')
      return res.writeHead(200, { 'content-length': String(10 * MAX_VIDEO) }).end();
    if (url.pathname === '/text')
      return res.writeHead(200, { 'content-type': 'image/png' }).end('not an image at all');
    if (url.pathname === '/slow') {
      res.writeHead(200);
      res.write(png.subarray(0, 100));
      // Never ends: the service must give up, and close the connection before the answer ended.
      res.on('close', () => slowCut.push(!res.writableEnded));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesOrigin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(async () => {
  files.closeAllConnections();
  await new Promise((r) => files.close(r));
  await Promise.all([s.close(), open.close()]);
});

const upload = (svc: RunningService, bytes: Buffer, name: string, type?: string, field?: string) =>
  as(svc, 'full-live').raw('/media/upload', { method: 'POST', body: fileForm(bytes, name, type, field) });

describe('POST /media/upload', () => {
  it.each([
    ['photo.png', pngBytes, 'image/png'],
    ['photo.jpg', jpegBytes, 'image/jpeg'],
    ['anim.gif', gifBytes, 'image/gif'],
    ['pic.webp', webpBytes, 'image/webp'],
    ['clip.mp4', async () => mp4Bytes(), 'video/mp4'],
    ['clip.mov', async () => movBytes(), 'video/quicktime'],
    ['clip.webm', async () => webmBytes(), 'video/webm'],
  ])(
    'stores %s, serves it from the CDN with its content type, and a real thumbnail',
    async (name, make, mime) => {
      const bytes = await make();
      const res = await upload(s, bytes, name);
      expect(res.status, res.text).toBe(200);
      const media = MediaObject.parse(res.body);
      expect(media).toMatchObject({ name, alt: null });
      expect(media.id).toMatch(/^media_/);
      expect(media.path.startsWith(`${s.cdnUrl}/`)).toBe(true);
      const file = await fetch(media.path);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain(mime);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
      const thumb = await fetch(media.thumbnail);
      expect(thumb.headers.get('content-type')).toContain('image/webp');
      const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBeLessThanOrEqual(320);
    },
  );

  it('serves byte ranges (206) for players and resumable downloads', async () => {
    const bytes = mp4Bytes(5000);
    const media = MediaObject.parse((await upload(s, bytes, 'range.mp4')).body);
    const part = await fetch(media.path, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('sniffs the kind from the bytes: a text file named .png and an image that cannot be decoded are refused with 415', async () => {
    expectError(
      await upload(s, Buffer.from('hello, I am text pretending'), 'fake.png', 'image/png'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const png = await pngBytes(16, 16);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expectError(await upload(s, broken, 'broken.png', 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(100)]);
    expectError(await upload(s, pdf, 'doc.png', 'image/png'), 415, 'UNSUPPORTED_MEDIA_TYPE').toMatchObject({
      message: expect.stringContaining('application/pdf'),
    });
    // A real PNG with a video name is stored as the PNG it is.
    const res = await upload(s, png, 'clip.mp4', 'video/mp4');
    expect(res.status).toBe(200);
    const served = await fetch(MediaObject.parse(res.body).path);
    expect(served.headers.get('content-type')).toContain('image/png');
  });

  it('enforces the image size limit at and past its bound', async () => {
    const png = await pngBytes(16, 16);
    const at = Buffer.concat([png, Buffer.alloc(MAX_IMAGE - png.length)]);
    expect((await upload(s, at, 'at.png')).status).toBe(200);
    const past = Buffer.concat([png, Buffer.alloc(MAX_IMAGE - png.length + 1)]);
    expectError(await upload(s, past, 'past.png'), 413, 'FILE_TOO_LARGE');
  });

  it('enforces the video size limit at and past its bound', async () => {
    expect((await upload(s, mp4Bytes(MAX_VIDEO), 'at.mp4')).status).toBe(200);
    expectError(await upload(s, mp4Bytes(MAX_VIDEO + 1), 'past.mp4'), 413, 'FILE_TOO_LARGE');
  });

  it('refuses an empty file, a wrong field name, no file, and a JSON body', async () => {
    expectError(await upload(s, Buffer.alloc(0), 'empty.png'), 400, 'VALIDATION_ERROR');
    expectError(
      await upload(s, await pngBytes(8, 8), 'a.png', 'image/png', 'upload'),
      400,
      'VALIDATION_ERROR',
    );
    const form = new FormData();
    form.append('note', 'no file here');
    expectError(
      await as(s, 'full-live').raw('/media/upload', { method: 'POST', body: form }),
      400,
      'VALIDATION_ERROR',
    );
    const json = await as(s, 'full-live').raw('/media/upload', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expectError(json, 415, 'UNSUPPORTED_CONTENT_TYPE');
    const broken = await as(s, 'full-live').raw('/media/upload', {
      method: 'POST',
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    ErrorBody.parse(broken.body);
  });

  it('refuses a form with two files (413 PAYLOAD_TOO_LARGE) and keeps neither', async () => {
    const before = (await as(s, 'full-live').get<{ storage: { usedBytes: number } }>('/me')).body.storage
      .usedBytes;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pngBytes(8, 8))]), 'one.png');
    form.append('file', new Blob([new Uint8Array(await pngBytes(9, 9))]), 'two.png');
    expectError(
      await as(s, 'full-live').raw('/media/upload', { method: 'POST', body: form }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    const other = new FormData();
    other.append('file', new Blob([new Uint8Array(await pngBytes(8, 8))]), 'one.png');
    other.append('extra', new Blob([new Uint8Array(await pngBytes(9, 9))]), 'two.png');
    expectError(
      await as(s, 'full-live').raw('/media/upload', { method: 'POST', body: other }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(
      (await as(s, 'full-live').get<{ storage: { usedBytes: number } }>('/me')).body.storage.usedBytes,
    ).toBe(before);
  });

  it('fills the organization quota exactly, then answers 402 STORAGE_LIMIT_EXCEEDED; other organizations are unaffected', async () => {
    const svc = await startTestService({ storageLimitBytes: 200_000, maxVideoBytes: 500_000 });
    try {
      const me = await as(svc, 'full-live').get<{ storage: { usedBytes: number; limitBytes: number } }>(
        '/me',
      );
      const { usedBytes, limitBytes } = me.body.storage;
      expect(limitBytes).toBe(200_000);
      const room = limitBytes - usedBytes;
      expectError(await upload(svc, mp4Bytes(room + 1), 'past.mp4'), 402, 'STORAGE_LIMIT_EXCEEDED');
      expect((await upload(svc, mp4Bytes(room), 'exactly.mp4')).status).toBe(200);
      expect(
        (await as(svc, 'full-live').get<{ storage: { usedBytes: number } }>('/me')).body.storage.usedBytes,
      ).toBe(limitBytes);
      expectError(await upload(svc, await pngBytes(4, 4), 'one-more.png'), 402, 'STORAGE_LIMIT_EXCEEDED');
      const other = await as(svc, 'other-org').raw('/media/upload', {
        method: 'POST',
        body: fileForm(mp4Bytes(60_000), 'c.mp4'),
      });
      expect(other.status).toBe(200);
    } finally {
      await svc.close();
    }
  });
});

describe('POST /media/upload-from-url', () => {
  const fromUrl = (svc: RunningService, url: unknown) =>
    as(svc, 'full-live').post('/media/upload-from-url', { url });

  it('downloads a public file (allowed here: the test server is local) and follows redirects', async () => {
    const res = await fromUrl(open, `${filesOrigin}/photo.png`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(MediaObject.parse(res.body)).toMatchObject({ name: 'photo.png' });
    const redirected = await fromUrl(open, `${filesOrigin}/redirect`);
    expect(redirected.status).toBe(200);
    expect((await fetch(MediaObject.parse(redirected.body).path)).headers.get('content-type')).toContain(
      'image/png',
    );
  });

  it('refuses private, loopback and link-local addresses, literal or after DNS resolution', async () => {
    for (const url of [
      `${filesOrigin}/photo.png`,
      'http://localhost:9/photo.png',
      'http://[::1]:9/a.png',
      'http://10.1.2.3/a.png',
      'http://192.168.1.1/a.png',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
    ]) {
      expectError(await fromUrl(s, url), 400, 'URL_NOT_ALLOWED');
    }
  });

  it('classifies addresses the way the guard needs', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1']) {
      expect(isPrivateAddress(a), a).toBe(false);
    }
  });

  it('refuses non-http URLs and malformed input', async () => {
    for (const url of ['ftp://example.com/a.png', 'file:///etc/passwd', 'not a url', 42, '']) {
      expectError(await fromUrl(s, url), 400, 'VALIDATION_ERROR');
    }
    expectError(await as(s, 'full-live').post('/media/upload-from-url', {}), 400, 'VALIDATION_ERROR');
  });

  it('reports a download that fails, loops, lies about its kind, is too large, or is too slow', async () => {
    expectError(await fromUrl(open, `${filesOrigin}/missing.png`), 400, 'URL_FETCH_FAILED');
    expectError(await fromUrl(open, `${filesOrigin}/loop`), 400, 'URL_FETCH_FAILED');
    expectError(await fromUrl(open, `${filesOrigin}/text`), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await fromUrl(open, `${filesOrigin}/big.mp4`), 413, 'FILE_TOO_LARGE');
    expectError(await fromUrl(open, `${filesOrigin}/big-declared`), 413, 'FILE_TOO_LARGE');
    // Too slow: cut by the service's own download time limit, which the answer names; the file server
    // sees its connection closed while it was still sending. No clock: a download that nothing cuts
    // fails by vitest's test timeout, a hang detector.
    const slow = await fromUrl(open, `${filesOrigin}/slow`);
    expectError(slow, 400, 'URL_FETCH_FAILED').toMatchObject({
      message: expect.stringContaining(`timed out: it did not finish within ${FETCH_TIMEOUT_MS / 1000} s`),
    });
    await vi.waitFor(() => expect(slowCut).toEqual([true]), { timeout: HANG_MS });
    expectError(await fromUrl(open, 'http://127.0.0.1:1/closed-port.png'), 400, 'URL_FETCH_FAILED');
  });
});

describe('media in posts', () => {
  it('lets a post use an uploaded image and reads it back with the media object', async () => {
    const media = MediaObject.parse((await upload(s, await pngBytes(), 'post.png')).body);
    const api = as(s, 'full-live');
    const created = await api.post<{ postId: string }[]>('/posts', {
      type: 'schedule',
      date: new Date(Date.now() + 3_600_000).toISOString(),
      shortLink: false,
      posts: [
        {
          integration: { id: world(s).byPlatform('instagram') },
          value: [{ content: 'with a photo', image: [{ id: media.id, path: media.path }] }],
          settings: { __type: 'instagram', post_type: 'post' },
        },
      ],
    });
    expect(created.status, created.text).toBe(200);
    const read = await call<{ media: unknown[] }>(`${s.baseUrl}/posts/${created.body[0]?.postId}`, {
      headers: api.headers,
    });
    expect(read.body.media).toEqual([media]);
  });

  it("does not let another organization attach this organization's media", async () => {
    const media = MediaObject.parse((await upload(s, await pngBytes(), 'mine.png')).body);
    const other = as(s, 'other-org');
    const account = world(s).brand3.integrations.find((i) => i.platform === 'x')?.id;
    const res = await other.post('/posts', {
      type: 'schedule',
      date: new Date(Date.now() + 3_600_000).toISOString(),
      shortLink: false,
      posts: [
        {
          integration: { id: account },
          value: [{ content: 'stolen', image: [{ id: media.id, path: media.path }] }],
          settings: { __type: 'x' },
        },
      ],
    });
    expectError(res, 400, 'Platform validation failed');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { AppFailure } from '../core/app-failure.js';
import { inHours, startTestService, type TestService } from './support/service.js';

/* Every endpoint of the client against the real local service, and its answers to real refusals. */

let svc: TestService;
let dir: string;
let imagePath: string;

beforeAll(async () => {
  svc = await startTestService({ allowPrivateUrls: true });
  dir = await mkdtemp(join(tmpdir(), 'postdeck-files-'));
  imagePath = join(dir, 'noise.png');
  // Random noise does not compress: about 2 MB, so the upload streams in several chunks.
  await sharp({
    create: {
      width: 900,
      height: 800,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toFile(imagePath);
});

afterAll(async () => {
  await svc?.close();
  await rm(dir, { recursive: true, force: true });
});

const range = () =>
  [
    new Date(Date.now() - 20 * 86_400_000).toISOString(),
    new Date(Date.now() + 40 * 86_400_000).toISOString(),
  ] as const;

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('ApiClient against the local service', () => {
  it('reads the account context, brands and one brand', async () => {
    const api = svc.client();
    const me = await api.getMe();
    expect(me.brand.id).toBe(svc.brandIds[0]);
    expect(me.organization.id).toMatch(/^org_/);
    expect(me.user.email).toContain('@');
    expect(me.apiKey?.mode).toBe('test');
    const brands = await api.listBrands();
    expect(brands.map((b) => b.id).sort()).toEqual([...svc.brandIds].sort());
    const one = await api.getBrand(svc.brandIds[1]!);
    expect(one.id).toBe(svc.brandIds[1]);
  });

  it('lists posts with integration, state and date, and reads one in full', async () => {
    const api = svc.client();
    const posts = await api.listPosts(...range());
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) {
      expect(p.integration.id).toMatch(/^int_/);
      expect(typeof p.state).toBe('string');
      expect(Date.parse(p.publishDate)).not.toBeNaN();
    }
    const detail = await api.getPost(posts[0]!.id);
    expect(detail.id).toBe(posts[0]!.id);
    expect(detail.group).toMatch(/^group_/);
    expect(detail.value.length).toBeGreaterThan(0);
    expect(detail.settings.__type).toBeTruthy();
  });

  it('creates, reschedules and deletes a post group', async () => {
    const api = svc.client();
    const x = svc.integrations(0).find((i) => i.platform === 'x' && !i.disconnected)!;
    const date = inHours(30);
    const created = await api.createPosts({
      type: 'schedule',
      date,
      shortLink: false,
      posts: [
        { integration: { id: x.id }, value: [{ content: `client test ${date}` }], settings: { __type: 'x' } },
      ],
    });
    expect(created).toHaveLength(1);
    expect(created[0]!.integration).toBe(x.id);
    const listed = await api.listPosts(inHours(29), inHours(31));
    expect(listed.some((p) => p.id === created[0]!.postId)).toBe(true);

    const later = inHours(50);
    const moved = await api.sendReschedule(created[0]!.postId, later);
    expect(Date.parse(moved.publishDate)).toBe(Date.parse(later));

    const deleted = await api.deleteGroup(created[0]!.group);
    expect(deleted.deleted).toBeGreaterThanOrEqual(1);
    const gone = await apiError(api.getPost(created[0]!.postId));
    expect(gone.status).toBe(404);
    expect(gone.message).toMatch(/deleted elsewhere|could not find/i);
  });

  it('streams a file upload with progress, then uploads the stored file again from its URL', async () => {
    const api = svc.client();
    const progress: { sent: number; total: number }[] = [];
    const media = await api.uploadMedia({ path: imagePath, onProgress: (p) => progress.push(p) });
    expect(media.id).toMatch(/^media_/);
    expect(media.name).toBe('noise.png');
    expect(progress.length).toBeGreaterThan(3);
    const last = progress[progress.length - 1]!;
    expect(last.sent).toBe(last.total);
    expect(last.total).toBeGreaterThan(1_000_000);

    const copy = await api.uploadMediaFromUrl(media.path);
    expect(copy.id).toMatch(/^media_/);
    expect(copy.id).not.toBe(media.id);
  });

  it('cancels an upload when its signal fires', async () => {
    const api = svc.client();
    const controller = new AbortController();
    const error = await apiError(
      api.uploadMedia({
        path: imagePath,
        signal: controller.signal,
        onProgress: (p) => p.sent > 0 && controller.abort(),
      }),
    );
    expect(error.kind).toBe('aborted');
  });

  it('explains a file that cannot be read', async () => {
    const error = await apiError(svc.client().uploadMedia({ path: join(dir, 'missing.png') }));
    expect(error.message).toMatch(/cannot be read \(ENOENT\)/);
    expect(error.kind).toBe('file');
    expect(error.retryable).toBe(false);
    const folder = await apiError(svc.client().uploadMedia({ path: dir }));
    expect(folder.message).toMatch(/cannot be read/);
    expect(folder.ambiguous).toBe(false);
  });

  it('reads profile analytics of a connected account', async () => {
    const x = svc.integrations(0).find((i) => i.platform === 'x')!;
    const analytics = await svc.client().getProfileAnalytics(x.id);
    expect(analytics.integration.id).toBe(x.id);
    expect(Object.keys(analytics.profile).length).toBeGreaterThan(0);
    expect(Array.isArray(analytics.recentPosts)).toBe(true);
  });

  it('sends x-brand-id of the chosen brand on every call', async () => {
    const second = svc.client().withBrand(svc.brandIds[1]!);
    expect((await second.getMe()).brand.id).toBe(svc.brandIds[1]);
    const ids = new Set(svc.integrations(1).map((i) => i.id));
    const posts = await second.listPosts(...range());
    expect(posts.length).toBeGreaterThan(0);
    expect(posts.every((p) => ids.has(p.integration.id))).toBe(true);
  });
});

describe('ApiClient refusals carry a sentence saying what to do', () => {
  it('a revoked key', async () => {
    const error = await apiError(svc.client('revoked').getMe());
    expect(error.status).toBe(401);
    expect(error.code).toBe('INVALID_API_KEY');
    expect(error.message).toContain('create a new key in the dashboard (Settings > API Keys)');
    expect(error.retryable).toBe(false);
  });

  it('a key without the needed scope names the permission in words', async () => {
    const error = await apiError(
      svc.client('posts-read').createPosts({ type: 'draft', date: inHours(5), shortLink: false }),
    );
    expect(error.status).toBe(403);
    expect(error.code).toBe('INSUFFICIENT_SCOPE');
    // Named as a person reads it, never the scope value.
    expect(error.message).toContain('“Write posts”');
    expect(error.message).not.toContain('posts:write');
  });

  it('a key of another organization acting on our brand', async () => {
    const error = await apiError(svc.client('other-org').getMe());
    expect(error.code).toBe('BRAND_NOT_ALLOWED');
    expect(error.message).toMatch(/pick another brand/);
  });

  it('invalid content answers the issues to fix', async () => {
    const x = svc.integrations(0).find((i) => i.platform === 'x' && !i.disconnected)!;
    const error = await apiError(
      svc.client().createPosts({
        type: 'schedule',
        date: inHours(6),
        shortLink: false,
        posts: [
          { integration: { id: x.id }, value: [{ content: 'x'.repeat(400) }], settings: { __type: 'x' } },
        ],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.issues.length).toBeGreaterThan(0);
    expect(error.issues[0]!.target).toBe(0);
    expect(error.message).toMatch(/fix the problems listed/);
  });

  it('an unknown integration', async () => {
    const error = await apiError(
      svc.client().createPosts({
        type: 'schedule',
        date: inHours(6),
        shortLink: false,
        posts: [
          { integration: { id: 'int_nope' }, value: [{ content: 'hello' }], settings: { __type: 'x' } },
        ],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/connected account/);
  });

  it('never lets the key into a message', async () => {
    const token = svc.token('revoked');
    const error = await apiError(svc.client('revoked').getMe());
    expect(JSON.stringify({ m: error.message, s: error.stack })).not.toContain(token);
  });
});

describe('base URL', () => {
  it('must be https except on loopback', () => {
    expect(() => new ApiClient({ baseUrl: 'http://api.example.com/v1', apiKey: 'pst_test_x' })).toThrow(
      AppFailure,
    );
    expect(() => new ApiClient({ baseUrl: 'ftp://127.0.0.1/v1', apiKey: 'pst_test_x' })).toThrow(/https/);
    expect(() => new ApiClient({ baseUrl: 'not a url', apiKey: 'pst_test_x' })).toThrow(/not a web address/);
    expect(new ApiClient({ baseUrl: 'https://api.example.com/v1/', apiKey: 'k' }).baseUrl).toBe(
      'https://api.example.com/v1',
    );
    expect(new ApiClient({ baseUrl: 'http://localhost:4010/v1', apiKey: 'k' }).baseUrl).toBe(
      'http://localhost:4010/v1',
    );
    expect(new ApiClient({ baseUrl: 'http://[::1]:4010/v1', apiKey: 'k' }).baseUrl).toBe(
      'http://[::1]:4010/v1',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../shared/api/endpoints.js';
import type { Scope } from '../../shared/api/scopes.js';
import type { RunningService } from '../index.js';
import type { SandboxKeyLabel } from '../sandbox-file.js';
import { fileForm, pngBytes } from './fixtures.js';
import { as, call, expectError, inMinutes, range, startTestService, world } from './helpers.js';

let s: RunningService;
let requests: Record<EndpointName, () => { path: string; init: RequestInit }>;

beforeAll(async () => {
  s = await startTestService();
  const w = world(s);
  const full = as(s, 'full-live');
  const listed = await full.get<{ posts: { id: string; group: string; state: string }[] }>(
    `/posts?${range()}`,
  );
  const scheduled = listed.body.posts.find((p) => p.state === 'scheduled');
  if (!scheduled) throw new Error('no scheduled demo post');
  const png = await pngBytes(8, 8);
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  requests = {
    getMe: () => ({ path: '/me', init: {} }),
    listBrands: () => ({ path: '/brands', init: {} }),
    getBrand: () => ({ path: `/brands/${w.brand1.id}`, init: {} }),
    uploadMedia: () => ({ path: '/media/upload', init: { method: 'POST', body: fileForm(png, 'a.png') } }),
    uploadMediaFromUrl: () => ({
      path: '/media/upload-from-url',
      init: json('POST', { url: 'http://127.0.0.1:9/a.png' }),
    }),
    createPosts: () => ({
      path: '/posts',
      init: json('POST', {
        type: 'draft',
        date: inMinutes(60),
        shortLink: false,
        posts: [
          {
            integration: { id: w.byPlatform('x') },
            value: [{ content: 'matrix' }],
            settings: { __type: 'x' },
          },
        ],
      }),
    }),
    listPosts: () => ({ path: `/posts?${range()}`, init: {} }),
    getPost: () => ({ path: `/posts/${scheduled.id}`, init: {} }),
    reschedulePost: () => ({
      path: `/posts/${scheduled.id}/date`,
      init: json('PUT', { date: inMinutes(90) }),
    }),
    deleteGroup: () => ({ path: '/posts/group_doesnotexist', init: { method: 'DELETE' } }),
    getProfileAnalytics: () => ({
      path: `/analytics/insights/profile?integrationId=${w.byPlatform('x')}`,
      init: {},
    }),
  };
});
afterAll(() => s.close());

const names = Object.keys(endpoints) as EndpointName[];
const singleScope: Record<Scope, SandboxKeyLabel> = {
  'posts:read': 'posts-read',
  'posts:write': 'posts-write',
  'media:write': 'media-write',
  'analytics:read': 'analytics-read',
  'brands:read': 'brands-read',
};

async function send(name: EndpointName, headers: Record<string, string>) {
  const { path, init } = requests[name]();
  return call(s.baseUrl + path, {
    ...init,
    headers: { ...(init.headers as Record<string, string> | undefined), ...headers },
  });
}

describe('authentication on every endpoint', () => {
  it.each(names)('%s: no Authorization header -> 401 API_KEY_REQUIRED', async (name) => {
    expectError(await send(name, { 'x-brand-id': world(s).brand1.id }), 401, 'API_KEY_REQUIRED');
  });

  it.each(names)('%s: malformed Authorization header -> 401 API_KEY_REQUIRED', async (name) => {
    expectError(
      await send(name, { authorization: as(s, 'full-live').token, 'x-brand-id': world(s).brand1.id }),
      401,
      'API_KEY_REQUIRED',
    );
  });

  it.each(names)('%s: unknown key -> 401 INVALID_API_KEY', async (name) => {
    expectError(
      await send(name, { authorization: 'Bearer pst_live_notarealkey', 'x-brand-id': world(s).brand1.id }),
      401,
      'INVALID_API_KEY',
    );
  });

  it.each(names)('%s: revoked key -> 401 INVALID_API_KEY', async (name) => {
    expectError(await send(name, as(s, 'revoked').headers), 401, 'INVALID_API_KEY');
  });

  const brandRequired = names.filter((n) => !('brandHeader' in endpoints[n]));
  const brandOptional = names.filter((n) => 'brandHeader' in endpoints[n]);

  it.each(brandRequired)('%s: no x-brand-id -> 400 BRAND_ID_REQUIRED', async (name) => {
    expectError(
      await send(name, { authorization: as(s, 'full-live').headers.authorization }),
      400,
      'BRAND_ID_REQUIRED',
    );
  });

  it.each(brandOptional)('%s: no x-brand-id -> answers for the key default brand', async (name) => {
    const res = await send(name, { authorization: as(s, 'full-live').headers.authorization });
    expect(res.status).toBe(200);
  });

  it('GET /me without x-brand-id names the default brand, so a new client learns its Brand ID', async () => {
    const all = await send('getMe', { authorization: as(s, 'full-live').headers.authorization });
    expect((all.body as { brand: { id: string } }).brand.id).toBe(world(s).brand1.id);
    const scoped = await send('getMe', { authorization: as(s, 'brand1-only').headers.authorization });
    expect((scoped.body as { brand: { id: string } }).brand.id).toBe(world(s).brand1.id);
  });

  it.each(names)('%s: brand1-only key on brand 2 -> 403 BRAND_NOT_ALLOWED', async (name) => {
    expectError(await send(name, as(s, 'brand1-only', world(s).brand2.id).headers), 403, 'BRAND_NOT_ALLOWED');
  });

  it.each(names)('%s: a brand of another organization -> 403 BRAND_NOT_ALLOWED', async (name) => {
    expectError(await send(name, as(s, 'full-live', world(s).brand3.id).headers), 403, 'BRAND_NOT_ALLOWED');
    expectError(await send(name, as(s, 'other-org', world(s).brand1.id).headers), 403, 'BRAND_NOT_ALLOWED');
  });
});

describe('scopes on every endpoint', () => {
  for (const name of names) {
    const needed = endpoints[name].scope;
    it(`${name} needs ${needed}: every single-scope key without it -> 403 INSUFFICIENT_SCOPE, the one with it passes`, async () => {
      for (const [scope, label] of Object.entries(singleScope) as [Scope, SandboxKeyLabel][]) {
        const res = await send(name, as(s, label).headers);
        if (scope === needed) {
          expect([401, 403]).not.toContain(res.status);
        } else {
          expectError(res, 403, 'INSUFFICIENT_SCOPE');
        }
      }
    });
  }

  it('the scheduler key (posts:write, media:write, brands:read) can create, upload and read context but not list or read analytics', async () => {
    const scheduler = as(s, 'scheduler');
    for (const name of ['createPosts', 'uploadMedia', 'getMe', 'listBrands'] as const) {
      expect((await send(name, scheduler.headers)).status).toBe(200);
    }
    for (const name of ['listPosts', 'getPost', 'getProfileAnalytics'] as const) {
      expectError(await send(name, scheduler.headers), 403, 'INSUFFICIENT_SCOPE');
    }
  });

  it('GET /brands/:id needs brands:read', async () => {
    expect(endpoints.getBrand.scope).toBe('brands:read');
    expect((await as(s, 'brands-read').get(`/brands/${world(s).brand2.id}`)).status).toBe(200);
    expectError(await as(s, 'posts-read').get(`/brands/${world(s).brand2.id}`), 403, 'INSUFFICIENT_SCOPE');
  });

  it('full-live and full-test keys reach every endpoint on both brands of organization 1', async () => {
    for (const label of ['full-live', 'full-test'] as const) {
      for (const brand of [world(s).brand1.id, world(s).brand2.id]) {
        const res = await send('getMe', as(s, label, brand).headers);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          brand: { id: brand },
          apiKey: { mode: label === 'full-live' ? 'live' : 'test' },
        });
      }
    }
  });

  it('brand1-only acts on brand 1; other-org acts on its own brand only', async () => {
    expect((await send('listPosts', as(s, 'brand1-only').headers)).status).toBe(200);
    expect((await send('getMe', as(s, 'other-org').headers)).body).toMatchObject({
      organization: { id: world(s).org2.id },
    });
  });

  it('a "Bearer" scheme is accepted in any case, and the key must match exactly', async () => {
    const token = as(s, 'full-live').token;
    expect(
      (
        await call(`${s.baseUrl}/me`, {
          headers: { authorization: `bearer ${token}`, 'x-brand-id': world(s).brand1.id },
        })
      ).status,
    ).toBe(200);
    const res = await call(`${s.baseUrl}/me`, {
      headers: { authorization: `Bearer ${token}x`, 'x-brand-id': world(s).brand1.id },
    });
    expectError(res, 401, 'INVALID_API_KEY');
  });
});

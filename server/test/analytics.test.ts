import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsResponse, PostListResponse } from '../../shared/api/resources.js';
import type { RunningService } from '../index.js';
import { as, eventually, expectError, range, serviceWithFullKey, world } from './helpers.js';

let s: RunningService;
let api: ReturnType<typeof as>;

beforeAll(async () => ({ s, api } = await serviceWithFullKey()));
afterAll(() => s.close());

const insights = async (integrationId: string, who = api) => {
  const res = await who.get(`/analytics/insights/profile?integrationId=${encodeURIComponent(integrationId)}`);
  expect(res.status, res.text).toBe(200);
  return AnalyticsResponse.parse(res.body);
};

describe('GET /analytics/insights/profile', () => {
  it('answers profile metrics, the previous period, a daily series and recent posts with metrics', async () => {
    const x = world(s).byPlatform('x');
    const a = await insights(x);
    expect(a.integration).toMatchObject({ id: x, platform: 'x' });
    for (const name of [
      'followers',
      'following',
      'impressions',
      'reach',
      'engagements',
      'engagementRate',
      'posts',
    ]) {
      expect(a.profile[name], name).toEqual(expect.any(Number));
      expect(a.previous?.[name], name).toEqual(expect.any(Number));
    }
    expect(a.daily).toHaveLength(30);
    expect(a.daily?.[0]?.metrics).toHaveProperty('impressions');
    expect(a.recentPosts.length).toBeGreaterThan(0);
    for (const p of a.recentPosts) {
      for (const name of ['impressions', 'likes', 'comments', 'shares', 'clicks', 'engagementRate'])
        expect(p.metrics[name]).toEqual(expect.any(Number));
      expect(p.releaseURL).toMatch(/^https:\/\/x\.com\//);
    }
  });

  it("derives everything from the account's published posts: same data, same numbers", async () => {
    const id = world(s).byPlatform('linkedin');
    expect(await insights(id)).toEqual(await insights(id));
    const listed = PostListResponse.parse((await api.get(`/posts?${range()}`)).body).posts;
    const published = new Set(
      listed.filter((p) => p.integration.id === id && p.state === 'published').map((p) => p.id),
    );
    const recent = (await insights(id)).recentPosts.map((p) => p.postId);
    expect(recent.length).toBe(Math.min(10, published.size));
    for (const postId of recent) expect(published.has(postId)).toBe(true);
  });

  it('counts a newly published post', async () => {
    const id = world(s).byPlatform('bluesky');
    const before = await insights(id);
    const created = await api.post<{ postId: string }[]>('/posts', {
      type: 'now',
      date: new Date().toISOString(),
      shortLink: false,
      posts: [{ integration: { id }, value: [{ content: 'counted' }], settings: { __type: 'bluesky' } }],
    });
    const postId = created.body[0]?.postId;
    const after = await eventually('in recent posts', async () => {
      const a = await insights(id);
      return a.recentPosts[0]?.postId === postId ? a : null;
    });
    expect(after.profile.posts).toBe((before.profile.posts ?? 0) + 1);
    expect(after.profile.impressions).toBeGreaterThan(before.profile.impressions ?? 0);
  });

  it('answers 404 for an unknown account or one of another brand, and 400 without integrationId', async () => {
    expectError(await api.get('/analytics/insights/profile?integrationId=int_nope'), 404, 'NOT_FOUND');
    const brand2Account = world(s).brand2.integrations[0]?.id ?? '';
    expectError(
      await api.get(`/analytics/insights/profile?integrationId=${brand2Account}`),
      404,
      'NOT_FOUND',
    );
    expect((await insights(brand2Account, as(s, 'full-live', world(s).brand2.id))).integration.id).toBe(
      brand2Account,
    );
    expectError(await api.get('/analytics/insights/profile'), 400, 'VALIDATION_ERROR');
  });
});

import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../shared/api/scopes.js';
import { PostDetail, PostListResponse } from '../../shared/api/resources.js';
import { PLATFORM_TYPES } from '../../shared/platforms/types.js';
import { validatePostTarget } from '../../shared/platforms/validate.js';
import type { RunningService } from '../index.js';
import { SANDBOX_KEY_LABELS, SandboxFile, sandboxKey } from '../sandbox-file.js';
import { as, range, startTestService, world } from './helpers.js';

let s: RunningService;

beforeAll(async () => {
  s = await startTestService();
});
afterAll(() => s.close());

describe('the seeded sandbox', () => {
  it('writes sandbox.json as the schema says, readable by its owner only', () => {
    const path = join(s.dataDir, 'sandbox.json');
    const file = SandboxFile.parse(JSON.parse(readFileSync(path, 'utf8')));
    expect(file).toEqual(s.sandbox);
    expect(file.baseUrl).toBe(s.baseUrl);
    expect(file.cdnUrl).toBe(s.cdnUrl);
    expect(statSync(path).mode & 0o077).toBe(0);
  });

  it('has two organizations: brand 1 with all nine platforms plus a disconnected account, brand 2 with three or more, organization 2 with one brand', () => {
    const w = world(s);
    expect(w.org1.brands).toHaveLength(2);
    expect(w.org2.brands).toHaveLength(1);
    const connected = w.brand1.integrations.filter((i) => !i.disconnected).map((i) => i.platform);
    expect([...connected].sort()).toEqual([...PLATFORM_TYPES].sort());
    expect(w.brand1.integrations.filter((i) => i.disconnected)).toHaveLength(1);
    expect(w.brand2.integrations.length).toBeGreaterThanOrEqual(3);
    expect(w.brand3.integrations.length).toBeGreaterThanOrEqual(1);
    for (const i of [...w.brand1.integrations, ...w.brand2.integrations, ...w.brand3.integrations])
      expect(i.id).toMatch(/^int_/);
    expect(w.org1.id).toMatch(/^org_/);
    expect(w.brand1.id).toMatch(/^brand_/);
  });

  it('has the labelled keys with their prefixes, scopes, brands and revocation', () => {
    expect(s.sandbox.keys.map((k) => k.label)).toEqual([...SANDBOX_KEY_LABELS]);
    const key = (l: (typeof SANDBOX_KEY_LABELS)[number]) => sandboxKey(s.sandbox, l);
    const { org1, org2, brand1 } = world(s);
    expect(key('full-live').token).toMatch(/^pst_live_/);
    expect(key('full-test').token).toMatch(/^pst_test_/);
    expect(key('full-live')).toMatchObject({
      organizationId: org1.id,
      scopes: [...ALL_SCOPES],
      brandIds: null,
      revoked: false,
    });
    expect([...key('scheduler').scopes].sort()).toEqual(['brands:read', 'media:write', 'posts:write']);
    expect(key('posts-read').scopes).toEqual(['posts:read']);
    expect(key('brand1-only')).toMatchObject({ brandIds: [brand1.id], scopes: [...ALL_SCOPES] });
    expect(key('revoked').revoked).toBe(true);
    expect(key('other-org').organizationId).toBe(org2.id);
  });

  it('stores keys only as digests: no token appears in the database files', () => {
    const bytes = ['service.db', 'service.db-wal']
      .map((f) => {
        try {
          return readFileSync(join(s.dataDir, f)).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('');
    for (const k of s.sandbox.keys) expect(bytes.includes(k.token)).toBe(false);
  });

  it('seeds demo posts that follow every platform rule, with avatars served from the CDN', async () => {
    const api = as(s, 'full-live');
    for (const brand of [world(s).brand1.id, world(s).brand2.id]) {
      const b = as(s, 'full-live', brand);
      const { posts } = PostListResponse.parse((await b.get(`/posts?${range(20)}`)).body);
      for (const item of posts) {
        const post = PostDetail.parse((await b.get(`/posts/${item.id}`)).body);
        const kinds = new Map(
          (post.media ?? []).map((m) => [
            m.id,
            /\.(mp4|mov|webm)$/.test(m.path) ? ('video' as const) : ('image' as const),
          ]),
        );
        const platform = post.integration.platform as (typeof PLATFORM_TYPES)[number];
        const issues = validatePostTarget(
          {
            integration: { id: post.integration.id },
            value: post.value,
            settings: post.settings,
            commentDelays: post.commentDelays,
          },
          0,
          platform,
          (ref) => kinds.get(ref.id),
        );
        expect(issues, `${platform} ${post.id}`).toEqual([]);
      }
    }
    const picture = (
      await api.get<{ posts: { integration: { picture: string | null } }[] }>(`/posts?${range()}`)
    ).body.posts[0]?.integration.picture;
    expect(picture).toMatch(new RegExp(`^${s.cdnUrl}/`));
    const avatar = await fetch(picture ?? '');
    expect(avatar.headers.get('content-type')).toContain('image/');
  });

  it('spreads the demo month over days, hours and accounts around today', async () => {
    const { posts } = PostListResponse.parse((await as(s, 'full-live').get(`/posts?${range(20)}`)).body);
    const days = new Set(posts.map((p) => p.publishDate.slice(0, 10)));
    const hours = new Set(posts.map((p) => new Date(p.publishDate).getUTCHours()));
    const accounts = new Set(posts.map((p) => p.integration.id));
    expect(days.size).toBeGreaterThan(20);
    expect(hours.size).toBeGreaterThan(6);
    expect(accounts.size).toBe(10);
    expect(posts.some((p) => p.state === 'published' && Date.parse(p.publishDate) < Date.now())).toBe(true);
    expect(posts.some((p) => p.state === 'scheduled' && Date.parse(p.publishDate) > Date.now())).toBe(true);
  });
});

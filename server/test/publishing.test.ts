import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostDetail } from '../../shared/api/resources.js';
import type { RunningService } from '../index.js';
import { HANG_MS } from '../../test/support/hang.js';
import { as, call, eventually, serviceWithFullKey, world } from './helpers.js';

let s: RunningService;
let api: ReturnType<typeof as>;
const MINUTE_MS = 200;

beforeAll(async () => ({ s, api } = await serviceWithFullKey({ tickMs: 50, minuteMs: MINUTE_MS })));
afterAll(() => s.close());

const xTarget = (content: string | string[], commentDelays?: number[]) => ({
  integration: { id: world(s).byPlatform('x') },
  value: (Array.isArray(content) ? content : [content]).map((c) => ({ content: c })),
  settings: { __type: 'x' },
  ...(commentDelays ? { commentDelays } : {}),
});

async function read(id: string) {
  return PostDetail.parse((await api.get(`/posts/${id}`)).body);
}

async function create(body: unknown): Promise<string> {
  const res = await api.post<{ postId: string }[]>('/posts', body);
  if (res.status !== 200 || !res.body[0]) throw new Error(res.text);
  return res.body[0].postId;
}

describe('publishing', () => {
  it('publishes a "now" post on its nudge, not at the next tick, with publishedAt and a release URL', async () => {
    // This publisher's next tick is an hour away: only the nudge a "now" post gives it publishes the
    // post within the test (the hang detector); how soon after the nudge is no test's business.
    const { s: idle, api: idleApi } = await serviceWithFullKey({ tickMs: 3_600_000, minuteMs: MINUTE_MS });
    try {
      const started = Date.now();
      const res = await idleApi.post<{ postId: string }[]>('/posts', {
        type: 'now',
        date: new Date().toISOString(),
        shortLink: false,
        posts: [{ ...xTarget('right now'), integration: { id: world(idle).byPlatform('x') } }],
      });
      const id = res.body[0]?.postId;
      if (res.status !== 200 || !id) throw new Error(res.text);
      const post = await eventually(
        'published on the nudge',
        async () => {
          const p = PostDetail.parse((await idleApi.get(`/posts/${id}`)).body);
          return p.state === 'published' ? p : null;
        },
        HANG_MS,
      );
      expect(post.releaseURL).toMatch(/^https:\/\/x\.com\/[^/]+\/status\/\d+$/);
      expect(Date.parse(post.publishedAt ?? '')).toBeGreaterThanOrEqual(started - 5);
      expect(post.error).toBeNull();
    } finally {
      await idle.close();
    }
  });

  it('keeps a scheduled post until its time, then publishes it', async () => {
    const due = Date.now() + 2000;
    const id = await create({
      type: 'schedule',
      date: new Date(due).toISOString(),
      shortLink: false,
      posts: [xTarget('on time')],
    });
    expect((await read(id)).state).toBe('scheduled');
    await new Promise((r) => setTimeout(r, 700));
    const early = await read(id);
    // Only when read before its time (a loaded machine may get here later): the time it was
    // published at, below, is what shows it was kept until then.
    if (Date.now() < due) expect(early.state).toBe('scheduled');
    const post = await eventually(
      'published',
      async () => {
        const p = await read(id);
        return p.state === 'published' ? p : null;
      },
      HANG_MS,
    );
    expect(Date.parse(post.publishedAt ?? '')).toBeGreaterThanOrEqual(due);
  });

  it('publishes the blocks of a thread in order, paced by commentDelays (minutes between block i and i+1)', async () => {
    const id = await create({
      type: 'now',
      date: new Date().toISOString(),
      shortLink: false,
      posts: [xTarget(['first', 'second', 'third', 'fourth'], [2, 0, 3])],
    });
    const seen = new Set<string>();
    const post = await eventually(
      'all blocks out',
      async () => {
        const p = await read(id);
        seen.add(p.state);
        return p.state === 'published' ? p : null;
      },
      HANG_MS,
    );
    expect(seen.has('publishing')).toBe(true);
    const times = post.value.map((b) => Date.parse(b.publishedAt ?? ''));
    expect(post.value.map((b) => b.content)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(new Set(post.value.map((b) => b.releaseURL)).size).toBe(4);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    expect(gaps[0]).toBeGreaterThanOrEqual(2 * MINUTE_MS);
    // A zero delay: the next block goes out in the same tick, at the same instant of the service's clock.
    expect(gaps[1]).toBe(0);
    expect(gaps[2]).toBeGreaterThanOrEqual(3 * MINUTE_MS);
    expect(post.releaseURL).toBe(post.value[0]?.releaseURL);
  });

  it('fails a post for a disconnected account with a reason, and does not retry it', async () => {
    const id = await create({
      type: 'now',
      date: new Date().toISOString(),
      shortLink: false,
      posts: [
        {
          integration: { id: world(s).disconnected },
          value: [{ content: 'will fail' }],
          settings: { __type: 'facebook' },
        },
      ],
    });
    const post = await eventually('error', async () => {
      const p = await read(id);
      return p.state === 'error' ? p : null;
    });
    expect(post.error).toMatch(/disconnected.*reconnect/i);
    expect(post.releaseURL).toBeNull();
    await new Promise((r) => setTimeout(r, 200));
    expect((await read(id)).updatedAt).toBe(post.updatedAt);
  });

  it('queues a failed post again when rescheduled, and it fails again while the account stays disconnected', async () => {
    const id = await create({
      type: 'now',
      date: new Date().toISOString(),
      shortLink: false,
      posts: [
        {
          integration: { id: world(s).disconnected },
          value: [{ content: 'again' }],
          settings: { __type: 'facebook' },
        },
      ],
    });
    await eventually('error', async () => (await read(id)).state === 'error');
    const res = await api.put(`/posts/${id}/date`, { date: new Date(Date.now() + 500).toISOString() });
    expect(res.body).toMatchObject({ state: 'scheduled', error: null });
    await eventually('error again', async () => (await read(id)).state === 'error');
  });

  it('does not publish drafts', async () => {
    const id = await create({
      type: 'draft',
      date: new Date(Date.now() - 60_000).toISOString(),
      shortLink: false,
      posts: [xTarget('draft')],
    });
    await new Promise((r) => setTimeout(r, 300));
    expect((await read(id)).state).toBe('draft');
  });

  it('a post deleted before its time is never published', async () => {
    const res = await api.post<{ postId: string; group: string }[]>('/posts', {
      type: 'schedule',
      date: new Date(Date.now() + 400).toISOString(),
      shortLink: false,
      posts: [xTarget('gone')],
    });
    expect((await api.del(`/posts/${res.body[0]?.group}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect((await api.get(`/posts/${res.body[0]?.postId}`)).status).toBe(404);
  });
});

describe('short links', () => {
  it('replaces URLs with short links that redirect (302) to the original, leaving punctuation outside', async () => {
    const text = 'Read https://example.com/a?b=1&c=2#frag, then http://example.org/path. Done';
    const id = await create({
      type: 'schedule',
      date: new Date(Date.now() + 3_600_000).toISOString(),
      shortLink: true,
      posts: [xTarget(text)],
    });
    const post = await read(id);
    const content = post.value[0]?.content ?? '';
    const links = [...content.matchAll(/http:\/\/127\.0\.0\.1:\d+\/s\/[a-z0-9]+/g)].map((m) => m[0]);
    expect(links).toHaveLength(2);
    expect(content).toMatch(
      /^Read http:\/\/127\.0\.0\.1:\d+\/s\/[a-z0-9]+, then http:\/\/127\.0\.0\.1:\d+\/s\/[a-z0-9]+\. Done$/,
    );
    const first = await call(links[0] as string);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('https://example.com/a?b=1&c=2#frag');
    expect((await call(links[1] as string)).headers.get('location')).toBe('http://example.org/path');
  });

  it('leaves the content alone when shortLink is false, and answers 404 for an unknown code', async () => {
    const id = await create({
      type: 'schedule',
      date: new Date(Date.now() + 3_600_000).toISOString(),
      shortLink: false,
      posts: [xTarget('see https://example.com')],
    });
    expect((await read(id)).value[0]?.content).toBe('see https://example.com');
    const res = await call(`${s.origin}/s/nope`);
    expect(res).toMatchObject({ status: 404, body: { statusCode: 404, code: 'NOT_FOUND' } });
  });
});

import Database from 'libsql';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { PostDetail } from '../../shared/api/resources.js';
import type { RunningService } from '../index.js';
import { MAX_SHORT_LINKS_PER_REQUEST } from '../posts/short-links.js';
import { PostStore } from '../store/posts.js';
import { as, call, expectError, inMinutes, serviceWithFullKey, world } from './helpers.js';

let s: RunningService;
let api: ReturnType<typeof as>;

beforeAll(async () => ({ s, api } = await serviceWithFullKey()));
afterAll(() => s.close());

/** A Facebook thread: the longest text any platform takes, so many URLs fit in one post. */
const facebook = (blocks: string[]) => ({
  integration: { id: world(s).byPlatform('facebook') },
  value: blocks.map((content) => ({ content })),
  settings: { __type: 'facebook' },
});

async function shorten(blocks: string[]): Promise<{ group: string; postId: string; links: string[] }> {
  const res = await api.post<{ postId: string; group: string }[]>('/posts', {
    type: 'schedule',
    date: inMinutes(120),
    shortLink: true,
    posts: [facebook(blocks)],
  });
  const created = res.body[0];
  if (res.status !== 200 || !created) throw new Error(res.text);
  const post = PostDetail.parse((await api.get(`/posts/${created.postId}`)).body);
  const links = post.value.flatMap((b) =>
    [...b.content.matchAll(/http:\/\/127\.0\.0\.1:\d+\/s\/[a-z0-9]+/g)].map((m) => m[0]),
  );
  return { ...created, links };
}

/** How many posts and short links the service's file holds, read by a connection of its own. */
function rowCounts(): { posts: number; links: number } {
  const db = new Database(join(s.dataDir, 'service.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const count = (table: string) =>
      (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return { posts: count('posts'), links: count('short_links') };
  } finally {
    db.close();
  }
}

/** `count` distinct URLs spread over Facebook blocks that each stay within its text limit. */
function manyUrls(count: number): string[] {
  const urls = Array.from({ length: count }, (_, i) => `https://e.co/${i}`);
  const blocks: string[] = [];
  for (let i = 0; i < urls.length; i += 2000) blocks.push(urls.slice(i, i + 2000).join(' '));
  return blocks;
}

describe('short links to URLs beyond ASCII', () => {
  it.each([
    ['https://example.com/€', 'https://example.com/%E2%82%AC'],
    ['https://example.com/über?q=ü#ü', 'https://example.com/%C3%BCber?q=%C3%BC#%C3%BC'],
    ['https://bücher.example/straße', 'https://xn--bcher-kva.example/stra%C3%9Fe'],
  ])('%s redirects (302) to the ASCII form %s', async (url, ascii) => {
    const { links } = await shorten([`see ${url} now`]);
    expect(links).toHaveLength(1);
    const res = await call(links[0] as string);
    expect(res.status, res.text).toBe(302);
    expect(res.headers.get('location')).toBe(ascii);
  });
});

describe('how many short links one request makes', () => {
  it(`refuses more than ${MAX_SHORT_LINKS_PER_REQUEST} URLs to shorten before writing anything, with the API error body`, async () => {
    // Inserting every URL took seconds: the refusal comes before the store is asked to write.
    const inserts = vi.spyOn(PostStore.prototype, 'insertMany');
    onTestFinished(() => inserts.mockRestore());
    const before = rowCounts();
    const res = await api.post('/posts', {
      type: 'schedule',
      date: inMinutes(120),
      shortLink: true,
      posts: [facebook(manyUrls(20_000))],
    });
    expectError(res, 400, 'VALIDATION_ERROR').toMatchObject({
      issues: [{ target: null, path: 'shortLink' }],
    });
    expect(inserts).not.toHaveBeenCalled();
    expect(rowCounts()).toEqual(before);
  });

  it(`shortens exactly ${MAX_SHORT_LINKS_PER_REQUEST} URLs, each link resolving`, async () => {
    const { links } = await shorten(manyUrls(MAX_SHORT_LINKS_PER_REQUEST));
    expect(new Set(links).size).toBe(MAX_SHORT_LINKS_PER_REQUEST);
    const last = await call(links[links.length - 1] as string);
    expect(last.headers.get('location')).toBe(`https://e.co/${MAX_SHORT_LINKS_PER_REQUEST - 1}`);
  });

  it('counts URLs only when shortLink is true', async () => {
    const res = await api.post('/posts', {
      type: 'schedule',
      date: inMinutes(120),
      shortLink: false,
      posts: [facebook(manyUrls(MAX_SHORT_LINKS_PER_REQUEST + 1))],
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe('short links go with their post', () => {
  it('DELETE /posts/:group removes the short links of every copy (404 after)', async () => {
    const { group, links } = await shorten(['one https://example.com/one', 'two https://example.com/two']);
    expect((await call(links[0] as string)).status).toBe(302);
    expect((await api.del(`/posts/${group}`)).status).toBe(200);
    for (const link of links) {
      expectError(await call(link), 404, 'NOT_FOUND');
    }
  });

  it('a post deleted by another process (a direct SQL delete on the file) takes its links with it', async () => {
    const { postId, links } = await shorten(['gone https://example.com/gone']);
    const other = new Database(join(s.dataDir, 'service.db'));
    try {
      other.pragma('busy_timeout = 5000');
      other.prepare('DELETE FROM posts WHERE id = ?').run(postId);
    } finally {
      other.close();
    }
    expectError(await call(links[0] as string), 404, 'NOT_FOUND');
  });
});

import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostCreateResponse, PostDetail, PostListResponse } from '../../shared/api/resources.js';
import type { RunningService } from '../index.js';
import { openDatabase } from '../store/db.js';
import { as, expectError, inMinutes, startTestService, world } from './helpers.js';

/**
 * Dates with a 4-digit year whose offset moves the instant outside years 0000-9999: the service
 * could not write them back as a 4-digit ISO date, so it must refuse them before saving anything.
 */
const UNWRITABLE = ['9999-12-31T23:59:59-01:00', '0000-01-01T00:00:00+01:00'];
/** The edges themselves are writable and stay accepted. */
const EDGES = ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.999+00:00', '0000-01-01T01:00:00+01:00'];

let s: RunningService;
let api: ReturnType<typeof as>;

const target = () => ({
  integration: { id: world(s).byPlatform('x') },
  value: [{ content: 'A date at the edge of time' }],
  settings: { __type: 'x' },
});

const FIRST = Date.parse('0000-01-01T00:00:00Z');
const LAST = Date.parse('9999-12-31T23:59:59.999Z');
const isoClamped = (ms: number) => new Date(Math.min(LAST, Math.max(FIRST, ms))).toISOString();

/** The brand's posts within a day of `date` (kept inside the writable years). */
async function listAround(date: string) {
  const at = Date.parse(date);
  const q = `startDate=${encodeURIComponent(isoClamped(at - 86_400_000))}&endDate=${encodeURIComponent(
    isoClamped(at + 86_400_000),
  )}`;
  return api.get(`/posts?${q}`);
}

beforeAll(async () => {
  s = await startTestService({ tickMs: 60_000 });
  api = as(s, 'full-live');
});
afterAll(() => s.close());

describe('dates the service cannot write back are refused with 400, nothing saved', () => {
  it.each(UNWRITABLE)('POST /posts as a draft or scheduled at %s', async (date) => {
    for (const type of ['draft', 'schedule']) {
      const res = await api.post('/posts', { type, date, shortLink: false, posts: [target()] });
      expectError(res, 400, 'VALIDATION_ERROR').toMatchObject({
        issues: [expect.objectContaining({ target: null, path: 'date' })],
      });
      expect((res.body as { message: string }).message).toMatch(/9999/);
    }
    // Nothing was saved: the edge of the range lists every post that could have been made.
    const edge = date.startsWith('9999') ? '9999-12-30T00:00:00Z' : '0000-01-02T00:00:00Z';
    const list = await listAround(edge);
    expect(list.status, list.text).toBe(200);
    expect(PostListResponse.parse(list.body).posts).toEqual([]);
  });

  it.each(UNWRITABLE)('PUT /posts/:id/date of a draft to %s', async (date) => {
    const created = await api.post('/posts', {
      type: 'draft',
      date: inMinutes(600),
      shortLink: false,
      posts: [target()],
    });
    expect(created.status, created.text).toBe(200);
    const [item] = PostCreateResponse.parse(created.body);
    if (!item) throw new Error('no post created');
    const before = PostDetail.parse((await api.get(`/posts/${item.postId}`)).body);

    expectError(await api.put(`/posts/${item.postId}/date`, { date }), 400, 'VALIDATION_ERROR');

    const after = await api.get(`/posts/${item.postId}`);
    expect(after.status, after.text).toBe(200);
    expect(PostDetail.parse(after.body)).toMatchObject({
      publishDate: before.publishDate,
      updatedAt: before.updatedAt,
    });
  });

  it.each(UNWRITABLE)('GET /posts with %s as startDate or endDate', async (date) => {
    const other = date.startsWith('9999') ? '9999-12-30T00:00:00Z' : '0000-01-02T00:00:00Z';
    const [startDate, endDate] = date.startsWith('9999') ? [other, date] : [date, other];
    const res = await api.get(
      `/posts?startDate=${encodeURIComponent(startDate)}&endDate=${encodeURIComponent(endDate)}`,
    );
    expectError(res, 400, 'VALIDATION_ERROR');
  });

  it.each(EDGES)('still accepts %s, and reads it back', async (date) => {
    const created = await api.post('/posts', { type: 'draft', date, shortLink: false, posts: [target()] });
    expect(created.status, created.text).toBe(200);
    const [item] = PostCreateResponse.parse(created.body);
    if (!item) throw new Error('no post created');
    const read = await api.get(`/posts/${item.postId}`);
    expect(read.status, read.text).toBe(200);
    expect(Date.parse(PostDetail.parse(read.body).publishDate)).toBe(Date.parse(date));
    const moved = await api.put(`/posts/${item.postId}/date`, { date });
    expect(moved.status, moved.text).toBe(200);
    const list = await listAround(date);
    expect(list.status, list.text).toBe(200);
    expect(PostListResponse.parse(list.body).posts.map((p) => p.id)).toContain(item.postId);
    expect((await api.del(`/posts/${item.group}`)).status).toBe(200);
  });
});

describe('no write is followed by a failed answer check', () => {
  it('a move whose answer cannot be written (a stored publishedAt in year 10000) moves nothing', async () => {
    const created = await api.post('/posts', {
      type: 'draft',
      date: inMinutes(600),
      shortLink: false,
      posts: [target()],
    });
    const [item] = PostCreateResponse.parse(created.body);
    if (!item) throw new Error('no post created');
    const stored = () => {
      const db = openDatabase(s.dataDir);
      try {
        const row = db.prepare('SELECT publish_date, updated_at FROM posts WHERE id = ?').get(item.postId);
        return z.object({ publish_date: z.number(), updated_at: z.number() }).parse(row);
      } finally {
        db.close();
      }
    };
    // Written by another process (an older version that took such dates): the view cannot be built.
    const db = openDatabase(s.dataDir);
    try {
      db.prepare('UPDATE posts SET published_at = ? WHERE id = ?').run(
        Date.parse('9999-12-31T23:59:59-01:00'),
        item.postId,
      );
    } finally {
      db.close();
    }
    const before = stored();

    const res = await api.put(`/posts/${item.postId}/date`, { date: inMinutes(900) });

    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(stored()).toEqual(before);
  });
});

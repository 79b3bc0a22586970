import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarPost, PostRangeResult } from '../../shared/posts/ipc.js';
import { toPostChips } from '../../shared/posts/chip-columns.js';
import { CHIP_TEXT_CHARS } from '../../shared/posts/chips.js';
import { applyPostsNow, knownPosts, overlaps } from '../ipc/posts-in-cache.js';
import {
  movedPosts,
  openingDate,
  postsAsShown,
  postsKey,
  prefetchAtStart,
  prefetchOpeningRange,
  shareRange,
  visiblePostsQuery,
} from './queries.js';
import { rangeInstants, visibleWallRange } from './range.js';
import { calendarPost } from '../../test/support/calendar-post.js';

const post = (id: string, publishDate: string, group: string | null = null): CalendarPost =>
  calendarPost({
    id,
    group,
    publishDate,
    integration: { id: 'acc', platform: 'x', name: 'Acme', picture: null },
    content: id,
  });

const november = { start: '2026-11-01T00:00:00.000Z', end: '2026-11-30T23:59:59.999Z' };
const december = { start: '2026-12-01T00:00:00.000Z', end: '2026-12-31T23:59:59.999Z' };
const result = (posts: CalendarPost[]): PostRangeResult => ({ posts, source: 'server', syncedAt: null });

function seeded() {
  const client = new QueryClient();
  client.setQueryData(
    postsKey('brand_1', november),
    result([post('a', '2026-11-10T10:00:00.000Z', 'g1'), post('b', '2026-11-10T10:00:00.000Z', 'g1')]),
  );
  client.setQueryData(postsKey('brand_1', december), result([post('c', '2026-12-05T10:00:00.000Z')]));
  // Another brand's month must never be touched.
  client.setQueryData(postsKey('brand_2', november), result([post('a', '2026-11-10T10:00:00.000Z', 'g1')]));
  return client;
}
const ids = (client: QueryClient, brand: string, range: typeof november) =>
  client
    .getQueryData<PostRangeResult>(postsKey(brand, range))!
    .posts.map((p) => `${p.id}@${p.publishDate.slice(5, 10)}${p.pending ? '*' : ''}`);

describe('the optimistic cache', () => {
  it('moves a post across cached months at once, marked pending, and back when main refuses', () => {
    const client = seeded();
    const moves = [{ id: 'a', title: 'a', from: '2026-11-10T10:00:00.000Z', to: '2026-12-02T10:00:00.000Z' }];
    const saved = postsAsShown(client, 'brand_1', ['a']);
    applyPostsNow(client, 'brand_1', movedPosts(client, 'brand_1', moves));
    expect(ids(client, 'brand_1', november)).toEqual(['b@11-10']);
    expect(ids(client, 'brand_1', december)).toEqual(['a@12-02*', 'c@12-05']);
    expect(ids(client, 'brand_2', november)).toEqual(['a@11-10']);

    applyPostsNow(client, 'brand_1', saved);
    expect(ids(client, 'brand_1', november)).toEqual(['a@11-10', 'b@11-10']);
    expect(ids(client, 'brand_1', december)).toEqual(['c@12-05']);
    // A move back (another change) is pending again until main confirms it.
    const back = moves.map((m) => ({ ...m, from: m.to, to: m.from }));
    applyPostsNow(client, 'brand_1', movedPosts(client, 'brand_1', back));
    expect(ids(client, 'brand_1', november)).toEqual(['a@11-10*', 'b@11-10']);
  });

  it('hides a whole group, and shows it again as main last showed it', () => {
    const client = seeded();
    const saved = postsAsShown(client, 'brand_1', ['a', 'b']);
    applyPostsNow(client, 'brand_1', { posts: [], hidden: ['a', 'b'] });
    expect(ids(client, 'brand_1', november)).toEqual([]);
    expect(ids(client, 'brand_2', november)).toEqual(['a@11-10']);
    applyPostsNow(client, 'brand_1', saved);
    expect(ids(client, 'brand_1', november)).toEqual(['a@11-10', 'b@11-10']);
  });

  it('tells which cached ranges a changed range touches', () => {
    expect(
      overlaps(postsKey('brand_1', november), {
        start: '2026-11-30T00:00:00.000Z',
        end: '2026-12-03T00:00:00.000Z',
      }),
    ).toBe(true);
    expect(
      overlaps(postsKey('brand_1', november), {
        start: '2026-12-01T00:00:00.000Z',
        end: '2026-12-03T00:00:00.000Z',
      }),
    ).toBe(false);
  });

  it('knows every post of a brand once, whatever ranges hold it', () => {
    const client = seeded();
    client.setQueryData(
      postsKey('brand_1', { start: november.start, end: december.end }),
      result([post('a', '2026-11-10T10:00:00.000Z', 'g1')]),
    );
    expect(
      knownPosts(client, 'brand_1')
        .map((p) => p.id)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
  });
});

describe('the visible range query', () => {
  const week = { start: '2026-11-09T00:00:00.000Z', end: '2026-11-15T23:59:59.999Z' };
  const stored = [
    post('p1', '2026-11-02T09:00:00.000Z'),
    post('p2', '2026-11-10T09:00:00.000Z'),
    post('p3', '2026-11-12T15:30:00.000Z'),
    post('p4', '2026-11-20T09:00:00.000Z'),
  ];
  // What main answers: fresh objects every time, as they come through IPC.
  const answer = (range: { start: string; end: string }, edit?: (p: CalendarPost) => CalendarPost) => () =>
    Promise.resolve(
      result(
        stored
          .filter((p) => p.publishDate >= range.start && p.publishDate <= range.end)
          .map((p) => (edit ? edit({ ...p }) : { ...p })),
      ),
    );
  const ids = (r: { data?: PostRangeResult }) => r.data?.posts.map((p) => p.id);

  async function switchedToWeek(edit?: (p: CalendarPost) => CalendarPost) {
    const client = new QueryClient();
    const observer = new QueryObserver(client, {
      ...visiblePostsQuery('brand_1', november),
      queryFn: answer(november),
    });
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    const month = observer.getCurrentResult();
    observer.setOptions({ ...visiblePostsQuery('brand_1', week), queryFn: answer(week, edit) });
    const placeholder = observer.getCurrentResult();
    await vi.waitFor(() => expect(observer.getCurrentResult().isPlaceholderData).toBe(false));
    const fetched = observer.getCurrentResult();
    stop();
    return { month, placeholder, fetched };
  }

  it("stands in with the previous range's posts of the new range until its own answer is in", async () => {
    const { month, placeholder, fetched } = await switchedToWeek();
    expect(ids(month)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(placeholder.isPlaceholderData).toBe(true);
    expect(ids(placeholder)).toEqual(['p2', 'p3']);
    expect(ids(fetched)).toEqual(['p2', 'p3']);
    // The stand-in is the month's own post objects (cut, not compared and copied).
    expect(placeholder.data!.posts[0]).toBe(month.data!.posts[1]);
  });

  it('shares nothing between answers of different lengths, and shares equal ones whole', () => {
    const a = result([post('p1', '2026-11-02T09:00:00.000Z')]);
    const b = result([post('p1', '2026-11-02T09:00:00.000Z'), post('p2', '2026-11-03T09:00:00.000Z')]);
    expect(shareRange(a, b)).toBe(b);
    expect(shareRange(b, structuredClone(b))).toBe(b);
    expect(shareRange(undefined, a)).toBe(a);
  });

  it('keeps the array and the post objects when the answer brings the same posts back', async () => {
    const { placeholder, fetched } = await switchedToWeek();
    expect(fetched.data!.posts).toBe(placeholder.data!.posts);
  });

  it('gives a changed post a new object and keeps the others', async () => {
    const { placeholder, fetched } = await switchedToWeek((p) =>
      p.id === 'p3' ? { ...p, state: 'published' } : p,
    );
    expect(fetched.data!.posts).not.toBe(placeholder.data!.posts);
    expect(fetched.data!.posts[0]).toBe(placeholder.data!.posts[0]);
    expect(fetched.data!.posts[1]).not.toBe(placeholder.data!.posts[1]);
    expect(fetched.data!.posts[1]!.state).toBe('published');
  });
});

describe('the cold start', () => {
  it("asks for the opening month as soon as the brands answer, under the calendar's own key", async () => {
    const brand = { id: 'brand_1', name: 'Acme', active: true, timezone: 'Asia/Tokyo' };
    const asked: string[] = [];
    const listBrands = vi.fn(async () => {
      asked.push('listBrands');
      return { ok: true, value: [{ ...brand, id: 'brand_0', active: false }, brand] };
    });
    // The calendar asks for its lean answer (shared/posts/chips.ts).
    const listPosts = vi.fn(async (range: typeof november) => {
      asked.push('listPosts');
      return { ok: true, value: toPostChips(result([post('a', range.start)]), Date.parse(range.start)) };
    });
    vi.stubGlobal('window', { api: { listBrands, listPostChips: listPosts } });
    try {
      const client = new QueryClient();
      prefetchOpeningRange(client);
      await vi.waitFor(() => expect(listPosts).toHaveBeenCalledTimes(1));
      expect(asked).toEqual(['listBrands', 'listPosts']);
      // The range CalendarScreen opens on (month view, today in the brand's zone).
      const zone = brand.timezone;
      const range = rangeInstants(visibleWallRange('month', openingDate(null, Date.now(), zone)), zone);
      expect(listPosts).toHaveBeenCalledWith({ ...range, chars: CHIP_TEXT_CHARS });
      await vi.waitFor(() => expect(client.getQueryData(postsKey('brand_1', range))).toBeDefined());
      // The calendar's query finds the answer: nothing asked a second time.
      const observer = new QueryObserver(client, visiblePostsQuery('brand_1', range));
      const unsubscribe = observer.subscribe(() => undefined);
      expect(observer.getCurrentResult().data?.posts.map((p) => p.id)).toEqual(['a']);
      unsubscribe();
      expect(listPosts).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks for the connections, then the opening month, before anything is drawn; nothing more without an active connection', async () => {
    for (const active of [true, false]) {
      const asked: string[] = [];
      const answer = (name: string, value: unknown) =>
        vi.fn(async () => {
          asked.push(name);
          return { ok: true, value };
        });
      const brand = { id: 'brand_1', name: 'Acme', active: true, timezone: 'UTC' };
      const api = {
        listProfiles: answer('listProfiles', [{ id: 'prof_1', active }]),
        listBrands: answer('listBrands', [brand]),
        getBrandScope: answer('getBrandScope', { all: false, brands: [], displayZone: 'UTC' }),
        listPostChips: answer('listPosts', toPostChips(result([]), 0)),
      };
      vi.stubGlobal('window', { api });
      try {
        const client = new QueryClient();
        prefetchAtStart(client);
        await vi.waitFor(() => expect(api.listProfiles).toHaveBeenCalledTimes(1));
        if (active) {
          await vi.waitFor(() => expect(api.listPostChips).toHaveBeenCalledTimes(1));
          expect(asked[0]).toBe('listProfiles');
          expect(asked.at(-1)).toBe('listPosts');
          // The shell's own key: its first render finds the connections asked here.
          expect(client.getQueryData(['listProfiles', {}])).toEqual([{ id: 'prof_1', active }]);
        } else {
          await new Promise((r) => setTimeout(r, 20));
          expect(asked).toEqual(['listProfiles']);
        }
      } finally {
        vi.unstubAllGlobals();
      }
    }
  });
});

import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { BrandView, CalendarPost, PostRangeResult } from '../../shared/ipc/models.js';
import { call } from '../lib/ipc.js';
import { ipcKey } from '../lib/use-ipc.js';
import type { PostMove } from './moves.js';
import { inRange, rangeInstants, stepDate, visibleWallRange, type CalendarView } from './range.js';
import { brandZone } from './time.js';

/** Instants of a fetched range, as listPosts takes them. */
export interface InstantRange {
  start: string;
  end: string;
}

/*
 * Keys follow the shell's convention (renderer/lib/use-ipc.ts: method name, then input), so the
 * shell's refreshes on main's events (postsChanged, a profile or brand switch) reach the calendar.
 * Posts also carry the brand, so two brands' months never share a cache entry.
 */
export const brandsKey = ipcKey('listBrands', {});
export const postsKey = (brandId: string | null, range: InstantRange) =>
  ['listPosts', range, brandId] as const;
/** Every cached range of posts, whatever the brand. */
export const ALL_POSTS = ['listPosts'] as const;
export const integrationsKey = ipcKey('listIntegrations', {});
export const postKey = (id: string) => ipcKey('getPost', { id });

/** The active brand and the zone every time on the calendar is shown in. */
export function useBrandZone(): { brand: BrandView | null; zone: string; loading: boolean } {
  const brands = useQuery({ queryKey: brandsKey, queryFn: () => call('listBrands', {}) });
  const brand = brands.data?.find((b) => b.active) ?? brands.data?.[0] ?? null;
  return { brand, zone: brandZone(brand?.timezone), loading: brands.isPending };
}

const fetchRange = (range: InstantRange) => () => call('listPosts', range);

/**
 * The query of a visible range. While a new range loads, the previous answer stands in (no blank
 * flash), cut to the posts of the visible range, so the grid never lays out more than it shows.
 * Through `select`, the answer that then arrives is structurally shared with what is shown: posts
 * it brings back unchanged keep their objects, an unchanged list keeps its array, and the calendar
 * does not draw the same week a second time (it did, in full, after every switch of view or page).
 */
export function visiblePostsQuery(brandId: string | null, range: InstantRange) {
  return {
    queryKey: postsKey(brandId, range),
    queryFn: fetchRange(range),
    placeholderData: keepPreviousData,
    select: (data: PostRangeResult): PostRangeResult => ({
      ...data,
      posts: data.posts.filter((p) => inRange(p.publishDate, range)),
    }),
    staleTime: 15_000,
  };
}

/** Posts of the visible range; the ranges before and after are prefetched so paging is instant. */
export function useVisiblePosts(brandId: string | null, view: CalendarView, date: Date, zone: string) {
  const client = useQueryClient();
  const range = useMemo(() => rangeInstants(visibleWallRange(view, date), zone), [view, date, zone]);
  const options = useMemo(() => visiblePostsQuery(brandId, range), [brandId, range]);
  const query = useQuery(options);
  // Neighbours only once the visible range is in: what the user looks at is fetched first.
  const loaded = query.isSuccess && !query.isPlaceholderData;
  useEffect(() => {
    if (!loaded) return;
    for (const direction of [-1, 1] as const) {
      const neighbour = rangeInstants(visibleWallRange(view, stepDate(view, date, direction)), zone);
      void client.prefetchQuery({
        queryKey: postsKey(brandId, neighbour),
        queryFn: fetchRange(neighbour),
        staleTime: 15_000,
      });
    }
  }, [client, brandId, view, date, zone, loaded]);
  return { range, query };
}

type RangeEntry = [readonly unknown[], PostRangeResult | undefined];

function cachedRanges(client: QueryClient, brandId: string | null): RangeEntry[] {
  return client
    .getQueriesData<PostRangeResult>({ queryKey: ALL_POSTS })
    .filter(([key]) => key[2] === brandId);
}

function rangeOfKey(key: readonly unknown[]): InstantRange | null {
  const range = key[1] as Partial<InstantRange> | undefined;
  return typeof range?.start === 'string' && typeof range.end === 'string'
    ? { start: range.start, end: range.end }
    : null;
}

/** Every post the calendar has in its cache for a brand, each once. */
export function knownPosts(client: QueryClient, brandId: string | null): CalendarPost[] {
  const byId = new Map<string, CalendarPost>();
  for (const [, data] of cachedRanges(client, brandId)) for (const p of data?.posts ?? []) byId.set(p.id, p);
  return [...byId.values()];
}

/**
 * Shows moves at once in every cached range: a post leaves the ranges it no longer falls in and
 * enters those it now does, marked pending until main's next answer says otherwise.
 */
export function applyMovesToCache(
  client: QueryClient,
  brandId: string | null,
  moves: readonly PostMove[],
): void {
  const known = new Map(knownPosts(client, brandId).map((p) => [p.id, p]));
  const moved = new Map<string, CalendarPost>();
  for (const m of moves) {
    const post = known.get(m.id);
    if (post) moved.set(m.id, { ...post, publishDate: m.to, pending: true });
  }
  for (const [key, data] of cachedRanges(client, brandId)) {
    const range = rangeOfKey(key);
    if (!data || !range) continue;
    const kept = data.posts.filter((p) => !moved.has(p.id));
    const entering = [...moved.values()].filter((p) => inRange(p.publishDate, range));
    if (kept.length === data.posts.length && entering.length === 0) continue;
    client.setQueryData<PostRangeResult>(key, { ...data, posts: [...kept, ...entering] });
  }
}

/** Takes a group's posts off every cached range at once; returns them so a failure can put them back. */
export function removeGroupFromCache(
  client: QueryClient,
  brandId: string | null,
  group: string,
): CalendarPost[] {
  const removed = knownPosts(client, brandId).filter((p) => p.group === group);
  for (const [key, data] of cachedRanges(client, brandId)) {
    if (!data || !data.posts.some((p) => p.group === group)) continue;
    client.setQueryData<PostRangeResult>(key, {
      ...data,
      posts: data.posts.filter((p) => p.group !== group),
    });
  }
  return removed;
}

/** Puts posts back in the cached ranges they fall in (after a failed delete). */
export function restorePostsToCache(
  client: QueryClient,
  brandId: string | null,
  posts: readonly CalendarPost[],
): void {
  for (const [key, data] of cachedRanges(client, brandId)) {
    const range = rangeOfKey(key);
    if (!data || !range) continue;
    const present = new Set(data.posts.map((p) => p.id));
    const back = posts.filter((p) => !present.has(p.id) && inRange(p.publishDate, range));
    if (back.length > 0)
      client.setQueryData<PostRangeResult>(key, { ...data, posts: [...data.posts, ...back] });
  }
}

import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BrandView, PostRangeResult, PostsNow } from '../../shared/ipc/models.js';
import { call } from '../lib/ipc.js';
import { knownPosts, type InstantRange } from '../lib/posts-in-cache.js';
import { ipcKey } from '../lib/use-ipc.js';
import type { PostMove } from './moves.js';
import { inRange, rangeInstants, visibleWallRange, type ViewName } from './range.js';
import { brandZone } from './time.js';

/*
 * Keys follow the shell's convention (renderer/lib/use-ipc.ts: method name, then input), so the
 * shell's refreshes on main's events (postsChanged, a profile or brand switch) reach the calendar.
 * Posts also carry the brand, so two brands' months never share a cache entry.
 */
export const brandsKey = ipcKey('listBrands', {});
export const postsKey = (brandId: string | null, range: InstantRange) =>
  ['listPosts', range, brandId] as const;
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

/**
 * Posts of the visible range. Main answers from its cache at once and pulls this range and its
 * neighbours itself, so paging needs no prefetch here; it says when a range changed.
 */
export function useVisiblePosts(
  brandId: string | null,
  view: ViewName,
  date: Date,
  zone: string,
  brandKnown: boolean,
) {
  const range = useMemo(() => rangeInstants(visibleWallRange(view, date), zone), [view, date, zone]);
  const options = useMemo(() => visiblePostsQuery(brandId, range), [brandId, range]);
  // Asked once the brand (and its zone) is known, so the first answer is the one drawn.
  const query = useQuery({ ...options, enabled: brandKnown });
  return { range, query };
}

/** How moves look before main answers: the posts at their new times, marked pending. */
export function movedPosts(
  client: QueryClient,
  brandId: string | null,
  moves: readonly PostMove[],
): PostsNow {
  const known = new Map(knownPosts(client, brandId).map((p) => [p.id, p]));
  const posts = moves.flatMap((m) => {
    const post = known.get(m.id);
    return post ? [{ ...post, publishDate: m.to, pending: true }] : [];
  });
  return { posts, hidden: [] };
}

/** The posts as the calendar shows them now, to put back if main refuses a change. */
export function postsAsShown(client: QueryClient, brandId: string | null, ids: readonly string[]): PostsNow {
  const known = new Map(knownPosts(client, brandId).map((p) => [p.id, p]));
  return { posts: ids.flatMap((id) => known.get(id) ?? []), hidden: [] };
}

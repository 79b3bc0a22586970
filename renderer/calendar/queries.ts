import {
  keepPreviousData,
  replaceEqualDeep,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { startOfDay } from 'date-fns';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ALL_BRANDS, type BrandScope, type BrandView } from '../../shared/brands/ipc.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { CalendarPost, PostRangeResult, PostsNow, PostsWritten } from '../../shared/posts/ipc.js';
import { refusalOf } from '../../shared/bulk/plan.js';
import { fromPostChips } from '../../shared/posts/chip-columns.js';
import { CHIP_TEXT_CHARS, WIDE_CHIP_TEXT_CHARS } from '../../shared/posts/chips.js';
import { call } from '../ipc/ipc.js';
import {
  ALL_POSTS,
  applyPostsNow,
  applyWritten,
  knownPosts,
  type InstantRange,
} from '../ipc/posts-in-cache.js';
import { ipcKey } from '../ipc/use-ipc.js';
import type { MoveOrigin, PostMove } from './moves.js';
import { postsInRange, rangeInstants, visibleWallRange, type ViewName } from './range.js';
import { useCalendarStore } from './store.js';
import { brandZone, instantToWall, parseWallDateKey } from './time.js';

/*
 * Keys follow the shell's convention (renderer/ipc/use-ipc.ts: method name, then input), so the
 * shell's refreshes on main's events (postsChanged, a profile or brand switch) reach the calendar.
 * Posts also carry the brand, so two brands' months never share a cache entry.
 */
export const brandsKey = ipcKey('listBrands', {});
export const brandScopeKey = ipcKey('getBrandScope', {});
export const postsKey = (brandId: string | null, range: InstantRange) =>
  ['listPosts', range, brandId] as const;
export const integrationsKey = ipcKey('listIntegrations', {});
export const postKey = (id: string) => ipcKey('getPost', { id });

/** The brand the calendar shows: the active one, else the first. */
function activeBrand(brands: readonly BrandView[] | undefined): BrandView | null {
  return brands?.find((b) => b.active) ?? brands?.[0] ?? null;
}

/** The active brand and the zone every time on the calendar is shown in. */
export function useBrandZone(): { brand: BrandView | null; zone: string; loading: boolean } {
  const brands = useQuery({ queryKey: brandsKey, queryFn: () => call('listBrands', {}) });
  const brand = activeBrand(brands.data);
  return { brand, zone: brandZone(brand?.timezone), loading: brands.isPending };
}

/** The all-brands view as the calendar draws it: one "brand" whose zone is the display zone. */
function allBrandsView(scope: BrandScope): BrandView {
  return { id: ALL_BRANDS, name: 'All brands', timezone: scope.displayZone, active: true };
}

/**
 * The brand the calendar shows and its zone: the active brand, or in the all-brands view every
 * brand (its id ALL_BRANDS, its zone the display zone) with the scope listing each brand.
 */
export function useCalendarBrand(): {
  brand: BrandView | null;
  zone: string;
  loading: boolean;
  scope: BrandScope | null;
} {
  const active = useBrandZone();
  const scope = useQuery({ queryKey: brandScopeKey, queryFn: () => call('getBrandScope', {}) });
  if (scope.data?.all) {
    const brand = allBrandsView(scope.data);
    return { brand, zone: brandZone(brand.timezone), loading: active.loading, scope: scope.data };
  }
  return { ...active, loading: active.loading || scope.isPending, scope: scope.data ?? null };
}

// The lean answer (shared/posts/chips.ts): what the chips show; an opened post is read whole.
const fetchRange = (range: InstantRange, view: ViewName) => () =>
  call('listPostChips', { ...range, chars: chipChars(view) }).then(fromPostChips);

/**
 * How much of each first line a view's chips get: the month's answer is the big one (six weeks of
 * every brand), and its chips show a few words; a week, a day or the agenda holds far fewer posts,
 * and there a chip with its row to itself shows more of its line.
 */
const chipChars = (view: ViewName) => (view === 'month' ? CHIP_TEXT_CHARS : WIDE_CHIP_TEXT_CHARS);
const POSTS_STALE_MS = 15_000;

/** The date the calendar opens on: the one the user picked, else today in the brand zone. */
export function openingDate(dateKey: string | null, openedAt: number, zone: string): Date {
  return (dateKey ? parseWallDateKey(dateKey) : null) ?? startOfDay(instantToWall(openedAt, zone));
}

/**
 * Cold start: asks main for the range the calendar opens on the moment the brands arrive, from the
 * shell, while the calendar's code still loads and before React draws anything with them. It was
 * asked only after the calendar had drawn (and measured) its first, empty month: one step after
 * another. The key is the one CalendarScreen's query uses, so it finds the answer or the request
 * in flight. Errors are left to the calendar's own queries, which show them.
 */
export function prefetchOpeningRange(client: QueryClient): void {
  Promise.all([
    client.ensureQueryData({ queryKey: brandsKey, queryFn: () => call('listBrands', {}) }),
    // Unknown scope (an older main, a failed read): the active brand's key, as before.
    client
      .ensureQueryData({ queryKey: brandScopeKey, queryFn: () => call('getBrandScope', {}) })
      .catch(() => null),
  ])
    .then(([brands, scope]) => {
      // The all-brands view's key, when that is what the calendar opens on.
      const brand = scope?.all ? allBrandsView(scope) : activeBrand(brands);
      const zone = brandZone(brand?.timezone);
      const { view, dateKey } = useCalendarStore.getState();
      const range = rangeInstants(visibleWallRange(view, openingDate(dateKey, Date.now(), zone)), zone);
      return client.prefetchQuery({
        queryKey: postsKey(brand?.id ?? null, range),
        queryFn: fetchRange(range, view),
        staleTime: POSTS_STALE_MS,
      });
    })
    .catch(() => undefined);
}

/**
 * Cold start, from the renderer's first line: asks main for the saved connections and, with an
 * active one, for the range the calendar opens on, while the window still waits for the OS's clock
 * setting and React has drawn nothing. The month was asked only after that wait, a first render,
 * the connections' answer and the shell's render: three round trips to main instead of one. The
 * keys are the shell's and the calendar's own, so they find these answers or requests in flight.
 */
export function prefetchAtStart(client: QueryClient): void {
  client
    .ensureQueryData({ queryKey: ipcKey('listProfiles', {}), queryFn: () => call('listProfiles', {}) })
    .then((profiles) => {
      if (profiles.some((p) => p.active)) prefetchOpeningRange(client);
    })
    .catch(() => undefined);
}

/** Starts `prefetchOpeningRange` once, when the shell first shows the calendar. */
export function usePrefetchOpeningRange(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (enabled) prefetchOpeningRange(client);
  }, [enabled, client]);
}

/**
 * The query of a visible range. While a new range loads, the previous answer stands in (no blank
 * flash), cut to the posts of the visible range, so the grid never lays out more than it shows.
 * Through `select`, the answer that then arrives is structurally shared with what is shown: posts
 * it brings back unchanged keep their objects, an unchanged list keeps its array, and the calendar
 * does not draw the same week a second time (it did, in full, after every switch of view or page).
 */
export function visiblePostsQuery(brandId: string | null, range: InstantRange, view: ViewName = 'month') {
  return {
    queryKey: postsKey(brandId, range),
    queryFn: fetchRange(range, view),
    placeholderData: keepPreviousData,
    select: (data: PostRangeResult): PostRangeResult => ({
      ...data,
      posts: postsInRange(data.posts, range),
    }),
    structuralSharing: shareRange,
    staleTime: POSTS_STALE_MS,
  };
}

const postCount = (v: unknown): number | null => {
  const posts = typeof v === 'object' && v !== null ? (v as { posts?: unknown }).posts : undefined;
  return Array.isArray(posts) ? posts.length : null;
};

/**
 * TanStack's structural sharing, except between two answers of different lengths: they cannot be
 * equal, and its pairing of posts by their place in the list keeps little after the first
 * difference while it copies as it compares. A month of 20,000 posts cut to its week (the
 * placeholder of a switch to the week) spent ~30 ms there in the all-brands view
 * (bench/brands-month, BENCH_PROFILE_STEPS=1).
 */
export function shareRange(old: unknown, next: unknown): unknown {
  const before = postCount(old);
  const after = postCount(next);
  if (before !== null && after !== null && before !== after) return next;
  return replaceEqualDeep(old, next);
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
  const options = useMemo(() => visiblePostsQuery(brandId, range, view), [brandId, range, view]);
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

/** The brand's accounts, for the filters and the cells' names. */
export function useIntegrations() {
  return useQuery({ queryKey: integrationsKey, queryFn: () => call('listIntegrations', {}) });
}

/**
 * The opened post and its group, whole: the month's answer keeps only the start of each text, so
 * those cut are read from main (its cache, at once) and written over the calendar's copies.
 */
export function useWholePosts(brandId: string | null, posts: readonly CalendarPost[]): void {
  const client = useQueryClient();
  const cut = posts.filter((p) => p.textCut);
  const ids = cut.map((p) => p.id).join(' ');
  const [profileId, postBrandId] = [cut[0]?.profileId, cut[0]?.brandId];
  useEffect(() => {
    if (ids === '') return;
    let live = true;
    const brand = profileId && postBrandId ? { brand: { profileId, brandId: postBrandId } } : {};
    call('showPosts', { ids: ids.split(' '), ...brand })
      .then((now) => {
        if (live) writeWhole(client, brandId, now);
      })
      // The chip's start of the text stays; the details panel reads the post from the service too.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, brandId, ids, profileId, postBrandId]);
}

/**
 * Main's whole copies of posts the calendar holds cut, written over them in place: same ids, same
 * times, so no range is sorted again (applyPostsNow sorts each range it touches, ~20,000 posts in
 * the all-brands month). Anything else (a post moved or gone meanwhile) goes through applyPostsNow.
 */
function writeWhole(client: QueryClient, brandId: string | null, now: PostsNow): void {
  const whole = new Map(now.posts.map((p) => [p.id, p]));
  const held = new Map(knownPosts(client, brandId).map((p) => [p.id, p]));
  const inPlace =
    now.hidden.length === 0 && now.posts.every((p) => held.get(p.id)?.publishDate === p.publishDate);
  if (!inPlace) return applyPostsNow(client, brandId, now);
  for (const [key, data] of client.getQueriesData<PostRangeResult>({ queryKey: ALL_POSTS })) {
    if (!data || (key[2] !== brandId && key[2] !== ALL_BRANDS)) continue;
    if (!data.posts.some((p) => whole.has(p.id))) continue;
    client.setQueryData<PostRangeResult>(key, {
      ...data,
      posts: data.posts.map((p) => whole.get(p.id) ?? p),
    });
  }
}

/** How long the pointer rests on a chip before its whole text is read (a tooltip shows after ~0.5 s). */
const HOVER_READ_MS = 250;
/**
 * After a press on a post ends (a drop, a click), a chip that comes under the still pointer (the
 * moved one, or a neighbour where it landed) is not read until the pointer moves: the user looks at
 * the result, and a drag stays one call. Moving onto a chip afterwards reads it as usual.
 */
let pressOnPost = false;
let pressEnd: { x: number; y: number } | null = null;
let pointer: { x: number; y: number } | null = null;
if (typeof window !== 'undefined') {
  const opts = { capture: true, passive: true } as const;
  window.addEventListener(
    'pointerdown',
    (e) => (pressOnPost = e.target instanceof Element && e.target.closest('[data-post-box]') !== null),
    opts,
  );
  window.addEventListener(
    'pointerup',
    (e) => {
      pressEnd = pressOnPost ? { x: e.clientX, y: e.clientY } : null;
      pressOnPost = false;
    },
    opts,
  );
  window.addEventListener('pointermove', (e) => (pointer = { x: e.clientX, y: e.clientY }), opts);
}
const stillSincePress = () =>
  pressEnd !== null && pointer !== null && pressEnd.x === pointer.x && pressEnd.y === pointer.y;

/**
 * For chips whose text is cut: once the pointer rests on one, its post is read whole and written
 * over the calendar's copy, so the tooltip (drawn from the post) says the whole first line. Called
 * with null when the pointer leaves or presses (a drag wants no tooltip, and stays one call).
 */
export function useReadWholeOnHover(brandId: string | null): (post: CalendarPost | null) => void {
  const client = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback(
    (post: CalendarPost | null) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (!post) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        if (stillSincePress()) return;
        call('showPosts', { ids: [post.id], ...brandOfPost(post) })
          .then((now) => writeWhole(client, brandId, now))
          .catch(() => undefined);
      }, HOVER_READ_MS);
    },
    [client, brandId],
  );
}

/** Everything the service says about one post (GET /posts/:id), for its details. */
export function usePostDetail(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: postKey(postId),
    queryFn: () => call('getPost', { id: postId }),
    retry: 1,
    enabled,
  });
}

/** Opens a published post's page in the browser (main opens http and https links only). */
export function openExternalLink(url: string): Promise<unknown> {
  return call('openExternal', { url });
}

/** One account's queue slots (the calendar's free-slot marks), read afresh each time it opens. */
export function queueSlotsQuery(integrationId: string, enabled: boolean) {
  return {
    queryKey: ipcKey('getQueueSlots', { integrationId }),
    queryFn: () => call('getQueueSlots', { integrationId }),
    enabled,
    staleTime: 0,
  };
}

/**
 * The zone the calendar shows: a brand's own, or the all-brands view's display zone. Shown at
 * once; main confirms it, and a refusal puts the brand list back as main has it.
 */
export function useSetZone(allBrands: boolean, brandId: string | null, onError: (e: Error) => void) {
  const client = useQueryClient();
  return useMutation({
    // The all-brands view has its own display zone; each brand keeps its own.
    mutationFn: async (timezone: string | null): Promise<void> => {
      if (allBrands) await call('setDisplayZone', { timezone });
      else await call('setBrandTimezone', { brandId: brandId ?? '', timezone });
    },
    onMutate: (timezone) => {
      if (allBrands) {
        client.setQueryData<BrandScope>(brandScopeKey, (s) => (s ? { ...s, displayZone: timezone } : s));
        return;
      }
      client.setQueryData<BrandView[]>(brandsKey, (brands) =>
        brands?.map((b) => (b.id === brandId ? { ...b, timezone } : b)),
      );
    },
    // Queue slots are written in the brand zone: their instants move with it.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: brandsKey }),
        client.invalidateQueries({ queryKey: brandScopeKey }),
        client.invalidateQueries({ queryKey: ['getQueueSlots'] }),
      ]),
    onError,
  });
}

/** The brand posts belong to, as a write names it; nothing when the posts do not say. */
function brandOfPost(post: CalendarPost | undefined): { brand?: BrandRef } {
  return post?.profileId && post.brandId
    ? { brand: { profileId: post.profileId, brandId: post.brandId } }
    : {};
}

/**
 * One optimistic write in TanStack Query's own shape: `onMutate` saves how the posts show and
 * writes the guess, `onError` puts the saved posts back, and main's answer (the posts as it now
 * shows them) replaces the guess. A refusal that comes later, from the service, arrives from main
 * as a change event and an `outboxFailed` notice, whichever screen is open.
 */
function useCalendarWrite<V, R extends PostsWritten>(
  brandId: string | null,
  write: (vars: V) => Promise<R>,
  guess: (vars: V) => PostsNow,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onMutate: async (vars: V) => {
      await client.cancelQueries({ queryKey: ALL_POSTS });
      const next = guess(vars);
      const ids = [...next.hidden, ...next.posts.map((p) => p.id)];
      const saved = postsAsShown(client, brandId, ids);
      applyPostsNow(client, brandId, next);
      return { saved };
    },
    onError: (_error, _vars, context) => {
      if (context) applyPostsNow(client, brandId, context.saved);
    },
    onSuccess: (result) => applyWritten(client, brandId, result),
  });
}

/**
 * Moves posts (one dragged post, or every post of its group) as ONE change in main: one call, one
 * batch, all or nothing, which Ctrl/Cmd+Z or the notice's Undo takes back. Each move names its
 * post's own brand (the all-brands view mixes them), so main sends it with that connection's key
 * and that brand's x-brand-id. A refusal of any part throws with main's reason: nothing moved.
 */
export function useMovePosts(brandId: string | null) {
  const client = useQueryClient();
  return useCalendarWrite(
    brandId,
    async ({ moves, how }: { moves: readonly PostMove[]; how: MoveOrigin | undefined }) => {
      const known = new Map(knownPosts(client, brandId).map((p) => [p.id, p]));
      const result = await call('applyBulkChange', {
        moves: moves.map((m) => ({ id: m.id, from: m.from, to: m.to, ...brandOfPost(known.get(m.id)) })),
        deleteGroups: [],
        // Said in the post's history: "by dragging", "with the keyboard".
        ...(how ? { origin: how } : {}),
      });
      if (result.refused.length > 0) {
        const titles = new Map(moves.map((m) => [m.id, m.title]));
        throw new Error(refusalOf(result.refused, moves.length > 1 ? (id) => titles.get(id) : undefined));
      }
      return result;
    },
    ({ moves }) => movedPosts(client, brandId, moves),
  );
}

/** Deletes a post's whole group (every account's copy), under the posts' own brand. */
export function useDeleteGroup(brandId: string | null) {
  const client = useQueryClient();
  const inGroup = (group: string) => knownPosts(client, brandId).filter((p) => p.group === group);
  return useCalendarWrite(
    brandId,
    (group: string) => call('deleteGroup', { group, ...brandOfPost(inGroup(group)[0]) }),
    (group) => ({ posts: [], hidden: inGroup(group).map((p) => p.id) }),
  );
}

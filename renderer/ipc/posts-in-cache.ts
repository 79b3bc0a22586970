import type { QueryClient } from '@tanstack/react-query';
import { ALL_BRANDS, type BrandView } from '../../shared/brands/ipc.js';
import type { CalendarPost, PostRangeResult, PostsNow, PostsWritten } from '../../shared/posts/ipc.js';
import type { SyncStatus } from '../../shared/outbox/ipc.js';

/*
 * The window's copies of main's posts: every listPosts answer cached by TanStack Query, keyed
 * ['listPosts', range, brandId]. Main's write answers and change events are written over them
 * here, so the shell can apply them without loading the calendar's code.
 */

/** Instants of a fetched range, as listPosts takes them. */
export interface InstantRange {
  start: string;
  end: string;
}

/** Every cached range of posts, whatever the brand. */
export const ALL_POSTS = ['listPosts'] as const;

const inRange = (instant: string, range: InstantRange) => {
  const t = Date.parse(instant);
  return t >= Date.parse(range.start) && t <= Date.parse(range.end);
};

type RangeEntry = [readonly unknown[], PostRangeResult | undefined];

/**
 * The cached ranges of a brand; with `orAllBrands`, also those of the all-brands view (a change of
 * one brand's posts shows there too; post ids are the service's, one per post whatever the brand).
 */
function cachedRanges(client: QueryClient, brandId: string | null, orAllBrands = false): RangeEntry[] {
  return client
    .getQueriesData<PostRangeResult>({ queryKey: ALL_POSTS })
    .filter(([key]) => key[2] === brandId || (orAllBrands && key[2] === ALL_BRANDS));
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
 * Writes posts as main now shows them over every cached range of a brand: each post leaves the
 * ranges it no longer falls in and enters those it now does; `hidden` ids leave every range. Main's
 * answers to writes and its change events come in this shape, and so does an optimistic guess.
 */
export function applyPostsNow(client: QueryClient, brandId: string | null, update: PostsNow): void {
  const gone = new Set([...update.hidden, ...update.posts.map((p) => p.id)]);
  for (const [key, data] of cachedRanges(client, brandId, true)) {
    const range = rangeOfKey(key);
    if (!data || !range) continue;
    const kept = data.posts.filter((p) => !gone.has(p.id));
    const entering = update.posts.filter((p) => inRange(p.publishDate, range));
    if (kept.length === data.posts.length && entering.length === 0) continue;
    const posts = [...kept, ...entering].sort(
      (a, b) => Date.parse(a.publishDate) - Date.parse(b.publishDate) || a.id.localeCompare(b.id),
    );
    client.setQueryData<PostRangeResult>(key, { ...data, posts });
  }
}

/**
 * Main's sync status over the cached one. The Outbox panel's list and the drafts (a draft leaves
 * when its post is queued or sent) are read from the outbox, so they are read again where shown.
 */
export function applyStatus(client: QueryClient, status: SyncStatus): void {
  client.setQueryData(['getSyncStatus', {}], status);
  void client.invalidateQueries({ queryKey: ['listOutbox'] });
  void client.invalidateQueries({ queryKey: ['listDrafts'] });
}

/**
 * Applies what every write answers (and what main's change event of a write carries): the posts
 * as main now shows them, and the sync status. The one way the window takes in a write of posts.
 */
export function applyWritten(client: QueryClient, brandId: string | null, written: PostsWritten): void {
  applyPostsNow(client, brandId, written);
  applyStatus(client, written.status);
  // Every write is in the activity log too: a history on screen is read again (renderer/activity).
  void client.invalidateQueries({ queryKey: ['listPostActivity'] });
  void client.invalidateQueries({ queryKey: ['listBrandActivity'] });
}

/** The brand the window shows, as the cached brands say (the first one until one is marked active). */
export function shownBrandId(client: QueryClient): string | null {
  if (client.getQueryData<{ all: boolean }>(['getBrandScope', {}])?.all) return ALL_BRANDS;
  const brands = client.getQueryData<BrandView[]>(['listBrands', {}]);
  return (brands?.find((b) => b.active) ?? brands?.[0])?.id ?? null;
}

/** Whether a cached range of posts overlaps a range main says changed. */
export function overlaps(key: readonly unknown[], changed: InstantRange): boolean {
  const range = rangeOfKey(key);
  return (
    range !== null &&
    Date.parse(range.start) < Date.parse(changed.end) &&
    Date.parse(changed.start) < Date.parse(range.end)
  );
}

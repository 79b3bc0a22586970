import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toClashPost } from '../../shared/bulk/plan.js';
import {
  DEFAULT_CLASH_GAP_MINUTES,
  findClashes,
  type ClashPost,
  type ClashWarning,
} from '../../shared/clash/clashes.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { CalendarPost, PostRangeResult } from '../../shared/posts/ipc.js';
import { formatDateTime } from '../calendar/format.js';
import { postsKey, useBrandZone } from '../calendar/queries.js';
import { call } from '../ipc/ipc.js';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';

/*
 * The clash rules of shared/clash applied where a post is about to land: the
 * composer before sending, a drop in the calendar, the import preview. Warnings only: nothing is
 * ever blocked by them.
 */

const DAY = 86_400_000;

/** The active brand's gap between two posts of one account (its default until main answers). */
export function useClashGap(): number {
  return useIpcQuery('getClashSettings', {}).data?.gapMinutes ?? DEFAULT_CLASH_GAP_MINUTES;
}

/** The brand's posts from 8 days before `firstMs` to 8 days after `lastMs` (clashes look 7 days either way). */
export function usePostsAround(firstMs: number | null, lastMs: number | null) {
  // To the hour, so typing a minute does not read the range again.
  const start =
    firstMs === null ? null : new Date(Math.floor((firstMs - 8 * DAY) / 3_600_000) * 3_600_000).toISOString();
  const end =
    lastMs === null ? null : new Date(Math.ceil((lastMs + 8 * DAY) / 3_600_000) * 3_600_000).toISOString();
  // The calendar's own cache of posts (one key per range and brand), so main's answers and change
  // events reach these posts too: no second copy that a write could leave stale.
  const { brand } = useBrandZone();
  const range = { start: start ?? '', end: end ?? '' };
  return useQuery({
    queryKey: postsKey(brand?.id ?? null, range),
    queryFn: () => call('listPosts', range),
    select: (data: PostRangeResult) => data.posts,
    enabled: start !== null && end !== null,
    staleTime: 30_000,
  });
}

/** The warnings for `candidates` among `existing`, with times in the brand zone. */
export function clashWarnings(
  candidates: readonly ClashPost[],
  existing: readonly CalendarPost[],
  gapMinutes: number,
  zone: string,
  leaveOut: (p: CalendarPost) => boolean = () => false,
  /** A candidate's own brand's gap (the all-brands view), else `gapMinutes`. */
  gapFor?: (c: ClashPost) => number,
): ClashWarning[] {
  return findClashes(
    candidates,
    existing.filter((p) => !leaveOut(p)).map((p) => toClashPost(p)),
    {
      gapMinutes,
      ...(gapFor ? { gapFor } : {}),
      formatTime: (ms) => formatDateTime(new Date(ms), zone),
    },
  );
}

/**
 * Each shown brand's gap (the all-brands view; `brands` absent: none), keyed as ClashPost.brandKey.
 * One read per brand, shared with the bulk plan's.
 */
function useBrandGaps(brands: readonly BrandRef[] | undefined): ReadonlyMap<string, number> {
  const combine = useCallback(
    (results: UseQueryResult<{ gapMinutes: number }>[]) => {
      const gaps = new Map<string, number>();
      results.forEach((r, i) => {
        const b = brands?.[i];
        if (b && r.data) gaps.set(`${b.profileId}\u0000${b.brandId}`, r.data.gapMinutes);
      });
      return gaps;
    },
    [brands],
  );
  return useQueries({
    queries: (brands ?? []).map(({ profileId, brandId }) => {
      const brand = { profileId, brandId };
      return {
        queryKey: ipcKey('getClashSettings', { brand }),
        queryFn: () => call('getClashSettings', { brand }),
      };
    }),
    combine,
  });
}

/**
 * After a post is dropped or moved in the calendar: the clash warnings of where it landed, as one
 * sentence for a notice, or null when it is clear. `known` are the posts the calendar holds. In
 * the all-brands view (`brands` given) each post's own brand's gap applies.
 */
export function useMoveClashCheck(zone: string, brands?: readonly BrandRef[]) {
  const gap = useClashGap();
  const gaps = useBrandGaps(brands);
  return useCallback(
    (moves: readonly { id: string; to: string }[], known: readonly CalendarPost[]): string | null => {
      const byId = new Map(known.map((p) => [p.id, p]));
      const candidates = moves.flatMap((m) => {
        const p = byId.get(m.id);
        return p ? [toClashPost(p, Date.parse(m.to))] : [];
      });
      const gapFor = (c: ClashPost) => (c.brandKey !== undefined ? gaps.get(c.brandKey) : undefined) ?? gap;
      const warnings = clashWarnings(candidates, known, gap, zone, undefined, gapFor);
      if (warnings.length === 0) return null;
      const more = warnings.length > 1 ? ` (and ${warnings.length - 1} more)` : '';
      return `Heads-up: ${warnings[0]!.message}${more}`;
    },
    [gap, gaps, zone],
  );
}

/** Sets how close two posts to one account may be before they clash. */
export function setClashSettings(
  input: IpcInput<'setClashSettings'>,
): Promise<IpcOutput<'setClashSettings'>> {
  return call('setClashSettings', input);
}

import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';
import { useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';

/*
 * The activity log's reads. A write answered to this window reads a shown history again
 * (renderer/ipc/posts-in-cache.ts); what main does on its own (the outbox's answers, evergreen, an
 * import) arrives as postsChanged or syncStatus, and reads it again here.
 */

/** Reads the activity queries again whenever main says posts or the outbox changed. */
function useFreshOnChanges(): void {
  const client = useQueryClient();
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['listPostActivity'] });
    void client.invalidateQueries({ queryKey: ['listBrandActivity'] });
  }, [client]);
  useIpcEvent('postsChanged', refresh);
  useIpcEvent('syncStatus', refresh);
}

/** A post group's history, oldest first (the post's own brand in the all-brands view). */
export function usePostActivity(postId: string, brand: BrandRef | undefined) {
  useFreshOnChanges();
  return useIpcQuery('listPostActivity', { postId, ...(brand ? { brand } : {}) });
}

/** The brand's log, newest first, searched; `more` reads the next page. */
export function useBrandActivity(query: string, brand?: BrandRef) {
  useFreshOnChanges();
  const [pages, setPages] = useState(1);
  const q = useIpcQuery('listBrandActivity', {
    ...(query.trim() ? { query: query.trim() } : {}),
    limit: 50 * pages,
    ...(brand ? { brand } : {}),
  });
  return { ...q, more: () => setPages((p) => p + 1) };
}

/** Saves the brand's log (or what the search finds) as CSV where the user chooses. */
export function exportActivity(query: string): Promise<IpcOutput<'exportActivity'>> {
  return call('exportActivity', query.trim() ? { query: query.trim() } : {});
}

export function useActivityRetention() {
  return useIpcQuery('getActivityRetention', {});
}

export function setActivityRetention(days: number | null): Promise<IpcOutput<'setActivityRetention'>> {
  return call('setActivityRetention', { days });
}

/** The active brand's zone, for the times the log writes (the machine's when no brand has one). */
export function useActiveZone(): string {
  const brands = useIpcQuery('listBrands', {});
  return brands.data?.find((b) => b.active)?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

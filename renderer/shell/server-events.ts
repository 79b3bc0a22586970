import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type { IpcEventPayload } from '../../shared/ipc/contract.js';
import { ALL_BRANDS } from '../../shared/brands/ipc.js';
import type { OutboxItemView } from '../../shared/outbox/ipc.js';
import { useNotices } from '../ui/notice-store.js';
import { applyPostsNow, applyStatus, overlaps } from '../ipc/posts-in-cache.js';
import { readableInstants } from '../ui/readable-instants.js';
import { ipcKey, useIpcEvent } from '../ipc/use-ipc.js';
import { useUi } from '../ui/ui-store.js';
import { syncNow } from './queries.js';
import { useAnalyticsEvents } from '../analytics/queries.js';

/**
 * How long the all-brands view waits after one brand's change for the others' before reading its
 * range again. A pull of ten brands announces each brand (and each slice it writes) on its own;
 * read again at every one, main rebuilt every brand's week ten times a round, and a drag's answer
 * waited behind those rebuilds.
 */
const ALL_BRANDS_GATHER_MS = 300;

/** Reads the all-brands ranges marked stale once, after the gathering wait, when no read of them is on its way. */
export function readAllBrandsOnce(
  client: QueryClient,
  gathering: { current: ReturnType<typeof setTimeout> | null },
): void {
  if (gathering.current) return;
  gathering.current = setTimeout(() => {
    gathering.current = null;
    const allBrands = { queryKey: ['listPosts'], predicate: (q: Query) => q.queryKey[2] === ALL_BRANDS };
    // A read already on its way may have started before the last change: wait for it, then read again.
    if (client.isFetching(allBrands) > 0) return readAllBrandsOnce(client, gathering);
    // Shown ones, stale or not: a read that ended meanwhile left them fresh, but from before the change.
    void client.refetchQueries({ ...allBrands, type: 'active' }, { cancelRefetch: false });
  }, ALL_BRANDS_GATHER_MS);
}

/** Focus brings a pull of what is on screen, at most this often. */
const FOCUS_PULL_MS = 30_000;

/** What became of a refused operation, in the words of what the user sees now. */
const AFTERMATH: Record<OutboxItemView['kind'], string> = {
  reschedule: 'It was put back; the Outbox keeps it to retry or discard.',
  deleteGroup: 'It is shown again; the Outbox keeps it to retry or discard.',
  create: 'It waits in the Outbox to retry, edit or discard.',
  edit: 'It waits in the Outbox to retry or discard.',
  upload: 'It waits in the Outbox to retry or discard.',
};

function refusalMessage(item: OutboxItemView, zone: string | null): string {
  const reason = (item.lastError ?? 'the service refused it').replace(/[.\s]+$/, '');
  return `${readableInstants(item.summary, zone)} did not go through: ${reason}. ${AFTERMATH[item.kind]}`;
}

/**
 * Keeps cached server state in step with what main announces. Mounted once, by the App. Main's
 * answer is the truth: changes it describes are written as they are, ranges it says changed are
 * read again, and nothing here polls.
 */
export function useServerEvents(): void {
  const client = useQueryClient();
  const toast = useNotices((s) => s.show);
  const dismissAbout = useNotices((s) => s.dismissAbout);

  const onSyncStatus = useCallback(
    (status: IpcEventPayload<'syncStatus'>) => applyStatus(client, status),
    [client],
  );
  const gathering = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (gathering.current) clearTimeout(gathering.current);
    },
    [],
  );
  const readAllBrandsSoon = useCallback(() => readAllBrandsOnce(client, gathering), [client]);
  const onPostsChanged = useCallback(
    ({ brandId, range, update, status }: IpcEventPayload<'postsChanged'>) => {
      // A write main made on its own (evergreen, an import) comes with the status, as an answer does.
      if (status) applyStatus(client, status);
      if (update) {
        applyPostsNow(client, brandId, update);
        return;
      }
      const touched = (q: Query) => range === null || overlaps(q.queryKey, range);
      void client.invalidateQueries({
        queryKey: ['listPosts'],
        predicate: (q) => q.queryKey[2] === brandId && touched(q),
      });
      // A brand's change shows in the all-brands view too: marked stale now, read once the other
      // brands' changes of the same round are in.
      void client.invalidateQueries({
        queryKey: ['listPosts'],
        predicate: (q) => q.queryKey[2] === ALL_BRANDS && touched(q),
        refetchType: 'none',
      });
      if (brandId !== ALL_BRANDS) readAllBrandsSoon();
      // A pull also teaches main the accounts its posts name.
      void client.invalidateQueries({ queryKey: ['listIntegrations'] });
    },
    [client, readAllBrandsSoon],
  );
  const onOutboxFailed = useCallback(
    (item: IpcEventPayload<'outboxFailed'>) => {
      const brands = client.getQueryData<{ active: boolean; timezone: string | null }[]>(
        ipcKey('listBrands', {}),
      );
      // The move it refuses was announced as done, with Undo: that notice no longer holds.
      if (item.postId) dismissAbout(item.postId);
      toast({
        tone: 'error',
        message: refusalMessage(item, brands?.find((b) => b.active)?.timezone ?? null),
      });
    },
    [client, toast, dismissAbout],
  );
  // Another profile means every cached answer belongs to another account. While this window is
  // connecting, the connect flow refreshes once it has decided what to show next.
  const onProfileChanged = useCallback(() => {
    if (!useUi.getState().connecting) void client.invalidateQueries();
  }, [client]);

  useIpcEvent('syncStatus', onSyncStatus);
  useIpcEvent('postsChanged', onPostsChanged);
  useIpcEvent('outboxFailed', onOutboxFailed);
  useIpcEvent('profileChanged', onProfileChanged);
  const onBrandScope = useCallback(
    (scope: IpcEventPayload<'brandScopeChanged'>) => client.setQueryData(ipcKey('getBrandScope', {}), scope),
    [client],
  );
  useIpcEvent('brandScopeChanged', onBrandScope);
  // A confirmed post carried its labels, notes and category to the service's group: read them again.
  const onLabelsChanged = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['listLabels'] });
    void client.invalidateQueries({ queryKey: ['listCategories'] });
  }, [client]);
  useIpcEvent('labelsChanged', onLabelsChanged);
  useAnalyticsEvents();

  // Coming back to the window pulls what is on screen; main announces it only if something changed.
  useEffect(() => {
    let last = 0;
    const onFocus = () => {
      if (Date.now() - last < FOCUS_PULL_MS) return;
      last = Date.now();
      void syncNow({})
        .then((status) => client.setQueryData(ipcKey('getSyncStatus', {}), status))
        .catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [client]);
}

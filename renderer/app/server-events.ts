import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { IpcEventPayload } from '../../shared/ipc/contract.js';
import { ipcKey, useIpcEvent } from '../lib/use-ipc.js';
import { useUi } from './ui-store.js';

/** How long after a read of posts a postsChanged is taken as that read's own echo. */
const POSTS_ECHO_MS = 2_000;

/** Keeps cached server state in step with what main announces. Mounted once, by the App. */
export function useServerEvents(): void {
  const client = useQueryClient();

  const onSyncStatus = useCallback(
    (status: IpcEventPayload<'syncStatus'>) => client.setQueryData(ipcKey('getSyncStatus', {}), status),
    [client],
  );
  // A queued change moved (sent, confirmed, failed): the posts it concerns show a new state.
  const onOutboxChanged = useCallback(() => {
    for (const name of ['listOutbox', 'getSyncStatus', 'listPosts'])
      void client.invalidateQueries({ queryKey: [name] });
  }, [client]);
  // Main announces every pull, including the pulls this window's own reads cause (and the
  // neighbouring ranges it prefetches with them). Refetching on those echoes would read again
  // forever, so only news arriving while no read is under way or just done is taken.
  const onPostsChanged = useCallback(() => {
    const reads = client.getQueryCache().findAll({ queryKey: ['listPosts'] });
    const lastRead = Math.max(0, ...reads.map((q) => q.state.dataUpdatedAt));
    if (client.isFetching({ queryKey: ['listPosts'] }) > 0 || Date.now() - lastRead < POSTS_ECHO_MS) return;
    void client.invalidateQueries({ queryKey: ['listPosts'] });
  }, [client]);
  // Another profile means every cached answer belongs to another account. While this window is
  // connecting, the connect flow refreshes once it has decided what to show next.
  const onProfileChanged = useCallback(() => {
    if (!useUi.getState().connecting) void client.invalidateQueries();
  }, [client]);

  useIpcEvent('syncStatus', onSyncStatus);
  useIpcEvent('outboxChanged', onOutboxChanged);
  useIpcEvent('postsChanged', onPostsChanged);
  useIpcEvent('profileChanged', onProfileChanged);
}

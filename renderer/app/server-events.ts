import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { IpcEventPayload } from '../../shared/ipc/contract.js';
import { ipcKey, useIpcEvent } from '../lib/use-ipc.js';
import { useUi } from './ui-store.js';

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
  // Main announces a pull only when it changed the cache. A read still under way already answers
  // with that change, so only news arriving while none is in flight needs a new read.
  const onPostsChanged = useCallback(() => {
    if (client.isFetching({ queryKey: ['listPosts'] }) > 0) return;
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

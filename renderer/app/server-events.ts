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
  const onOutboxChanged = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['listOutbox'] });
    void client.invalidateQueries({ queryKey: ['getSyncStatus'] });
  }, [client]);
  const onPostsChanged = useCallback(() => void client.invalidateQueries({ queryKey: ['listPosts'] }), [client]);
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

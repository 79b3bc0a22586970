import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryImportResult } from '../../shared/analytics/ipc.js';
import type { IpcEventPayload, IpcInput } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../ipc/ipc.js';
import { useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';

/**
 * The kept history of the brands between two days. It comes from this computer, online or off;
 * while a snapshot runs it is read again when main says the snapshot ended (useAnalyticsEvents).
 */
export function useAnalyticsHistory(input: IpcInput<'getAnalyticsHistory'>, enabled = true) {
  return useIpcQuery('getAnalyticsHistory', input, {
    enabled,
    // A change of range keeps the last answer on screen until the new one arrives.
    placeholderData: (previous) => previous,
  });
}

/** "Refresh": a snapshot of every account now; the answer arrives through analyticsChanged. */
export function useRefreshAnalytics() {
  return useMutation<{ started: boolean }, AppError, void>({
    mutationFn: () => call('snapshotAnalytics', {}),
  });
}

/**
 * "Import history…": main reads the chosen file (by its token) into the active brand's kept
 * history; the screen reads the history again when it is in.
 */
export function useImportHistory() {
  const client = useQueryClient();
  return useMutation<HistoryImportResult, AppError, string>({
    mutationFn: (file) => call('importAnalyticsHistory', { file }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['getAnalyticsHistory'] }),
  });
}

/** Reads the kept history again whenever a snapshot begins or ends. Mounted once, by the shell. */
export function useAnalyticsEvents(): void {
  const client = useQueryClient();
  const onChanged = useCallback(
    (_: IpcEventPayload<'analyticsChanged'>) =>
      void client.invalidateQueries({ queryKey: ['getAnalyticsHistory'] }),
    [client],
  );
  useIpcEvent('analyticsChanged', onChanged);
}

/** Whether main can reach the service now (the numbers shown are then the kept ones). */
export function useOnline(): boolean {
  const status = useIpcQuery('getSyncStatus', {});
  return status.data?.online ?? true;
}

import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryImportResult } from '../../shared/analytics/ipc.js';
import type { IpcEventPayload, IpcInput } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../ipc/ipc.js';
import { ipcKey, useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';

/**
 * The kept history of the brands between two days. It comes from this computer, online or off;
 * while a snapshot runs it is read again when main says the snapshot ended (useAnalyticsEvents).
 */
export function useAnalyticsHistory(input: IpcInput<'getAnalyticsHistory'>, enabled = true) {
  return useIpcQuery('getAnalyticsHistory', input, {
    enabled,
    // A change of range keeps the last answer on screen until the new one arrives.
    placeholderData: (previous) => previous,
    // A year of every brand is ~150,000 objects: comparing each new answer with the last one, to
    // keep the parts that did not change, cost more than drawing from the new answer.
    structuralSharing: false,
  });
}

/**
 * Asks main for a period's history as soon as it is chosen, so the read runs while the page draws
 * the choice (the query itself would ask only once that drawing is done).
 */
export function usePrefetchAnalyticsHistory(): (input: IpcInput<'getAnalyticsHistory'>) => void {
  const client = useQueryClient();
  return useCallback(
    (input) =>
      void client.prefetchQuery({
        queryKey: ipcKey('getAnalyticsHistory', input),
        queryFn: () => call('getAnalyticsHistory', input),
      }),
    [client],
  );
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

import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcEventPayload, IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { ReportSettings } from '../../shared/reports/ipc.js';
import { call, type AppError } from '../ipc/ipc.js';
import { ipcKey, useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';

/* Client reports as main makes them: one report saved, the agency's name and logo, monthly reports. */

/** Saves one client report where the user chooses; path is null when they cancelled. */
export function useExportClientReport() {
  return useMutation<IpcOutput<'exportClientReport'>, AppError, IpcInput<'exportClientReport'>>({
    mutationFn: (input) => call('exportClientReport', input),
  });
}

export function useReportSettings() {
  return useIpcQuery('getReportSettings', {});
}

/** Changes the agency name, logo or first-of-month option; the answer replaces what is shown. */
export function useSaveReportSettings() {
  const client = useQueryClient();
  return useMutation<ReportSettings, AppError, IpcInput<'setReportSettings'>>({
    mutationFn: (input) => call('setReportSettings', input),
    onSuccess: (next) => client.setQueryData(ipcKey('getReportSettings', {}), next),
  });
}

/** Writes last month's report of every brand; the settings are read again (the folder, the month written). */
export function useWriteMonthlyReports() {
  const client = useQueryClient();
  return useMutation<IpcOutput<'writeMonthlyReports'>, AppError, IpcInput<'writeMonthlyReports'>>({
    mutationFn: (input) => call('writeMonthlyReports', input),
    onSettled: () => void client.invalidateQueries({ queryKey: ['getReportSettings'] }),
  });
}

/** How far monthly reports are: the last progress main announced, or null before the first. */
export function useReportProgress(): [IpcEventPayload<'reportProgress'> | null, () => void] {
  const [progress, setProgress] = useState<IpcEventPayload<'reportProgress'> | null>(null);
  const onProgress = useCallback((p: IpcEventPayload<'reportProgress'>) => setProgress(p), []);
  useIpcEvent('reportProgress', onProgress);
  return [progress, useCallback(() => setProgress(null), [])];
}

/** A token for a picture the user picked (main checks it is one). */
export function pictureToken(file: File): Promise<string | null> {
  return window.api.fileToken(file).catch(() => null);
}

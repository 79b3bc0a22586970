import { useEffect } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type {
  IpcEventName,
  IpcEventPayload,
  IpcInput,
  IpcMethodName,
  IpcOutput,
} from '../../shared/ipc/contract.js';
import { call, onEvent, type AppError } from './ipc.js';

/** The react-query key of a contract read: its method name, then its input. */
export function ipcKey<K extends IpcMethodName>(name: K, input: IpcInput<K>): readonly unknown[] {
  return [name, input];
}

/** Server state through one contract method, cached and shared by every component that asks. */
export function useIpcQuery<K extends IpcMethodName>(
  name: K,
  input: IpcInput<K>,
  options: Omit<UseQueryOptions<IpcOutput<K>, AppError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<IpcOutput<K>, AppError>({
    queryKey: ipcKey(name, input),
    queryFn: () => call(name, input),
    ...options,
  });
}

/** Listens to an event from main for as long as the component is mounted. */
export function useIpcEvent<K extends IpcEventName>(
  name: K,
  listener: (payload: IpcEventPayload<K>) => void,
): void {
  useEffect(() => onEvent(name, listener), [name, listener]);
}

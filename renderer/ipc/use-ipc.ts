import { useEffect } from 'react';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { PostsWritten } from '../../shared/posts/ipc.js';
import type {
  IpcEventName,
  IpcEventPayload,
  IpcInput,
  IpcMethodName,
  IpcOutput,
} from '../../shared/ipc/contract.js';
import { call, onEvent, type AppError } from './ipc.js';
import { applyWritten, shownBrandId } from './posts-in-cache.js';

/** The react-query key of a contract read: its method name, then its input. */
export function ipcKey<K extends IpcMethodName>(name: K, input: IpcInput<K>): readonly unknown[] {
  return [name, input];
}

/**
 * Reads again every query of `key`'s method but `key` itself (just set from main's answer): one
 * brand's setting may be held both under its name and as the active brand's.
 */
export function invalidateOtherInputs(client: QueryClient, key: readonly unknown[]): Promise<void> {
  const own = JSON.stringify(key);
  return client.invalidateQueries({
    queryKey: [key[0]],
    predicate: (q) => JSON.stringify(q.queryKey) !== own,
  });
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

/** The contract methods that change posts: each answers the posts as they now are and the sync status. */
export type PostsWriteName = {
  [K in IpcMethodName]: IpcOutput<K> extends PostsWritten ? K : never;
}[IpcMethodName];

/**
 * A write of posts as a mutation: main's answer is applied to the cached posts and status, so
 * nothing is read again (and no screen keeps a list of what to refresh).
 */
export function usePostsWrite<K extends PostsWriteName>(name: K) {
  const client = useQueryClient();
  return useMutation<IpcOutput<K>, AppError, IpcInput<K>>({
    mutationFn: (input) => call(name, input),
    onSuccess: (written) => applyWritten(client, shownBrandId(client), written as PostsWritten),
  });
}

/** Listens to an event from main for as long as the component is mounted. */
export function useIpcEvent<K extends IpcEventName>(
  name: K,
  listener: (payload: IpcEventPayload<K>) => void,
): void {
  useEffect(() => onEvent(name, listener), [name, listener]);
}

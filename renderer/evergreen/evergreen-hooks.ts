import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcMethodName, IpcOutput } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../lib/ipc.js';
import { useIpcEvent, useIpcQuery } from '../lib/use-ipc.js';

/*
 * Evergreen lists as hooks: main owns them (the local db) and makes the
 * repeats; these read them, ask for changes, and read again when posts change.
 */

const READS: IpcMethodName[] = [
  'listEvergreen',
  'previewEvergreen',
  'listRepeats',
  'listPosts',
  'listOutbox',
];

function useInvalidateEvergreen() {
  const client = useQueryClient();
  return () => {
    for (const name of READS) void client.invalidateQueries({ queryKey: [name] });
  };
}

export function useEvergreen() {
  // Local reads, cheap: every visit shows what main holds now (a post made evergreen elsewhere).
  return useIpcQuery('listEvergreen', {}, { refetchOnMount: 'always' });
}

/** The next four weeks of a list's repeats, refreshed whenever posts change. */
export function useEvergreenPreview(listId: string | null) {
  const query = useIpcQuery(
    'previewEvergreen',
    { listId: listId ?? '-' },
    { enabled: listId !== null, refetchOnMount: 'always' },
  );
  const refetch = query.refetch;
  useIpcEvent(
    'postsChanged',
    useCallback(() => {
      if (listId !== null) void refetch();
    }, [refetch, listId]),
  );
  return query;
}

/** One contract write that refreshes every evergreen read when it succeeds. */
export function useEvergreenWrite<K extends IpcMethodName>(name: K) {
  const invalidate = useInvalidateEvergreen();
  return useMutation<IpcOutput<K>, AppError, IpcInput<K>>({
    mutationFn: (input) => call(name, input),
    onSuccess: invalidate,
  });
}

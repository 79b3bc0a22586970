import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcMethodName, IpcOutput } from '../../shared/ipc/contract.js';
import type { PostsWritten } from '../../shared/posts/ipc.js';
import { call, type AppError } from '../ipc/ipc.js';
import { applyWritten, shownBrandId } from '../ipc/posts-in-cache.js';
import { useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';

/*
 * Evergreen lists as hooks: main owns them (the local db) and makes the
 * repeats; these read them, ask for changes, and read again when posts change.
 */

/** What an evergreen write changes besides posts: the lists, their previews, the repeats made. */
function useEvergreenChanged() {
  const client = useQueryClient();
  return (written: unknown) => {
    // Turning a list on queues repeats: its answer carries the posts, applied like every write's.
    if (isPostsWritten(written)) applyWritten(client, shownBrandId(client), written);
    for (const name of ['listEvergreen', 'previewEvergreen', 'listRepeats'] as const)
      void client.invalidateQueries({ queryKey: [name] });
  };
}

const isPostsWritten = (value: unknown): value is PostsWritten =>
  typeof value === 'object' && value !== null && 'status' in value && 'hidden' in value;

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

/** One contract write of evergreen lists; posts it queued come back in its answer and are applied. */
export function useEvergreenWrite<K extends IpcMethodName>(name: K) {
  const changed = useEvergreenChanged();
  return useMutation<IpcOutput<K>, AppError, IpcInput<K>>({
    mutationFn: (input) => call(name, input),
    onSuccess: changed,
  });
}

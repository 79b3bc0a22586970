import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../lib/ipc.js';
import { useIpcEvent, useIpcQuery } from '../lib/use-ipc.js';

/*
 * The posting queue as hooks for every screen that needs it: the slot
 * editor here, "Add to queue" in the composer, empty slots and "move to next free slot" in the calendar.
 */

/** An account's slots (null: the brand default), with the zone they are written in. */
export function useQueueSlots(integrationId: string | null) {
  return useIpcQuery('getQueueSlots', { integrationId });
}

/**
 * The next free slot(s) of each account, as "Add to queue" will choose them: show these before
 * sending. Refreshed whenever posts change. Disabled while no account is chosen.
 */
export function useNextFreeSlots(integrationIds: readonly string[], count = 1) {
  const ids = [...integrationIds];
  const query = useIpcQuery(
    'previewQueue',
    { integrationIds: ids.length > 0 ? ids : ['-'], count },
    { enabled: ids.length > 0 },
  );
  const refetch = query.refetch;
  useIpcEvent(
    'postsChanged',
    useCallback(() => void refetch(), [refetch]),
  );
  return query;
}

/** Forgets cached slots and previews after a change, so every screen shows the new ones. */
function useInvalidateQueue() {
  const client = useQueryClient();
  return () => {
    for (const name of ['getQueueSlots', 'previewQueue', 'listPosts', 'listOutbox', 'listDrafts'])
      void client.invalidateQueries({ queryKey: [name] });
  };
}

export function useSaveSlots() {
  const invalidate = useInvalidateQueue();
  return useMutation<unknown, AppError, IpcInput<'setQueueSlots'>>({
    mutationFn: (input) => call('setQueueSlots', input),
    onSuccess: invalidate,
  });
}

export function useCopySlots() {
  const invalidate = useInvalidateQueue();
  return useMutation<{ copied: number }, AppError, IpcInput<'copyQueueSlots'>>({
    mutationFn: (input) => call('copyQueueSlots', input),
    onSuccess: invalidate,
  });
}

/** "Move to next free slot" on a post. */
export function useMoveToNextFreeSlot() {
  const invalidate = useInvalidateQueue();
  return useMutation({
    mutationFn: (postId: string) => call('moveToNextFreeSlot', { id: postId }),
    onSuccess: invalidate,
  });
}

/** "Shuffle": an account's queued posts swap times among the slots they occupy. */
export function useShuffleQueue() {
  const invalidate = useInvalidateQueue();
  return useMutation({
    mutationFn: (integrationId: string) => call('shuffleQueue', { integrationId }),
    onSuccess: invalidate,
  });
}

import { useCallback } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../ipc/ipc.js';
import { useIpcEvent, useIpcQuery, usePostsWrite } from '../ipc/use-ipc.js';

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
export function useNextFreeSlots(
  integrationIds: readonly string[],
  count = 1,
  categoryId: string | null = null,
) {
  const ids = [...integrationIds];
  const query = useIpcQuery(
    'previewQueue',
    { integrationIds: ids.length > 0 ? ids : ['-'], count, ...(categoryId ? { categoryId } : {}) },
    { enabled: ids.length > 0 },
  );
  const refetch = query.refetch;
  useIpcEvent(
    'postsChanged',
    useCallback(() => void refetch(), [refetch]),
  );
  return query;
}

/** Slots changed: the slots and the previews made from them are read again where shown. */
function useSlotsChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['getQueueSlots'] });
    void client.invalidateQueries({ queryKey: ['previewQueue'] });
  };
}

export function useSaveSlots() {
  const changed = useSlotsChanged();
  return useMutation<unknown, AppError, IpcInput<'setQueueSlots'>>({
    mutationFn: (input) => call('setQueueSlots', input),
    onSuccess: changed,
  });
}

export function useCopySlots() {
  const changed = useSlotsChanged();
  return useMutation<{ copied: number }, AppError, IpcInput<'copyQueueSlots'>>({
    mutationFn: (input) => call('copyQueueSlots', input),
    onSuccess: changed,
  });
}

/** "Move to next free slot" on a post: main's answer (the post at its new time) is applied. */
export function useMoveToNextFreeSlot() {
  const write = usePostsWrite('moveToNextFreeSlot');
  return {
    ...write,
    mutate: (postId: string, options?: Parameters<typeof write.mutate>[1]) =>
      write.mutate({ id: postId }, options),
  };
}

/** "Shuffle": an account's queued posts swap times among the slots they occupy. */
export function useShuffleQueue() {
  const write = usePostsWrite('shuffleQueue');
  return {
    ...write,
    mutate: (integrationId: string, options?: Parameters<typeof write.mutate>[1]) =>
      write.mutate({ integrationId }, options),
  };
}

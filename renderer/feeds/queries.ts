import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call, type AppError } from '../ipc/ipc.js';
import { useIpcQuery } from '../ipc/use-ipc.js';

/*
 * Feeds to drafts as hooks: the brand's feeds, the review list, the sandbox's demo feeds, and the
 * writes that change them (each reads the lists again, and the drafts when it made one).
 */

/** Main reads the feeds every 30 minutes on its own: the screen looks again each minute (local reads). */
const FRESH = { refetchOnMount: 'always', refetchInterval: 60_000 } as const;

export function useFeeds() {
  return useIpcQuery('listFeeds', {}, FRESH);
}

export function useFeedItems() {
  return useIpcQuery('listFeedItems', {}, FRESH);
}

export function useDemoFeeds() {
  return useIpcQuery('listDemoFeeds', {}, { refetchOnMount: 'always' });
}

type FeedsWrite =
  'addFeed' | 'checkFeed' | 'setFeedOptions' | 'removeFeed' | 'draftFeedItem' | 'dismissFeedItem';

/** One write of feeds; what it changed is read again. */
export function useFeedsWrite<K extends FeedsWrite>(name: K) {
  const client = useQueryClient();
  return useMutation<IpcOutput<K>, AppError, IpcInput<K>>({
    mutationFn: (input) => call(name, input),
    onSettled: () => {
      for (const key of ['listFeeds', 'listFeedItems', 'listDemoFeeds', 'listDrafts'] as const)
        void client.invalidateQueries({ queryKey: [key] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { CalendarPost, PostsWritten } from '../../shared/posts/ipc.js';
import type { ReviewState, ReviewSettingsView } from '../../shared/review/model.js';
import { call, type AppError } from '../ipc/ipc.js';
import { applyWritten, shownBrandId } from '../ipc/posts-in-cache.js';
import { invalidateOtherInputs, ipcKey } from '../ipc/use-ipc.js';

/* Reviews as main keeps them: decisions on posts, each brand's settings, a reviewer's reply file. */

/** Reads a reviewer's reply file and applies its decisions to the posts. */
export function importReviewReply(
  input: IpcInput<'importReviewReply'>,
): Promise<IpcOutput<'importReviewReply'>> {
  return call('importReviewReply', input);
}

/**
 * Records a review decision (and its comment) on a post; main answers the post as it shows, applied
 * like every write's, and the outbox is read again (a post waiting for approval leaves it or joins it).
 */
export function useSetReviewState(post: CalendarPost, onDone: () => void) {
  const client = useQueryClient();
  return useMutation<PostsWritten, AppError, { state: ReviewState; comment?: string }>({
    mutationFn: (v) =>
      call('setReviewState', {
        postId: post.id,
        state: v.state,
        comment: v.comment ?? null,
        // The post's own brand: in the all-brands view it may not be the active one.
        ...(post.profileId && post.brandId
          ? { brand: { profileId: post.profileId, brandId: post.brandId } }
          : {}),
      }),
    onSuccess: (written) => {
      applyWritten(client, shownBrandId(client), written);
      void client.invalidateQueries({ queryKey: ['listOutbox'] });
      onDone();
    },
  });
}

/** Changes a brand's review settings (`input` names the brand, or none for the active one). */
export function useSaveReviewSettings(input: IpcInput<'getReviewSettings'>, onSettled: () => void) {
  const client = useQueryClient();
  const key = ipcKey('getReviewSettings', input);
  return useMutation<ReviewSettingsView, AppError, Partial<ReviewSettingsView>>({
    mutationFn: (patch) => call('setReviewSettings', { ...patch, ...input }),
    onSettled,
    onSuccess: (next) => {
      client.setQueryData(key, next);
      // The same brand may be read under its name and as the active one: read the other keys again.
      void invalidateOtherInputs(client, key);
      // Held posts show differently now: the calendar reads its posts again.
      void client.invalidateQueries({ queryKey: ['listPosts'] });
      void client.invalidateQueries({ queryKey: ['listOutbox'] });
    },
  });
}

import type { CalendarPost } from '../../shared/posts/ipc.js';
import { useMoveToNextFreeSlot, useShuffleQueue } from '../queue/queries.js';
import { formatFull } from './format.js';
import { useNotices } from '../ui/notice-store.js';

/** "Move to next free slot" and "Shuffle" for a post the user may move; results come back as toasts. */
export function QueueActions({ post, zone }: { post: CalendarPost; zone: string }) {
  const toast = useNotices((s) => s.show);
  const move = useMoveToNextFreeSlot();
  const shuffle = useShuffleQueue();
  const account = post.integration.name ?? 'an unnamed account';
  const busy = move.isPending || shuffle.isPending;

  return (
    <div className="cal-details__actions" role="group" aria-label="Posting queue">
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          move.mutate(post.id, {
            onSuccess: ({ date }) =>
              toast({
                tone: 'success',
                message: `Moved to the next free slot: ${formatFull(date, zone)} (${zone}).`,
              }),
            onError: (e) =>
              toast({ tone: 'error', message: `Could not move to the next free slot: ${e.message}` }),
          })
        }
      >
        {move.isPending ? 'Moving…' : 'Move to next free slot'}
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          shuffle.mutate(post.integration.id, {
            onSuccess: ({ moved }) =>
              toast({
                tone: 'success',
                message:
                  moved === 0
                    ? `Nothing to shuffle in ${account}'s queue.`
                    : `Shuffled ${account}'s queue: ${moved} ${moved === 1 ? 'post' : 'posts'} moved.`,
              }),
            onError: (e) => toast({ tone: 'error', message: `Could not shuffle the queue: ${e.message}` }),
          })
        }
      >
        {shuffle.isPending ? 'Shuffling…' : "Shuffle this account's queue"}
      </button>
    </div>
  );
}

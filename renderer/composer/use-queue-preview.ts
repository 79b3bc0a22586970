import { errorMessage } from '../ui/feedback.js';
import { useNextFreeSlots } from '../queue/queries.js';
import type { QueuePreview } from './SendBar.js';
import { slotTime } from './send-messages.js';

/** Where "Add to queue" would put the post, for every chosen account, before anything is sent. */
export function useQueuePreview(
  integrationIds: readonly string[],
  zone: string,
  accountName: (id: string) => string,
): QueuePreview | null {
  const nextSlots = useNextFreeSlots(integrationIds);
  if (integrationIds.length === 0) return null;
  // An account without slots makes "Add to queue" impossible: disabled, with the reason and the way.
  const empty = (nextSlots.data?.accounts ?? []).filter((a) => a.dates.length === 0);
  const noSlots =
    empty.length === 0
      ? null
      : `${empty.map((a) => accountName(a.integrationId)).join(', ')} ${empty.length === 1 ? 'has' : 'have'} no posting slots yet: add some in the Queue, or pick a time.`;
  return {
    loading: nextSlots.isPending,
    problem: nextSlots.isError ? errorMessage(nextSlots.error) : noSlots,
    noSlots: !nextSlots.isError && noSlots !== null,
    lines: (nextSlots.data?.accounts ?? []).map(
      (a) => `${accountName(a.integrationId)} on ${a.dates[0] ? slotTime(a.dates[0], zone) : 'no free slot'}`,
    ),
  };
}

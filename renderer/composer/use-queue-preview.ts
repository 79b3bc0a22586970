import { errorMessage } from '../ui/feedback.js';
import { useNextFreeSlots } from '../queue/queries.js';
import type { QueuePreview } from './SendBar.js';
import { slotTime } from './send-messages.js';
import type { Category } from '../../shared/categories/model.js';

/** Where "Add to queue" would put the post, for every chosen account, before anything is sent. */
export function useQueuePreview(
  integrationIds: readonly string[],
  zone: string,
  accountName: (id: string) => string,
  category: Pick<Category, 'id' | 'name'> | null = null,
): QueuePreview | null {
  const nextSlots = useNextFreeSlots(integrationIds, 1, category?.id ?? null);
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
      (a) =>
        `${accountName(a.integrationId)} on ${a.dates[0] ? slotTime(a.dates[0], zone) : 'no free slot'}${a.dates[0] ? slotKind(category, a.reserved[0] === true) : ''}`,
    ),
  };
}

/** Which kind of slot was chosen, in words: one kept for the post's category, or an open one. */
function slotKind(category: Pick<Category, 'name'> | null, reserved: boolean): string {
  if (!category) return '';
  return reserved
    ? `, a slot kept for ${category.name}`
    : `, an open slot (no ${category.name} slot is free)`;
}

import type { SaveComposerCopy } from '../drafts/setup.js';
import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { QueueService } from './queue-service.js';
import { SlotsRepo } from './slots-repo.js';

type QueueMethod =
  | 'getQueueSlots'
  | 'setQueueSlots'
  | 'copyQueueSlots'
  | 'previewQueue'
  | 'queueDraft'
  | 'moveToNextFreeSlot'
  | 'shuffleQueue';

/**
 * The posting queue: weekly slots per account and sending at the next free one. The service is lent
 * to the features that plan in slots (evergreen, the import) and that write a brand's zone (export,
 * review packs); `slotsChanged` tells evergreen its slots moved.
 */
export function setupQueue(
  { db, now, repos, posts, sync }: AppContext,
  { slotsChanged, saveComposerCopy }: { slotsChanged: () => void; saveComposerCopy: SaveComposerCopy },
): FeatureSetup<QueueMethod> & { service: QueueService } {
  const queue = new QueueService({
    db,
    slots: new SlotsRepo(db, now),
    drafts: repos.drafts,
    brands: repos.brands,
    now,
    listPosts: async (brand, range) => sync.listPosts(brand, range),
    sendDraft: (brand, input, origin = { kind: 'queue' }) => posts.sendDraft(brand, input, origin),
    reschedulePost: async (brand, input) => posts.reschedulePost(brand, input, { kind: 'queue' }),
    status: () => sync.getSyncStatus(),
    categoryOf: (brand, subject) => repos.categories.categoryOf(brand, subject),
  });
  return {
    service: queue,
    handlers: {
      // Another brand's slots (a bulk plan of the all-brands view): dispatch checked the calendar shows it.
      getQueueSlots: async (input, ctx) => queue.getQueueSlots(requireBrand(ctx), input),
      setQueueSlots: async (input, ctx) => {
        const view = queue.setQueueSlots(requireBrand(ctx), input);
        slotsChanged();
        return view;
      },
      copyQueueSlots: async (input, ctx) => queue.copyQueueSlots(requireBrand(ctx), input),
      previewQueue: (input, ctx) => queue.previewQueue(requireBrand(ctx), input),
      queueDraft: ({ draft, ...input }, ctx) => {
        const brand = requireBrand(ctx);
        saveComposerCopy(brand, input.draftId, draft);
        return queue.queueDraft(brand, input);
      },
      moveToNextFreeSlot: (input, ctx) => queue.moveToNextFreeSlot(requireBrand(ctx), input),
      shuffleQueue: (input, ctx) => queue.shuffleQueue(requireBrand(ctx), input),
    },
  };
}

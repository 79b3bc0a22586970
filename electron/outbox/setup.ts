import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';

type OutboxMethod =
  'getSyncStatus' | 'listOutbox' | 'retryOutbox' | 'discardOutbox' | 'resolveMissedTime' | 'syncNow';

/**
 * The outbox and the sync status; its background job is the sync engine's (the pull and the
 * outbox worker), started and stopped like every other job.
 */
export function setupOutbox({ posts, sync, events }: AppContext): FeatureSetup<OutboxMethod> {
  let unsubscribe = () => {};
  return {
    handlers: {
      getSyncStatus: async () => sync.getSyncStatus(),
      listOutbox: async () => sync.listOutbox(),
      retryOutbox: async (input) => posts.retryOutbox(input),
      discardOutbox: async (input, ctx) => posts.discardOutbox(requireBrand(ctx), input),
      resolveMissedTime: async (input) => posts.resolveMissedTime(input),
      syncNow: () => sync.syncNow(),
    },
    start: () => {
      // A new key, profile or brand may unblock waiting operations, and its accounts are learned at once.
      unsubscribe = events.on((name) => {
        if (name === 'profileChanged') sync.brandOpened();
      });
      sync.start();
    },
    stop: async () => {
      unsubscribe();
      await sync.stop();
    },
  };
}

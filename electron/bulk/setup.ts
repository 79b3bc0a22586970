import type { AppContext, FeatureSetup } from '../context/app-context.js';

/** Bulk changes: one batch per brand its posts belong to, and one undo for the whole change. */
export function setupBulk({ posts }: AppContext): FeatureSetup<'applyBulkChange' | 'undoBulkChange'> {
  return {
    handlers: {
      applyBulkChange: async (input) => posts.applyBulkChange(input),
      undoBulkChange: async (input) => posts.undoBulkChange(input),
    },
  };
}

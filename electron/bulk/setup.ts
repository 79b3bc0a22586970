import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';

/** Bulk changes: one batch per brand its posts belong to, and one undo for the whole change. */
export function setupBulk({ posts }: AppContext): FeatureSetup<'applyBulkChange' | 'undoBulkChange'> {
  return {
    handlers: {
      applyBulkChange: async (input, ctx) => posts.applyBulkChange(requireBrand(ctx), input),
      undoBulkChange: async (input, ctx) => posts.undoBulkChange(requireBrand(ctx), input),
    },
  };
}

import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { DraftsService } from './drafts-service.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { IpcInput } from '../../shared/ipc/contract.js';

/** Saves the composer's copy of a draft it sends, first, so that a send or "Add to queue" is one call. */
export type SaveComposerCopy = (
  brand: ActiveBrand,
  draftId: string,
  draft: IpcInput<'saveDraft'> | undefined,
) => void;

/**
 * The composer's drafts. They keep their local files' paths in main; the window sees and sends
 * tokens for them.
 */
export function setupDrafts({ db, now, files }: AppContext): FeatureSetup<
  'listDrafts' | 'getDraft' | 'saveDraft' | 'deleteDraft'
> & {
  saveComposerCopy: SaveComposerCopy;
} {
  const drafts = new DraftsService({ db, now });
  return {
    saveComposerCopy: (brand, draftId, draft) => {
      if (draft) drafts.saveDraft(brand, files.draftFromWindow(brand, { ...draft, id: draftId }));
    },
    handlers: {
      listDrafts: async (_, ctx) => {
        const brand = requireBrand(ctx);
        return drafts.listDrafts(brand).map((d) => files.draftForWindow(brand, d));
      },
      getDraft: async (input, ctx) => {
        const brand = requireBrand(ctx);
        return files.draftForWindow(brand, drafts.getDraft(brand, input));
      },
      saveDraft: async (input, ctx) => {
        const brand = requireBrand(ctx);
        return files.draftForWindow(brand, drafts.saveDraft(brand, files.draftFromWindow(brand, input)));
      },
      deleteDraft: async (input, ctx) => drafts.deleteDraft(requireBrand(ctx), input),
    },
  };
}

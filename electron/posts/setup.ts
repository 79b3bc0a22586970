import type { SaveComposerCopy } from '../drafts/setup.js';
import { toPostChips } from '../../shared/posts/chips.js';
import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';

type PostMethod =
  'listPosts' | 'listPostChips' | 'showPosts' | 'getPost' | 'reschedulePost' | 'deleteGroup' | 'sendDraft';

/** The calendar's posts: reads through the sync engine, every change through the posts commands. */
export function setupPosts(
  { posts, sync }: AppContext,
  { saveComposerCopy }: { saveComposerCopy: SaveComposerCopy },
): FeatureSetup<PostMethod> {
  return {
    handlers: {
      listPosts: async (range) => sync.listShownPosts(range),
      listPostChips: async ({ chars, ...range }) =>
        toPostChips(await sync.listShownPosts(range), Date.parse(range.start), chars),
      showPosts: async ({ ids }, ctx) => sync.shown(requireBrand(ctx), ids),
      getPost: (input, ctx) => sync.getPost(requireBrand(ctx), input),
      reschedulePost: async (input, ctx) => posts.reschedulePost(requireBrand(ctx), input),
      deleteGroup: async (input, ctx) => posts.deleteGroup(requireBrand(ctx), input),
      // The composer's send is one call: its copy of the draft is saved first, then sent.
      sendDraft: ({ draft, ...input }, ctx) => {
        const brand = requireBrand(ctx);
        saveComposerCopy(brand, input.draftId, draft);
        return posts.sendDraft(brand, input);
      },
    },
  };
}

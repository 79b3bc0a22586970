import type { SaveComposerCopy } from '../drafts/setup.js';
import { prepareChipTexts, toPostChips } from '../../shared/posts/chip-columns.js';
import { nextTurn } from '../sync/pull-slices.js';

/** Posts whose chip texts main works out in one turn of its event loop. */
const CHIP_SLICE = 2_000;
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
      listPostChips: async ({ chars, ...range }) => {
        const answer = await sync.listShownPosts(range);
        // The texts a slice at a time, a turn of the event loop between: a drag's call never waits
        // behind a whole month of them.
        for (let i = 0; i < answer.posts.length; i += CHIP_SLICE) {
          if (i > 0) await nextTurn();
          prepareChipTexts(answer.posts.slice(i, i + CHIP_SLICE), chars);
        }
        return toPostChips(answer, Date.parse(range.start), chars);
      },
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

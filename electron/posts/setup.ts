import type { AppContext, FeatureSetup } from '../context/app-context.js';

type PostMethod = 'listPosts' | 'getPost' | 'reschedulePost' | 'deleteGroup' | 'sendDraft' | 'createPostsNow';

/** The calendar's posts: reads through the sync engine, every change through the posts commands. */
export function setupPosts({ posts, sync }: AppContext): FeatureSetup<PostMethod> {
  return {
    handlers: {
      listPosts: async (range) => sync.listShownPosts(range),
      getPost: (input) => sync.getPost(input),
      reschedulePost: async (input) => posts.reschedulePost(input),
      deleteGroup: async (input) => posts.deleteGroup(input),
      sendDraft: (input) => posts.sendDraft(input),
      createPostsNow: (input) => posts.createPostsNow(input),
    },
  };
}

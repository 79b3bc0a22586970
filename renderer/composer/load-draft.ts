import type { PostDetail } from '../../shared/api/resources.js';
import type { ComposerRequest } from '../ui/ui-store.js';
import { emptyDraft, type WorkingDraft } from './draft-model.js';
import { draftFromPosts } from './from-post.js';
import { getDraft, getPost, listPosts } from './queries.js';

export type ComposerMode = 'new' | 'draft' | 'edit' | 'duplicate';

const MINUTE = 60_000;

/** The posts of a post's group (the post first), found around its date in the calendar's data. */
async function groupOf(post: PostDetail): Promise<PostDetail[]> {
  const at = Date.parse(post.publishDate);
  const range = { start: new Date(at - MINUTE).toISOString(), end: new Date(at + MINUTE).toISOString() };
  const { posts } = await listPosts(range);
  const others = posts.filter((p) => p.group === post.group && p.id !== post.id);
  return [post, ...(await Promise.all(others.map((p) => getPost({ id: p.id }))))];
}

/** What the composer opens on, for each way it can be asked. */
export async function loadDraft(
  request: ComposerRequest,
  brandId: string | null,
): Promise<{ draft: WorkingDraft; mode: ComposerMode }> {
  if (request.draftId) {
    const { createdAt: _c, updatedAt: _u, ...draft } = await getDraft({ id: request.draftId });
    return { draft, mode: draft.replacesGroup ? 'edit' : 'draft' };
  }
  const postId = request.editPostId ?? request.duplicatePostId;
  if (postId) {
    const mode = request.editPostId ? 'edit' : 'duplicate';
    const posts = await groupOf(await getPost({ id: postId }));
    return { draft: draftFromPosts(crypto.randomUUID(), brandId, posts, mode), mode };
  }
  const draft = emptyDraft(crypto.randomUUID(), brandId, request.date ?? null);
  if (request.text) draft.blocks = [{ ...draft.blocks[0]!, content: request.text }];
  if (request.media?.length) draft.blocks = [{ ...draft.blocks[0]!, media: [...request.media] }];
  return { draft, mode: 'new' };
}

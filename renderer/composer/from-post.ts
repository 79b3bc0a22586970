import type { PostDetail } from '../../shared/api/resources.js';
import type { DraftBlock, DraftMedia, DraftTarget } from '../../shared/drafts/ipc.js';
import { PlatformType } from '../../shared/platforms/types.js';
import { mediaKindFromPath } from '../../shared/platforms/validate.js';
import { linksSentUntracked } from '../../shared/links/track.js';
import type { WorkingDraft } from './draft-model.js';

/*
 * A server post group turned back into a draft, to edit it (the draft replaces the group when
 * sent) or to copy it. The first post's thread becomes the shared text; an account whose text
 * differs keeps it as its own.
 */

function blocksOf(post: PostDetail): DraftBlock[] {
  const thumbs = new Map((post.media ?? []).map((m) => [m.id, m]));
  return post.value.map((b) => ({
    content: b.content,
    media: (b.image ?? []).map((ref): DraftMedia => ({
      localPath: null,
      mediaId: ref.id,
      path: ref.path,
      thumbnail: thumbs.get(ref.id)?.thumbnail ?? null,
      name: thumbs.get(ref.id)?.name ?? ref.path.split('/').pop() ?? ref.id,
      kind: mediaKindFromPath(ref) ?? 'image',
    })),
  }));
}

const sameBlocks = (a: DraftBlock[], b: DraftBlock[]) => JSON.stringify(a) === JSON.stringify(b);

/** A draft from the posts of one group (first one first); `mode` says whether it replaces them. */
export function draftFromPosts(
  id: string,
  brandId: string | null,
  posts: readonly PostDetail[],
  mode: 'edit' | 'duplicate',
): WorkingDraft {
  const first = posts[0];
  if (!first) throw new Error('draftFromPosts needs at least one post');
  const shared = blocksOf(first);
  const targets = posts.flatMap((p): DraftTarget[] => {
    const platform = PlatformType.safeParse(p.integration.platform ?? p.settings.__type);
    if (!platform.success) return [];
    const blocks = blocksOf(p);
    return [
      {
        integrationId: p.integration.id,
        platform: platform.data,
        settings: { ...p.settings },
        blocks: sameBlocks(blocks, shared) ? null : blocks,
      },
    ];
  });
  const untracked =
    mode === 'edit'
      ? linksSentUntracked(
          [...shared, ...targets.flatMap((t) => t.blocks ?? [])].map((b) => b.content),
          { URL, URLSearchParams },
        )
      : [];
  return {
    id,
    brandId,
    blocks: shared,
    ...(untracked.length > 0 ? { untrackedLinks: untracked } : {}),
    targets,
    commentDelays: first.commentDelays ?? [],
    shortLink: first.shortLink ?? false,
    date: mode === 'edit' ? first.publishDate : null,
    replacesGroup: mode === 'edit' ? first.group : null,
  };
}

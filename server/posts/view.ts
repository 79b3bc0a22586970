import type { Integration, MediaObject, PostDetail, PostListItem } from '../../shared/api/resources.js';
import { cdnUrlOf, type Service } from '../service.js';
import type { IntegrationRecord } from '../store/accounts.js';
import type { MediaRecord } from '../store/media.js';
import { summaryOf, type PostRecord, type PostSummary, type StoredBlock } from '../store/posts.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function integrationView(svc: Service, i: IntegrationRecord): Integration {
  return {
    id: i.id,
    platform: i.platform,
    name: i.name,
    picture: i.picture === null ? null : cdnUrlOf(svc.urls, i.picture),
    disconnected: i.disconnected,
  };
}

export function mediaView(svc: Service, m: MediaRecord): MediaObject {
  return {
    id: m.id,
    name: m.name,
    path: cdnUrlOf(svc.urls, m.file),
    thumbnail: cdnUrlOf(svc.urls, m.thumbnail_file),
    alt: m.alt,
  };
}

/** The thumbnail file of a post's first media (first block, first image), when the service holds it. */
export function firstThumbnailOf(svc: Service, post: PostRecord): string | null {
  const id = post.blocks[0]?.image[0]?.id;
  return (id && svc.media.get(id)?.thumbnail_file) || null;
}

/** A post as GET /posts lists it; `integration` is the view of the post's account. */
export function listItemView(svc: Service, post: PostSummary, integration: Integration): PostListItem {
  return {
    id: post.id,
    group: post.group_id,
    state: post.state,
    publishDate: new Date(post.publish_date).toISOString(),
    integration,
    content: post.first_content ?? '',
    thumbnail: post.first_thumbnail === null ? null : cdnUrlOf(svc.urls, post.first_thumbnail),
    blockCount: post.block_count,
    releaseURL: post.release_url,
    publishedAt: iso(post.published_at),
    error: post.error,
  };
}

/**
 * Media refs are answered with the current CDN address of the file they name, so a post keeps
 * working after the service moved to another port; refs to files elsewhere are kept as sent.
 */
function blockView(svc: Service, block: StoredBlock, media: Map<string, MediaRecord>) {
  return {
    content: block.content,
    image: block.image.map((ref) => {
      const m = media.get(ref.id);
      return m ? { ...ref, path: cdnUrlOf(svc.urls, m.file) } : ref;
    }),
    releaseURL: block.releaseURL,
    publishedAt: iso(block.publishedAt),
  };
}

/** A post as GET /posts/:id reads it: the list item plus blocks, media, settings and group. */
export function detailView(svc: Service, post: PostRecord, integration: IntegrationRecord): PostDetail {
  const media = new Map<string, MediaRecord>();
  for (const block of post.blocks) {
    for (const ref of block.image) {
      const m = svc.media.get(ref.id);
      if (m) media.set(m.id, m);
    }
  }
  return {
    ...listItemView(svc, summaryOf(post, firstThumbnailOf(svc, post)), integrationView(svc, integration)),
    group: post.group_id,
    value: post.blocks.map((b) => blockView(svc, b, media)),
    media: [...media.values()].map((m) => mediaView(svc, m)),
    settings: post.settings,
    commentDelays: post.comment_delays ?? [],
    shortLink: post.short_link,
    createdAt: new Date(post.created_at).toISOString(),
    updatedAt: new Date(post.updated_at).toISOString(),
  };
}

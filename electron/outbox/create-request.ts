import type {
  ContentBlock,
  MediaRef,
  PostCreateRequest,
  PostCreateResultItem,
  PostListItem,
} from '../../shared/api/resources.js';
import type { ValidationIssue } from '../../shared/api/errors.js';
import type { Draft, DraftMedia } from '../../shared/drafts/ipc.js';
import { validatePostTarget } from '../../shared/platforms/validate.js';
import {
  firstCommentIssues,
  hasFirstComment,
  takesFirstComment,
  withFirstComment,
} from '../../shared/platforms/first-comment.js';
import type { CreatePayload, CreateTarget } from './outbox-repo.js';

/*
 * Turns a local draft into the create the outbox keeps, and that into the
 * POST /posts body once every local file has its uploaded media.
 */

/** The draft as it will be sent: each account's blocks (its own override, or the shared ones). */
export function createPayloadFromDraft(
  draft: Draft,
  type: CreatePayload['type'],
  date: string,
): CreatePayload {
  const targets: CreateTarget[] = draft.targets.map((t) => {
    const blocks = t.blocks ?? draft.blocks;
    const delays = draft.commentDelays.slice(0, Math.max(0, blocks.length - 1));
    return {
      integrationId: t.integrationId,
      platform: t.platform,
      settings: t.settings,
      blocks: blocks.map((b) => ({ content: b.content, media: b.media })),
      ...(delays.length > 0 ? { commentDelays: delays } : {}),
      ...(takesFirstComment(t.platform) && hasFirstComment(draft.firstComment)
        ? { firstComment: draft.firstComment }
        : {}),
    };
  });
  return {
    type,
    date,
    shortLink: draft.shortLink,
    targets,
    ...(draft.untrackedLinks?.length ? { untrackedLinks: draft.untrackedLinks } : {}),
  };
}

/** Local files of a create that still need uploading. */
export function localFiles(payload: CreatePayload): DraftMedia[] {
  const seen = new Map<string, DraftMedia>();
  for (const t of payload.targets) {
    for (const b of t.blocks) {
      for (const m of b.media) if (m.mediaId === null && m.localPath !== null) seen.set(m.localPath, m);
    }
  }
  return [...seen.values()];
}

/** Finds the uploaded media for a local file, or null when it has not been uploaded yet. */
export type MediaResolver = (media: DraftMedia) => MediaRef | null;

export class MissingMediaError extends Error {
  constructor(readonly media: DraftMedia) {
    super(`The file "${media.name}" has not been uploaded yet; upload it again or remove it from the post.`);
    this.name = 'MissingMediaError';
  }
}

/** Builds the POST /posts body; throws MissingMediaError when a file has no media yet. */
export function buildCreateRequest(payload: CreatePayload, resolve: MediaResolver): PostCreateRequest {
  return {
    type: payload.type,
    date: payload.date,
    shortLink: payload.shortLink,
    posts: payload.targets.map((t) => {
      const value = t.blocks.map((b): ContentBlock => {
        const image = b.media.map((m) => {
          const ref = m.mediaId !== null && m.path !== null ? { id: m.mediaId, path: m.path } : resolve(m);
          if (!ref) throw new MissingMediaError(m);
          return ref;
        });
        return image.length > 0 ? { content: b.content, image } : { content: b.content };
      });
      // The first comment is the thread's second block (the API's one way to post a comment).
      const sent = withFirstComment(value, t.commentDelays, t.firstComment, (content) => ({ content }));
      return {
        integration: { id: t.integrationId },
        value: sent.blocks,
        settings: { ...t.settings, __type: t.platform },
        ...(sent.delays ? { commentDelays: sent.delays } : {}),
      };
    }),
  };
}

/** The platform rules, checked before queueing so the user hears of a problem now, not after a sync. */
export function validateCreatePayload(payload: CreatePayload): ValidationIssue[] {
  const kinds = new Map<string, 'image' | 'video'>();
  const request = buildCreateRequest(payload, (m) => {
    const ref = { id: `local:${m.localPath ?? m.name}`, path: m.localPath ?? m.name };
    kinds.set(ref.id, m.kind);
    return ref;
  });
  for (const t of payload.targets)
    for (const b of t.blocks) for (const m of b.media) if (m.mediaId) kinds.set(m.mediaId, m.kind);
  return (request.posts ?? []).flatMap((target, i) => {
    const platform = payload.targets[i]?.platform;
    return platform
      ? [
          ...validatePostTarget(target, i, platform, (ref) => kinds.get(ref.id)),
          ...firstCommentIssues(payload.targets[i]?.firstComment, platform, i),
        ]
      : [];
  });
}

/** The posts a confirmed create made, as the cache keeps them until the next pull brings the server's copy. */
export function postsFromCreate(
  payload: CreatePayload,
  results: PostCreateResultItem[],
  syncedAt: string,
): PostListItem[] {
  return results.map((r) => {
    const target = payload.targets.find((t) => t.integrationId === r.integration) ?? payload.targets[0];
    return {
      id: r.postId,
      group: r.group,
      state: payload.type === 'draft' ? 'draft' : payload.type === 'now' ? 'publishing' : 'scheduled',
      publishDate: payload.type === 'now' ? syncedAt : payload.date,
      integration: { id: r.integration, platform: target?.platform },
      content: target?.blocks[0]?.content ?? '',
      blockCount: (target?.blocks.length ?? 1) + (target?.firstComment ? 1 : 0),
    };
  });
}

import type { ValidationIssue } from '../../shared/api/errors.js';
import type { PostTarget } from '../../shared/api/resources.js';
import type { DraftBlock, DraftMedia, DraftTarget } from '../../shared/drafts/ipc.js';
import {
  ACCEPTED_MIME,
  DEFAULT_MAX_IMAGE_BYTES,
  DEFAULT_MAX_VIDEO_BYTES,
  platformRules,
  type MediaRules,
} from '../../shared/platforms/rules.js';
import { measureText } from '../../shared/platforms/text-length.js';
import { firstCommentIssues } from '../../shared/platforms/first-comment.js';
import type { PlatformType } from '../../shared/platforms/types.js';
import { validatePostTarget } from '../../shared/platforms/validate.js';
import type { WorkingDraft } from './draft-model.js';

/*
 * What the composer shows before sending, computed with the shared platform rules the service
 * itself applies: each account's problems, each block's count against its limit, and where an
 * issue from the service (or from these checks) belongs on screen.
 */

/** The blocks an account will publish: its own text, or the shared thread. */
export const blocksFor = (d: WorkingDraft, t: DraftTarget): DraftBlock[] => t.blocks ?? d.blocks;

const mediaRef = (m: DraftMedia) => ({
  id: m.mediaId ?? `local:${m.localPath ?? m.name}`,
  path: m.path ?? m.localPath ?? m.name,
});

/** One `posts[]` entry as it will be sent (local files stand in for their uploads). */
export function postTargetOf(d: WorkingDraft, t: DraftTarget): PostTarget {
  const blocks = blocksFor(d, t);
  const delays = d.commentDelays.slice(0, Math.max(0, blocks.length - 1));
  return {
    integration: { id: t.integrationId },
    value: blocks.map((b) => ({ content: b.content, image: b.media.map(mediaRef) })),
    settings: { ...t.settings, __type: t.settings.__type ?? t.platform } as PostTarget['settings'],
    ...(delays.length > 0 ? { commentDelays: delays } : {}),
  };
}

/** Every problem the service would find with this draft, per account (target = index in targets). */
export function draftIssues(d: WorkingDraft): ValidationIssue[] {
  return d.targets.flatMap((t, i) => {
    const kinds = new Map(
      blocksFor(d, t).flatMap((b) => b.media.map((m) => [mediaRef(m).id, m.kind] as const)),
    );
    return [
      ...validatePostTarget(postTargetOf(d, t), i, t.platform, (ref) => kinds.get(ref.id)),
      ...firstCommentIssues(d.firstComment, t.platform, i),
    ];
  });
}

/** Where on screen an issue belongs. */
export type IssuePlace =
  | { kind: 'settings'; field: string }
  | { kind: 'text'; block: number }
  | { kind: 'media'; block: number }
  | { kind: 'thread' }
  | { kind: 'post' };

export function placeOf(issue: Pick<ValidationIssue, 'path'>): IssuePlace {
  const parts = issue.path.split('.');
  if (parts[0] === 'settings') return { kind: 'settings', field: parts[1] ?? '__type' };
  if (parts[0] === 'value' && parts.length >= 2) {
    const block = Number(parts[1]);
    if (Number.isInteger(block))
      return parts[2] === 'image' ? { kind: 'media', block } : { kind: 'text', block };
  }
  if (parts[0] === 'value' || parts[0] === 'commentDelays') return { kind: 'thread' };
  return { kind: 'post' };
}

/** One block's length against one platform's limit. */
export interface BlockCount {
  platform: PlatformType;
  label: string;
  /** null when the text is too long to count: refused, as the service refuses it. */
  count: number | null;
  limit: number;
  over: boolean;
}

/**
 * The counter of a block for each platform it goes to, X weighted, the others in graphemes. It
 * runs at every keystroke, so it goes through measureText: an over-long paste costs nothing.
 */
export function blockCounts(text: string, platforms: readonly PlatformType[]): BlockCount[] {
  return [...new Set(platforms)].map((p) => {
    const rules = platformRules[p];
    const length = measureText(p, text);
    const count = typeof length === 'number' ? length : null;
    return {
      platform: p,
      label: rules.label,
      count,
      limit: rules.textLimit,
      over: count === null || count > rules.textLimit,
    };
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The media rule of a platform in one sentence, to show before the user attaches anything. */
export function describeMediaRules(m: MediaRules): string {
  const parts: string[] = [];
  if (m.onlyKind === 'video')
    parts.push(m.maxItems === 1 ? 'exactly one video' : `up to ${plural(m.maxItems, 'video')}`);
  else if (m.videoAlone)
    parts.push(`up to ${plural(m.maxImages, 'image')}, or ${plural(m.maxVideos, 'video')} alone`);
  else parts.push(`up to ${plural(m.maxItems, 'item')} (images or videos)`);
  if (m.onlyKind === 'video') return `Needs ${parts[0]}.`;
  const need = m.minItems > 0 ? ` At least ${plural(m.minItems, 'item')} is required.` : '';
  return `Per block: ${parts.join('')}.${need}`;
}

/** The file limits every platform shares, from the constants the service uses. */
export function describeFileLimits(): string {
  const mb = (bytes: number) => (bytes >= 1024 ** 3 ? `${bytes / 1024 ** 3} GB` : `${bytes / 1024 ** 2} MB`);
  const kinds = (kind: 'image' | 'video') =>
    Object.entries(ACCEPTED_MIME)
      .filter(([, k]) => k === kind)
      .map(([mime]) => mime.split('/')[1]?.replace('quicktime', 'mov').toUpperCase())
      .join(', ');
  return `Images (${kinds('image')}) up to ${mb(DEFAULT_MAX_IMAGE_BYTES)}; videos (${kinds('video')}) up to ${mb(DEFAULT_MAX_VIDEO_BYTES)}.`;
}

/** The media kind of a file by its MIME type or name, as far as the renderer can tell. */
export function kindOfFile(type: string, name: string): 'image' | 'video' {
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('image/')) return 'image';
  return /\.(mp4|mov|webm|m4v)$/i.test(name) ? 'video' : 'image';
}

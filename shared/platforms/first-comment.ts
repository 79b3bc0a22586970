import twitterText from 'twitter-text';
import type { ValidationIssue } from '../api/errors.js';
import { platformRules } from './rules.js';
import { measureText } from './text-length.js';
import type { PlatformType } from './types.js';
import type { FirstComment } from './first-comment-schema.js';

/*
 * The first comment: text posted as a comment under the post (Instagram, LinkedIn, Facebook), where
 * people put hashtags and links. The API has no field of its own for it: it goes out as the
 * thread's second block, `delay` minutes after the post (its commentDelays entry).
 */

/** Comment limits, in graphemes: each network's own for a comment, not for a post. */
const firstCommentLimits = {
  instagram: 2200,
  linkedin: 1250,
  'linkedin-page': 1250,
  facebook: 8000,
} as const satisfies Partial<Record<PlatformType, number>>;

export type FirstCommentPlatform = keyof typeof firstCommentLimits;

export function takesFirstComment(platform: PlatformType): platform is FirstCommentPlatform {
  return platform in firstCommentLimits;
}

export { FirstComment } from './first-comment-schema.js';

/** Whether a first comment has anything to send. */
export function hasFirstComment(c: FirstComment | null | undefined): c is FirstComment {
  return !!c && c.content.trim() !== '';
}

/** The comment's length on one platform, against its comment limit. */
export function firstCommentCount(
  platform: FirstCommentPlatform,
  content: string,
): { length: number | 'too long' | 'word too long'; limit: number } {
  return { length: measureText(platform, content), limit: firstCommentLimits[platform] };
}

/** The problem of a first comment on one account, if any (path `firstComment`). */
export function firstCommentIssues(
  comment: FirstComment | null | undefined,
  platform: PlatformType,
  target: number,
): ValidationIssue[] {
  if (!hasFirstComment(comment) || !takesFirstComment(platform)) return [];
  const { length, limit } = firstCommentCount(platform, comment.content);
  if (typeof length === 'number' && length <= limit) return [];
  const label = platformRules[platform].label;
  return [
    {
      target,
      path: 'firstComment',
      message:
        typeof length === 'number'
          ? `The first comment is ${length} characters; ${label} takes ${limit} in a comment.`
          : `The first comment is too long for ${label} (${limit} characters at most).`,
    },
  ];
}

/**
 * The blocks and delays as the API takes them: the first comment becomes the second block, its
 * delay the first commentDelays entry; later blocks keep theirs (0 when none was given).
 */
export function withFirstComment<B>(
  blocks: readonly B[],
  delays: readonly number[] | undefined,
  comment: FirstComment | null | undefined,
  makeBlock: (content: string) => B,
): { blocks: B[]; delays: number[] | undefined } {
  if (!hasFirstComment(comment) || blocks.length === 0)
    return { blocks: [...blocks], delays: delays && [...delays] };
  const [first, ...rest] = blocks as [B, ...B[]];
  const later = rest.map((_, i) => delays?.[i] ?? 0);
  return { blocks: [first, makeBlock(comment.content), ...rest], delays: [comment.delay, ...later] };
}

/**
 * "Move hashtags to the first comment": every hashtag leaves the post's text (with the space before
 * it, and any line left empty) and is added to the end of the comment, in order, once each.
 */
export function moveHashtags(text: string, comment: string): { text: string; comment: string } {
  const tags = twitterText.extractHashtagsWithIndices(text);
  if (tags.length === 0) return { text, comment };
  let rest = '';
  let at = 0;
  for (const t of tags) {
    const [start, end] = t.indices;
    rest += text.slice(at, start).replace(/[ \t]+$/, '');
    at = end;
  }
  rest += text.slice(at);
  const cleaned = rest
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const have = new Set(twitterText.extractHashtags(comment).map((h) => h.toLowerCase()));
  const added: string[] = [];
  for (const t of tags) {
    if (have.has(t.hashtag.toLowerCase())) continue;
    have.add(t.hashtag.toLowerCase());
    added.push(`#${t.hashtag}`);
  }
  const joined = added.join(' ');
  const nextComment =
    comment.trim() === '' ? joined : joined === '' ? comment : `${comment.trimEnd()}\n${joined}`;
  return { text: cleaned, comment: nextComment };
}

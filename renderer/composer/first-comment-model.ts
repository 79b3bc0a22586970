import { MAX_COMMENT_DELAY_MINUTES } from '../../shared/api/resources.js';
import { moveHashtags, type FirstComment } from '../../shared/platforms/first-comment.js';
import type { PlatformType } from '../../shared/platforms/types.js';
import type { WorkingDraft } from './draft-model.js';

/*
 * Edits of a draft's first comment, as pure functions (beside draft-model.ts, which holds the
 * thread's). The comment is one for every account that takes one (Instagram, LinkedIn, Facebook).
 */

const current = (d: WorkingDraft): FirstComment => d.firstComment ?? { content: '', delay: 0 };

export function setFirstCommentText(d: WorkingDraft, content: string): WorkingDraft {
  return { ...d, firstComment: { ...current(d), content } };
}

export function setFirstCommentDelay(d: WorkingDraft, minutes: number): WorkingDraft {
  const delay = Number.isFinite(minutes)
    ? Math.min(MAX_COMMENT_DELAY_MINUTES, Math.max(0, Math.round(minutes)))
    : 0;
  return { ...d, firstComment: { ...current(d), delay } };
}

/**
 * "Move hashtags to the first comment": from the shared text's first block, and from the first
 * block of each Instagram, LinkedIn or Facebook account's own text, into the comment.
 */
export function moveHashtagsToFirstComment(
  d: WorkingDraft,
  takes: (platform: PlatformType) => boolean,
): WorkingDraft {
  let comment = current(d).content;
  const move = (text: string) => {
    const moved = moveHashtags(text, comment);
    comment = moved.comment;
    return moved.text;
  };
  const first = d.blocks[0];
  const blocks = first ? [{ ...first, content: move(first.content) }, ...d.blocks.slice(1)] : d.blocks;
  const targets = d.targets.map((t) => {
    const own = t.blocks?.[0];
    if (!t.blocks || !own || !takes(t.platform)) return t;
    return { ...t, blocks: [{ ...own, content: move(own.content) }, ...t.blocks.slice(1)] };
  });
  return { ...d, blocks, targets, firstComment: { ...current(d), content: comment } };
}

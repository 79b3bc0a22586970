import { describe, expect, it } from 'vitest';
import { takesFirstComment } from '../../shared/platforms/first-comment.js';
import { addTarget, emptyDraft, setBlockText, startOverride } from './draft-model.js';
import {
  moveHashtagsToFirstComment,
  setFirstCommentDelay,
  setFirstCommentText,
} from './first-comment-model.js';

describe('first comment edits', () => {
  it("moves the hashtags of the shared text and of an Instagram account's own text, not an X account's", () => {
    let d = emptyDraft('d1', null, null);
    d = addTarget(d, { id: 'ig', platform: 'instagram' });
    d = addTarget(d, { id: 'x', platform: 'x' });
    d = setBlockText(d, null, 0, 'New roast #coffee #harbor');
    d = startOverride(d, 'ig');
    d = setBlockText(d, 'ig', 0, 'For Instagram #latte');
    d = startOverride(d, 'x');
    d = setBlockText(d, 'x', 0, 'For X #coffee');
    d = setFirstCommentText(d, 'Menu in bio');
    const moved = moveHashtagsToFirstComment(d, takesFirstComment);
    expect(moved.blocks[0]?.content).toBe('New roast');
    expect(moved.targets.find((t) => t.integrationId === 'ig')?.blocks?.[0]?.content).toBe('For Instagram');
    expect(moved.targets.find((t) => t.integrationId === 'x')?.blocks?.[0]?.content).toBe('For X #coffee');
    expect(moved.firstComment).toEqual({ content: 'Menu in bio\n#coffee #harbor\n#latte', delay: 0 });
  });
  it('keeps the delay within 0 to 1440 minutes', () => {
    const d = emptyDraft('d1', null, null);
    expect(setFirstCommentDelay(d, 5000).firstComment?.delay).toBe(1440);
    expect(setFirstCommentDelay(d, -3).firstComment?.delay).toBe(0);
    expect(setFirstCommentDelay(d, Number.NaN).firstComment?.delay).toBe(0);
  });
});

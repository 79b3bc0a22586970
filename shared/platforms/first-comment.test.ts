import { describe, expect, it } from 'vitest';
import { firstCommentIssues, moveHashtags, withFirstComment } from './first-comment.js';

describe('first comment', () => {
  it('moves every hashtag to the end of the comment, once each, and tidies the text left', () => {
    expect(
      moveHashtags('Autumn menu #coffee is here #Coffee\n\n#harbor #latte', 'Menu: example.com #latte'),
    ).toEqual({
      text: 'Autumn menu is here',
      comment: 'Menu: example.com #latte\n#coffee #harbor',
    });
    expect(moveHashtags('No tags here', '')).toEqual({ text: 'No tags here', comment: '' });
    expect(moveHashtags('قهوة #قهوة', '')).toEqual({ text: 'قهوة', comment: '#قهوة' });
  });
  it('goes out as the second block with its delay first; later blocks keep theirs', () => {
    const block = (content: string) => ({ content });
    expect(withFirstComment([block('post')], undefined, { content: '#tags', delay: 5 }, block)).toEqual({
      blocks: [block('post'), block('#tags')],
      delays: [5],
    });
    expect(withFirstComment([block('a'), block('b')], [7], { content: 'c', delay: 0 }, block)).toEqual({
      blocks: [block('a'), block('c'), block('b')],
      delays: [0, 7],
    });
    expect(withFirstComment([block('a')], undefined, { content: '  ', delay: 3 }, block)).toEqual({
      blocks: [block('a')],
      delays: undefined,
    });
  });
  it("checks the network's comment limit, not its post limit", () => {
    const long = { content: 'a'.repeat(1251), delay: 0 };
    expect(firstCommentIssues(long, 'linkedin', 2)).toEqual([
      {
        target: 2,
        path: 'firstComment',
        message: 'The first comment is 1251 characters; LinkedIn takes 1250 in a comment.',
      },
    ]);
    expect(firstCommentIssues(long, 'instagram', 0)).toEqual([]);
    expect(firstCommentIssues(long, 'x', 0)).toEqual([]);
  });
});

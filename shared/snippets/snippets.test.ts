import { describe, expect, it } from 'vitest';
import { measureText } from '../platforms/text-length.js';
import { expandAt, insertAt, matchSnippets, slashQueryAt } from './expand.js';
import { signedDraft, signText } from './signature.js';

const snippets = [
  { id: '1', name: 'hashtags', body: '#coffee #barista' },
  { id: '2', name: 'hours', body: 'Open 7–19, Mon to Sat.' },
  { id: '3', name: 'cta', body: 'Order ahead in the app.' },
  { id: '4', name: 'tech-hashtags', body: '#espresso #grinder' },
];

describe('snippet expansion', () => {
  it('finds a /query that starts a word, never a slash inside a URL or a word', () => {
    expect(slashQueryAt('Hello /ha', 9)).toEqual({ start: 6, query: 'ha' });
    expect(slashQueryAt('/', 1)).toEqual({ start: 0, query: '' });
    expect(slashQueryAt('Line\n/cta', 9)).toEqual({ start: 5, query: 'cta' });
    expect(slashQueryAt('see https://x.com/ha', 20)).toBeNull();
    expect(slashQueryAt('and/or', 6)).toBeNull();
    // Only what is before the caret counts.
    expect(slashQueryAt('Hello /ha and more', 9)).toEqual({ start: 6, query: 'ha' });
    expect(slashQueryAt('Hello /ha and more', 13)).toBeNull();
  });

  it('matches names that start with the query first, then names that contain it', () => {
    expect(matchSnippets(snippets, 'ha').map((s) => s.name)).toEqual(['hashtags', 'tech-hashtags']);
    expect(matchSnippets(snippets, 'H').map((s) => s.name)).toEqual(['hashtags', 'hours', 'tech-hashtags']);
    expect(matchSnippets(snippets, '').map((s) => s.name)).toEqual([
      'cta',
      'hashtags',
      'hours',
      'tech-hashtags',
    ]);
    expect(matchSnippets(snippets, 'zzz')).toEqual([]);
  });

  it('replaces the /query with the body and puts the caret after it', () => {
    expect(expandAt('Fresh beans /ha today', 15, snippets[0]!)).toEqual({
      text: 'Fresh beans #coffee #barista today',
      caret: 28,
    });
    expect(expandAt('no query', 8, snippets[0]!)).toBeNull();
  });

  it('inserts from the menu at the caret, with a space when a word touches it', () => {
    expect(insertAt('Come in', 7, snippets[1]!)).toEqual({
      text: 'Come in Open 7–19, Mon to Sat.',
      caret: 30,
    });
    expect(insertAt('Come in ', 8, snippets[1]!).text).toBe('Come in Open 7–19, Mon to Sat.');
    expect(insertAt('', 0, snippets[2]!)).toEqual({ text: 'Order ahead in the app.', caret: 23 });
    expect(insertAt('abc', 99, snippets[2]!).text).toBe('abc Order ahead in the app.');
  });
});

describe('signatures', () => {
  it('appends after an empty line, once, and leaves accounts without one alone', () => {
    expect(signText('Hello  \n', '— Harbor')).toBe('Hello\n\n— Harbor');
    expect(signText('Hello\n\n— Harbor', '— Harbor')).toBe('Hello\n\n— Harbor');
    expect(signText('', '— Harbor')).toBe('— Harbor');
    expect(signText('Hello', '   ')).toBe('Hello');
  });

  const draft = {
    blocks: [
      { content: 'New roast today 🎉', media: [] },
      { content: 'Second block', media: [] },
    ],
    targets: [
      { integrationId: 'x1', platform: 'x', blocks: null },
      { integrationId: 'li', platform: 'linkedin', blocks: [{ content: 'Own text', media: [] }] },
      { integrationId: 'th', platform: 'threads', blocks: null },
    ],
  };
  const sigs = new Map([
    ['x1', '#HarborCoffee'],
    ['li', '— The Harbor team'],
  ]);

  it('signs the first block of each account with a signature; the shared text stays as typed', () => {
    const signed = signedDraft(draft, sigs);
    expect(signed.blocks).toBe(draft.blocks);
    expect(signed.targets[0]?.blocks?.map((b) => b.content)).toEqual([
      'New roast today 🎉\n\n#HarborCoffee',
      'Second block',
    ]);
    expect(signed.targets[1]?.blocks?.map((b) => b.content)).toEqual(['Own text\n\n— The Harbor team']);
    expect(signed.targets[2]).toBe(draft.targets[2]);
    // Removed for this post: nothing is added.
    expect(signedDraft({ ...draft, signature: false }, sigs)).toEqual({ ...draft, signature: false });
  });

  it('counts the signed text as the platforms do: the counter and the sent text agree', () => {
    const signed = signedDraft(draft, sigs);
    const sent = signed.targets[0]?.blocks?.[0]?.content ?? '';
    // X weighs the emoji as 2; the signature and its empty line add 2 + 13.
    expect(measureText('x', 'New roast today 🎉')).toBe(18);
    expect(measureText('x', sent)).toBe(18 + 2 + 13);
    expect(measureText('linkedin', signed.targets[1]?.blocks?.[0]?.content ?? '')).toBe(8 + 2 + 17);
  });
});

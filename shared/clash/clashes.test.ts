import { describe, expect, it } from 'vitest';
import { findClashes, normalizeClashText, quoteOf, type ClashPost } from './clashes.js';

const at = (s: string) => Date.parse(s);
const post = (
  id: string,
  when: string,
  text = `text ${id}`,
  integrationId = 'acc-x',
  platform = 'x',
): ClashPost => ({
  id,
  integrationId,
  accountName: integrationId === 'acc-x' ? '@brand' : integrationId,
  platform,
  at: at(when),
  text,
});

describe('findClashes: the gap between two posts of one account', () => {
  const existing = [post('a', '2026-12-01T10:00:00Z'), post('b', '2026-12-01T14:00:00Z')];

  it('warns when a candidate lands within the gap of another post of the same account, naming both', () => {
    const warnings = findClashes([post('new', '2026-12-01T10:30:00Z')], existing, { gapMinutes: 60 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      kind: 'gap',
      postId: 'new',
      otherId: 'a',
      minutesApart: 30,
      accountName: '@brand',
    });
    expect(warnings[0]!.message).toContain('@brand would post twice within 30 min');
    expect(warnings[0]!.message).toContain('60 min between posts');
  });

  it('is quiet at exactly the gap, for another account, and when the gap is 0 (off)', () => {
    expect(findClashes([post('new', '2026-12-01T11:00:00Z')], existing, { gapMinutes: 60 })).toEqual([]);
    expect(
      findClashes([post('new', '2026-12-01T10:10:00Z', 'x', 'acc-li', 'linkedin')], existing, {
        gapMinutes: 60,
      }),
    ).toEqual([]);
    expect(findClashes([post('new', '2026-12-01T10:10:00Z')], existing, { gapMinutes: 0 })).toEqual([]);
  });

  it('compares a moved post from where it lands, not with its old self', () => {
    // "a" moves 20 minutes later: its old copy in `existing` must not count.
    expect(findClashes([post('a', '2026-12-01T10:20:00Z')], existing, { gapMinutes: 60 })).toEqual([]);
  });

  it('compares candidates with each other (two moved posts landing together)', () => {
    const warnings = findClashes(
      [post('c1', '2026-12-05T09:00:00Z'), post('c2', '2026-12-05T09:15:00Z')],
      existing,
      { gapMinutes: 60 },
    );
    expect(warnings.map((w) => `${w.postId}->${w.otherId}`).sort()).toEqual(['c1->c2', 'c2->c1']);
  });
});

describe('findClashes: the same text twice within 7 days', () => {
  it('warns for exact text (after trim and NFC) and says X refuses it on X', () => {
    const existing = [post('a', '2026-12-01T10:00:00Z', 'Café opens today')];
    // "e" + combining acute accent is NFC-equal to "é"; surrounding spaces are ignored.
    const warnings = findClashes(
      [post('n', '2026-12-06T10:00:00Z', '  Cafe\u0301 opens today \n')],
      existing,
      { gapMinutes: 60 },
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ kind: 'duplicate', otherId: 'a' });
    expect(warnings[0]!.message).toContain('X refuses the same text twice');
  });

  it('keeps case, looks 7 days either way only, and only on the same account', () => {
    const existing = [post('a', '2026-12-01T10:00:00Z', 'Hello')];
    expect(findClashes([post('n', '2026-12-03T10:00:00Z', 'hello')], existing, { gapMinutes: 60 })).toEqual(
      [],
    );
    expect(findClashes([post('n', '2026-12-08T10:00:00Z', 'Hello')], existing, { gapMinutes: 60 })).toEqual(
      [],
    );
    expect(
      findClashes([post('n', '2026-11-25T10:01:00Z', 'Hello')], existing, { gapMinutes: 60 }),
    ).toHaveLength(1);
    expect(
      findClashes([post('n', '2026-12-03T10:00:00Z', 'Hello', 'other', 'linkedin')], existing, {
        gapMinutes: 60,
      }),
    ).toEqual([]);
  });

  it('does not mention X for other platforms, and ignores empty texts', () => {
    const existing = [
      post('a', '2026-12-01T10:00:00Z', 'Same', 'li', 'linkedin'),
      post('e', '2026-12-01T09:00:00Z', ' ', 'li', 'linkedin'),
    ];
    const [w] = findClashes([post('n', '2026-12-02T10:00:00Z', 'Same', 'li', 'linkedin')], existing, {
      gapMinutes: 60,
    });
    expect(w!.message).not.toContain('X refuses');
    expect(
      findClashes([post('n2', '2026-12-03T09:00:00Z', '', 'li', 'linkedin')], existing, { gapMinutes: 60 }),
    ).toEqual([]);
  });

  it('normalizeClashText trims and composes, nothing else', () => {
    expect(normalizeClashText('  A  b\u0301 ')).toBe('A  b\u0301'.normalize('NFC'));
  });
});

describe('findClashes: a crowded day', () => {
  it('names at most three other posts per candidate and kind', () => {
    const crowd = Array.from({ length: 10 }, (_, i) => post(`c${i}`, `2026-12-01T10:0${i}:00Z`, 'Same'));
    const warnings = findClashes([post('n', '2026-12-01T10:05:30Z', 'Same')], crowd, { gapMinutes: 60 });
    expect(warnings.filter((w) => w.kind === 'gap')).toHaveLength(3);
    expect(warnings.filter((w) => w.kind === 'duplicate')).toHaveLength(3);
  });
});

describe('how a warning names times and posts', () => {
  it('gives the two times earlier first, whichever post is the one moved', () => {
    const fmt = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const [w] = findClashes([post('late', '2026-12-01T10:30:00Z')], [post('a', '2026-12-01T10:00:00Z')], {
      gapMinutes: 60,
      formatTime: fmt,
    });
    expect(w!.message).toContain('at 10:00 and 10:30');
  });

  it('quotes a post by its first line, cut at a word with an ellipsis', () => {
    expect(
      quoteOf('\n  Latte art throwdown this Friday at the roastery on Harbor Street, bring friends'),
    ).toBe('Latte art throwdown this Friday at the roastery on Harbor…');
    expect(quoteOf('Short one\nsecond line')).toBe('Short one');
    expect(quoteOf('   ')).toBe('(no text)');
    // One long word is cut inside it, still with the ellipsis.
    expect(quoteOf('x'.repeat(80))).toBe(`${'x'.repeat(59)}…`);
  });
});

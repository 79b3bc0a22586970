import fc from 'fast-check';
import twitterText from 'twitter-text';
import { describe, expect, it } from 'vitest';
import { measureText } from './text-length.js';
import { X_MAX_TEXT_LENGTH } from './text.js';
import { parseXText, X_MAX_LINKED_WORD } from './x-weighted.js';
import { watchTwitterText } from '../../test/support/counting.js';

/*
 * x-weighted.ts rewrites texts before twitter-text sees them; these check that it still answers
 * exactly what twitter-text's parseTweet answers, on texts built to hit its URL matcher's rules,
 * and that the texts that made it quadratic now count in time linear in their length.
 */

const expected = (text: string) => {
  const r = twitterText.parseTweet(text);
  return { weightedLength: r.weightedLength, valid: r.valid };
};

/** Pieces of links and of what sits around them: TLDs, labels, path and query marks, whitespace. */
const TOKENS = [
  ...['a', 'b', 'Z', '1', 'é', 'ß', 'д', '한', '中', 'ab', 'x-y', 'a_b'],
  ...['😀', '👍🏽', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '1️⃣', 'e\u0301', '\u200F', '\uFEFF', '"'],
  ...[
    '.',
    '.',
    '.',
    ',',
    '-',
    '_',
    '/',
    ':',
    '?',
    '#',
    '@',
    '(',
    ')',
    '$',
    '&',
    '=',
    '!',
    "'",
    '%',
    '~',
    '+',
    '<',
    '\\',
  ],
  ...[' ', ' ', '\n', '\u3000', '\u2000', '\u00A0'],
  ...['com', 'co', 'uk', 'ac', 'COM', 'xn--p1ai', 'xn--', 'onion', 'community', 'рф', '中国'],
  ...['https://', 'http://', 't.co/', '.com', 'a.co', 'x.com/', '://', '..', '?q=1'],
];
const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...TOKENS), { maxLength }).map((parts) => parts.join(''));

const fill = (units: number, unit: string, head = '', tail = '') =>
  head + unit.repeat(Math.floor((units - head.length - tail.length) / unit.length)) + tail;

/** The texts that made twitter-text quadratic, at a given length. */
const adversarial = (units: number): [string, string][] => [
  ['"a." repeated', fill(units, 'a.')],
  ['"a-" repeated, then " x.y"', fill(units, 'a-', '', ' x.y')],
  ['"a_" repeated, then " x.y"', fill(units, 'a_', '', ' x.y')],
  ['"-a" repeated, then " x.y"', fill(units, '-a', '', ' x.y')],
  ['"a.com" then ".a" repeated', fill(units, '.a', 'a.com')],
  ['"https://x.com/" then "(a)" repeated', fill(units, '(a)', 'https://x.com/')],
  ['"a." repeated, then ".com"', fill(units, 'a.', '', '.com')],
  ['"a.com." repeated', fill(units, 'a.com.')],
  ['"a- " repeated, then "a.com"', fill(units, 'a- ', '', 'a.com')],
];

describe('X weighted length without twitter-text quadratic cases', () => {
  it('equals parseTweet (weighted length and verdict) on generated texts', () => {
    fc.assert(
      fc.property(text(40), (t) => {
        expect(parseXText(t)).toEqual(expected(t));
      }),
      { numRuns: 6000, seed: 1515 },
    );
    fc.assert(
      fc.property(text(400), (t) => {
        expect(parseXText(t)).toEqual(expected(t));
      }),
      { numRuns: 400, seed: 1516 },
    );
  });

  it('equals parseTweet on the known worst cases, at sizes twitter-text still parses quickly', () => {
    for (const [name, t] of adversarial(3000)) {
      expect(parseXText(t), name).toEqual(expected(t));
      expect(parseXText(`${t}x`), name).toEqual(expected(`${t}x`));
    }
    // Counted words with a domain in them, glued punctuation and all.
    const link = `https://example.com/${'p'.repeat(4068)}`;
    for (const t of [
      `(${link}),`,
      `${link} ${link}`,
      `a.b.c.d.example.co.uk/x?y=1.`,
      `${'a_'.repeat(100)}a.com`,
    ]) {
      expect(parseXText(t)).toEqual(expected(t));
    }
  });

  it('refuses uncounted a word with a possible domain longer than X_MAX_LINKED_WORD', () => {
    const word = fill(X_MAX_LINKED_WORD + 2, 'a-', '', ',a.com');
    expect(parseXText(word).weightedLength).toBe('word too long');
    expect(parseXText(word.slice(-X_MAX_LINKED_WORD))).toEqual(expected(word.slice(-X_MAX_LINKED_WORD)));
    // Dots no domain can hold do not count as such: "a." repeated is counted, however long.
    expect(parseXText(fill(X_MAX_TEXT_LENGTH, 'a.')).weightedLength).toBe(X_MAX_TEXT_LENGTH);
  });

  it('hands twitter-text each known worst case at the X cap only in pieces it parses in linear time', () => {
    // twitter-text's time grows with the square of a word holding dots. What reaches it: each unit
    // of the text at most once, and no word with a dot longer than X_MAX_LINKED_WORD (longer ones
    // are refused uncounted, dots no domain can hold are rewritten). The counting's speed at the
    // cap is bench/text.bench.ts's ("X, ... at the cap", target 16 ms a keystroke).
    const parsed = watchTwitterText();
    for (const [name, t] of adversarial(X_MAX_TEXT_LENGTH)) {
      parsed.clear();
      measureText('x', t);
      expect(parsed.total(), name).toBeLessThanOrEqual(t.length);
      const dotted = parsed.texts.filter((w) => w.includes('.')).map((w) => w.length);
      expect(Math.max(0, ...dotted), name).toBeLessThanOrEqual(X_MAX_LINKED_WORD);
    }
  });
});

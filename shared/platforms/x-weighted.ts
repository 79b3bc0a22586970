import twitterText from 'twitter-text';
import { z } from 'zod';

/*
 * X's weighted length as twitter-text's parseTweet gives it, without its worst case: its URL
 * matcher (regexen.extractUrl) is tried after every punctuation mark and, where no domain can
 * end, scans the rest of the word and backtracks, so "a." repeated takes seconds.
 * The text is cut and rewritten only in ways that cannot change parseTweet's answer, proven
 * against it by the property tests in x-weighted.test.ts:
 *
 * 1. Before whitespace (twitter-text's own `spaces`): no link, emoji or NFC composition spans
 *    it, and a link never starts at it. So a text weighs the sum of its words, each with the
 *    whitespace before it, and a word already counted is remembered: a keystroke changes one.
 * 2. In a word, a '.' that no domain can contain or follow becomes ','. A domain is labels joined
 *    by dots and ends with a dot before a top-level domain, so a dot is in one only if the
 *    character before it can end a label and the labels after it reach such a dot, and a domain
 *    starts after it only if those labels do. Elsewhere '.' and ',' are the same to twitter-text:
 *    both may precede a link with https:// (only before one without do they differ), both are
 *    path and query characters and neither ends a path or a query, both weigh 1, neither is in an
 *    emoji.
 *    A word left without a dot has no link: twitter-text then returns at once.
 * 3. What is left, words holding a possible domain, is parsed as is when no longer than a link
 *    and a whole post besides (X_MAX_LINKED_WORD); a longer one is not counted at all.
 */

const regexen = z
  .object({
    spaces: z.instanceof(RegExp),
    validDomainChars: z.instanceof(RegExp),
    validGTLD: z.instanceof(RegExp),
    validCCTLD: z.instanceof(RegExp),
    validPunycode: z.instanceof(RegExp),
  })
  .parse(twitterText.regexen);

/** The parts of twitter-text's counting configuration the X bound is derived from (untyped in @types). */
const XConfig = z.object({
  maxWeightedTweetLength: z.number().int().positive(),
  transformedURLLength: z.number().int().positive(),
  defaultWeight: z.number().int().positive(),
  scale: z.number().int().positive(),
});
export const xConfig = z.object({ configs: z.object({ defaults: XConfig }) }).parse(twitterText)
  .configs.defaults;

/** X's limit in weighted characters, as twitter-text's own configuration states it. */
export const X_WEIGHTED_LIMIT = xConfig.maxWeightedTweetLength;

/** twitter-text's MAX_URL_LENGTH (dist/extractUrlsWithIndices.js, not exported). */
export const X_MAX_URL_LENGTH = 4096;
/**
 * The longest word (no whitespace) that still holds a possible domain and is counted: a link of
 * the longest kind with a whole post's worth of characters glued to it. twitter-text takes up to
 * ~15 ms on one this long; a longer word is "too long to count", the price being that a valid
 * post is refused when a link of thousands of characters has another one, or hundreds of units
 * of emoji (2 for up to 14 units), glued to it.
 */
export const X_MAX_LINKED_WORD = X_MAX_URL_LENGTH + X_WEIGHTED_LIMIT;

/**
 * A word and the whitespace before it, which twitter-text then takes as the character before a
 * link, as in the whole text. Not the whitespace after: at the start of a text twitter-text takes
 * the first character as that one if it can ("éx.com" links "x.com" only).
 */
const WORDS = new RegExp(`${regexen.spaces.source}*[^${regexen.spaces.source.slice(1, -1)}]*`, 'g');
/** A top-level domain right at lastIndex, with twitter-text's own lookahead after it. */
const TLD = new RegExp(
  `(?:${regexen.validGTLD.source}|${regexen.validCCTLD.source}|${regexen.validPunycode.source})`,
  'iy',
);
const DOMAIN_CHAR = regexen.validDomainChars;

export interface XWeight {
  /** Weighted length, or 'word too long' when a word with a possible link was not counted. */
  weightedLength: number | 'word too long';
  /** parseTweet's verdict: within the limit, not empty, no invalid character. */
  valid: boolean;
}

export function parseXText(text: string): XWeight {
  const normalized = text.normalize('NFC');
  let weightedLength = 0;
  for (const word of normalized.match(WORDS) ?? []) {
    const w = weighWord(word);
    if (w === 'word too long') return { weightedLength: w, valid: false };
    weightedLength += w;
  }
  return {
    weightedLength,
    valid: weightedLength > 0 && weightedLength <= X_WEIGHTED_LIMIT && !hasCharactersXRefuses(normalized),
  };
}

/** Words with a possible domain, already weighed: the composer weighs the same words each keystroke. */
const remembered = new Map<string, number>();
const REMEMBERED_WORDS = 512;

function weighWord(word: string): number | 'word too long' {
  if (!word.includes('.')) return twitterText.parseTweet(word).weightedLength;
  const known = remembered.get(word);
  if (known !== undefined) return known;
  const rewritten = withoutDeadDots(word);
  if (rewritten.includes('.') && rewritten.length > X_MAX_LINKED_WORD) return 'word too long';
  const w = twitterText.parseTweet(rewritten).weightedLength;
  if (rewritten.includes('.')) {
    // Map keeps insertion order: drop the oldest once full.
    if (remembered.size >= REMEMBERED_WORDS) remembered.delete(remembered.keys().next().value ?? '');
    remembered.set(word, w);
  }
  return w;
}

/** A label of a domain before its last dot, and one before an inner dot (validSubdomain). */
const D = DOMAIN_CHAR.source;
const NAME_LABEL = new RegExp(`^${D}(?:(?:-|${D})*${D})?$`);
const SUB_LABEL = new RegExp(`^${D}(?:(?:[-_]|${D})*${D})?$`);

/** The word with ',' for every '.' no domain can contain (see 2. above). Linear in the word. */
function withoutDeadDots(word: string): string {
  const chars = word.split('');
  // Right to left, remembering of the nearest dot on the right whether a top-level domain follows
  // it and whether labels after it reach one (so it can be a dot inside a domain).
  let next = -1;
  let nextTld = false;
  let nextInner = false;
  for (let i = word.length - 1; i >= 0; i--) {
    if (word[i] !== '.') continue;
    TLD.lastIndex = i + 1;
    const tld = TLD.test(word);
    let inner = false;
    if (next !== -1) {
      const label = word.slice(i + 1, next);
      inner = (nextTld && NAME_LABEL.test(label)) || (nextInner && SUB_LABEL.test(label));
    }
    // Kept when a domain can start after it (it may be the character before a link, which rules
    // out links without https://) or end at it.
    const before = word[i - 1];
    const ends = tld && before !== undefined && DOMAIN_CHAR.test(before);
    if (!inner && !ends) chars[i] = ',';
    next = i;
    nextTld = tld;
    nextInner = inner;
  }
  return chars.join('');
}

/**
 * Whether X refuses the text for the invisible characters twitter-text calls invalid (U+FFFE,
 * U+FEFF, U+FFFF): its own check, a single linear regex.
 */
export function hasCharactersXRefuses(text: string): boolean {
  return twitterText.hasInvalidCharacters(text);
}

import { parseXText, X_MAX_URL_LENGTH, X_WEIGHTED_LIMIT, xConfig } from './x-weighted.js';

export { X_WEIGHTED_LIMIT };

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** UTF-16 units Intl.Segmenter is given at once: its time grows faster than the text (1 s at 63 K). */
const SEGMENT_WINDOW = 1024;

/**
 * Code units that always stand alone on both sides of a grapheme boundary: printable ASCII,
 * Latin-1 letters, and the letters of CJK ideographs, kana and Hangul syllables. None of them is
 * Extend, ZWJ, SpacingMark, Prepend, a regional indicator, a pictograph, a Hangul jamo or an Indic
 * consonant, so between two of them Unicode's rules (UAX #29) always break. validate.test.ts checks
 * each against Intl.Segmenter.
 */
export function standsAlone(unit: number): boolean {
  return (
    (unit >= 0x20 && unit <= 0x7e) ||
    (unit >= 0xc0 && unit <= 0xff) ||
    (unit >= 0x3041 && unit <= 0x3096) ||
    (unit >= 0x30a1 && unit <= 0x30fa) ||
    (unit >= 0x4e00 && unit <= 0x9fff) ||
    (unit >= 0xac00 && unit <= 0xd7a3)
  );
}

/** Chunks no shorter than this, so a chunk's lookup costs little beside counting it. */
const MIN_CHUNK = 512;
/** Past this a chunk ends at the next boundary whatever its content (text with few cut points). */
const MAX_CHUNK = 4096;
/** Code units the cut rule looks back on: cuts depend on nearby content, not on offsets. */
const CUT_WINDOW = 16;
/** 31 to the power CUT_WINDOW, in 32-bit arithmetic, to drop the unit leaving the window. */
const POW_31_WINDOW = Array.from({ length: CUT_WINDOW }).reduce<number>((p) => Math.imul(p, 31), 1);

/**
 * Grapheme counts of recently counted chunks. The composer counts a block at every keystroke
 * (twice: counters and rules); cuts fall where the content says, so an edit changes the chunk it
 * is in and rarely the next, and the rest are looked up. Bounded: oldest entries go first.
 */
const chunkCounts = new Map<string, number>();
const MAX_REMEMBERED_CHUNKS = 1024;

/** User-perceived characters: an emoji with modifiers is one, as every platform but X counts. */
export function countGraphemes(text: string): number {
  // Printable ASCII without CR is one grapheme per character.
  if (/^[\x20-\x7e\t\n]*$/.test(text)) return text.length;
  if (text.length <= MIN_CHUNK * 2) return countWindowed(text);
  // Content-defined chunks (as rsync and backup tools cut files): a cut goes between two units
  // that stand alone, where a hash of the units before it has its low bits clear.
  let n = 0;
  let start = 0;
  let hash = 0;
  for (let i = 1; i < text.length; i++) {
    const unit = text.charCodeAt(i - 1);
    hash = (Math.imul(hash, 31) + unit) | 0;
    if (i > CUT_WINDOW) hash = (hash - Math.imul(text.charCodeAt(i - 1 - CUT_WINDOW), POW_31_WINDOW)) | 0;
    const length = i - start;
    if (length < MIN_CHUNK || !standsAlone(unit) || !standsAlone(text.charCodeAt(i))) continue;
    if ((hash & 0x1ff) !== 0 && length < MAX_CHUNK) continue;
    n += chunkCount(text.slice(start, i));
    start = i;
  }
  return n + chunkCount(text.slice(start));
}

function chunkCount(chunk: string): number {
  const known = chunkCounts.get(chunk);
  if (known !== undefined) return known;
  const n = countWindowed(chunk);
  if (chunkCounts.size >= MAX_REMEMBERED_CHUNKS)
    chunkCounts.delete(chunkCounts.keys().next().value as string);
  chunkCounts.set(chunk, n);
  return n;
}

/** Intl.Segmenter window by window, so its super-linear time stays in small pieces. */
function countWindowed(text: string): number {
  // Whether a boundary falls before a code point depends on it and on what lies to its left since
  // the last boundary, never further right: every cluster of a window but its last is final, and
  // the next window starts where that last one does.
  let n = 0;
  let start = 0;
  let window = SEGMENT_WINDOW;
  for (;;) {
    let end = start + window;
    if (end >= text.length) {
      for (const _ of segmenter.segment(text.slice(start))) n++;
      return n;
    }
    const unit = text.charCodeAt(end - 1);
    if (unit >= 0xd800 && unit <= 0xdbff) end++; // keep the window's last code point whole
    let clusters = 0;
    let lastStart = 0;
    for (const s of segmenter.segment(text.slice(start, end))) {
      clusters++;
      lastStart = s.index;
    }
    if (lastStart === 0) {
      window *= 2; // one cluster fills the window (marks stacked on one letter): widen it
      continue;
    }
    n += clusters - 1;
    start += lastStart;
    window = SEGMENT_WINDOW;
  }
}

/**
 * The longest match of twemoji-parser's pattern (the emoji matcher twitter-text uses), in UTF-16
 * units: a subdivision flag such as England's, which weighs like one character of defaultWeight.
 */
const X_MAX_EMOJI_LENGTH = 14;

/**
 * The longest text, in UTF-16 units after NFC (what twitter-text measures), that can weigh at
 * most X_WEIGHTED_LIMIT. A URL weighs transformedURLLength whatever its length up to
 * X_MAX_URL_LENGTH: about 178 units per weighted character, the most text can get. Every other
 * character weighs at least 1 per UTF-16 unit, except emoji: defaultWeight for up to
 * X_MAX_EMOJI_LENGTH units, 7 per weighted character. So the longest valid post is as many
 * maximal URLs as the limit holds (12) and emoji for the rest (4 weighted): 49,180. Measured after
 * NFC because a decomposed "é" (2 units) is one character inside a URL of 4,096.
 */
export const X_MAX_TEXT_LENGTH = (() => {
  const urls = Math.floor(X_WEIGHTED_LIMIT / xConfig.transformedURLLength);
  const rest = X_WEIGHTED_LIMIT - urls * xConfig.transformedURLLength;
  const emojiWeight = xConfig.defaultWeight / xConfig.scale;
  return urls * X_MAX_URL_LENGTH + Math.floor((rest / emojiWeight) * X_MAX_EMOJI_LENGTH);
})();

/**
 * X's weighted length, exactly as twitter-text counts it (URLs 23, CJK and emoji 2), without its
 * quadratic cases (x-weighted.ts), or 'word too long' when a word holding a possible link is too
 * long to count. Call it through measureText, which refuses a text longer than X_MAX_TEXT_LENGTH.
 */
export function countXWeighted(text: string): number | 'word too long' {
  return parseXText(text).weightedLength;
}

import { parseXText, X_MAX_URL_LENGTH, X_WEIGHTED_LIMIT, xConfig } from './x-weighted.js';

export { X_WEIGHTED_LIMIT };

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** UTF-16 units Intl.Segmenter is given at once: its time grows faster than the text (1 s at 63 K). */
const SEGMENT_WINDOW = 1024;

/** User-perceived characters: an emoji with modifiers is one, as every platform but X counts. */
export function countGraphemes(text: string): number {
  // Printable ASCII without CR is one grapheme per character.
  if (/^[\x20-\x7e\t\n]*$/.test(text)) return text.length;
  // Window by window. Whether a boundary falls before a code point depends on it and on what lies
  // to its left since the last boundary, never further right: every cluster of a window but its
  // last is final, and the next window starts where that last one does.
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

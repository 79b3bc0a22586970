import twitterText from 'twitter-text';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** User-perceived characters: an emoji with modifiers is one, as every platform but X counts. */
export function countGraphemes(text: string): number {
  // Printable ASCII without CR is one grapheme per character; Intl.Segmenter is slow on long texts.
  if (/^[\x20-\x7e\t\n]*$/.test(text)) return text.length;
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** X's weighted length, exactly as twitter-text counts it (URLs 23, CJK and emoji 2). */
export function countXWeighted(text: string): number {
  return twitterText.parseTweet(text).weightedLength;
}

import twitterText from 'twitter-text';
import { onTestFinished, vi } from 'vitest';

/*
 * Operation counters for the tests that guard against a blow-up on hostile input (issue 36 item 2:
 * nothing timed is a test). Instead of timing a call, a test looks at what reached the expensive
 * step: twitter-text's parsers (quadratic in a word with dots) and Intl.Segmenter (super-linear in
 * its input). Their speed on this machine is `npm run bench`'s business (bench/text.bench.ts).
 */

/** Every text handed to the expensive step, in call order. */
export interface Seen {
  texts: string[];
  /** Their lengths, in UTF-16 units. */
  lengths(): number[];
  /** Every text's length added up: the work done, in UTF-16 units. */
  total(): number;
  /** The longest single text handed over (0 when none was). */
  longest(): number;
  /** Forgets what was seen so far (e.g. after a warm-up). */
  clear(): void;
}

function seen(texts: string[]): Seen {
  const lengths = () => texts.map((t) => t.length);
  return {
    texts,
    lengths,
    total: () => lengths().reduce((a, b) => a + b, 0),
    longest: () => lengths().reduce((a, b) => Math.max(a, b), 0),
    clear: () => void texts.splice(0),
  };
}

/**
 * Records each text twitter-text is asked to parse (parseTweet, and extractEntitiesWithIndices as
 * the previews find links with it), until the test ends. The calls still go through.
 */
export function watchTwitterText(): Seen {
  const texts: string[] = [];
  const parse = twitterText.parseTweet.bind(twitterText);
  const extract = twitterText.extractEntitiesWithIndices.bind(twitterText);
  const parseSpy = vi.spyOn(twitterText, 'parseTweet').mockImplementation((text) => {
    texts.push(text);
    return parse(text);
  });
  const extractSpy = vi
    .spyOn(twitterText, 'extractEntitiesWithIndices')
    .mockImplementation((text: string) => {
      texts.push(text);
      return extract(text);
    });
  onTestFinished(() => {
    parseSpy.mockRestore();
    extractSpy.mockRestore();
  });
  return seen(texts);
}

/** Records each text Intl.Segmenter segments (every segmenter, made before or after), until the test ends. */
export function watchSegmenter(): Seen {
  const texts: string[] = [];
  const segment = Intl.Segmenter.prototype.segment;
  const spy = vi.spyOn(Intl.Segmenter.prototype, 'segment').mockImplementation(function (
    this: Intl.Segmenter,
    text: string,
  ) {
    texts.push(text);
    return segment.call(this, text);
  });
  onTestFinished(() => spy.mockRestore());
  return seen(texts);
}

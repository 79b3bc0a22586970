import { describe, expect, it } from 'vitest';
import { watchSegmenter, watchTwitterText } from '../../test/support/counting.js';
import { countXWeighted } from '../platforms/text.js';
import {
  cropOf,
  cropWarning,
  displayLink,
  firstLinkDomain,
  foldText,
  postedStamp,
  PREVIEW_MAX_SHOWN,
  previewLayouts,
  textParts,
  X_LINK_LENGTH,
} from './layout.js';

describe('foldText', () => {
  it('folds Instagram after 125 characters and LinkedIn after 210, keeping shorter texts whole', () => {
    const long = 'a'.repeat(300);
    expect(foldText(long, previewLayouts.instagram)).toEqual({ shown: 'a'.repeat(125), folded: true });
    expect(foldText(long, previewLayouts.linkedin)).toEqual({ shown: 'a'.repeat(210), folded: true });
    expect(foldText('a'.repeat(125), previewLayouts.instagram)).toEqual({
      shown: 'a'.repeat(125),
      folded: false,
    });
    expect(foldText(long, previewLayouts.bluesky).folded).toBe(false);
  });
  it('folds at the line limit before the character limit, but not on trailing empty lines', () => {
    expect(foldText('one\ntwo\nthree\nfour', previewLayouts.instagram)).toEqual({
      shown: 'one\ntwo',
      folded: true,
    });
    expect(foldText('one\ntwo\n\n', previewLayouts.instagram).folded).toBe(false);
  });
  it('counts an emoji as one character and never cuts it', () => {
    const family = '👨‍👩‍👧‍👦';
    const folded = foldText(family.repeat(130), previewLayouts.instagram);
    expect(folded.shown).toBe(family.repeat(125));
  });
});

describe('links', () => {
  const url = 'https://www.example.com/blog/2026/a-very-long-article-name?ref=newsletter';
  it('writes X links as the 23 characters twitter-text counts them as', () => {
    const shown = displayLink(url, 'x-short');
    expect([...shown]).toHaveLength(X_LINK_LENGTH);
    expect(shown).toBe('example.com/blog/2026/…');
    expect(countXWeighted(url)).toBe(X_LINK_LENGTH);
    expect(displayLink('https://t.co/abc', 'x-short')).toBe('t.co/abc');
  });
  it('keeps links as written on LinkedIn and shortens them on Bluesky', () => {
    expect(displayLink(url, 'as-written')).toBe(url);
    expect(displayLink(url, 'short')).toBe('example.com/blog/2026/a-very-…');
  });
  it('finds links, mentions and hashtags, and leaves links plain where the network does', () => {
    const text = 'Hi @maya see example.com/menu #coffee!';
    expect(textParts(text, 'as-written')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', text: '@maya' },
      { kind: 'text', text: ' see ' },
      { kind: 'link', text: 'example.com/menu', url: 'example.com/menu', domain: 'example.com' },
      { kind: 'text', text: ' ' },
      { kind: 'hashtag', text: '#coffee' },
      { kind: 'text', text: '!' },
    ]);
    expect(textParts(text, 'plain').map((p) => p.kind)).toEqual([
      'text',
      'mention',
      'text',
      'hashtag',
      'text',
    ]);
    expect(textParts('مرحبا #قهوة', 'plain')).toEqual([
      { kind: 'text', text: 'مرحبا ' },
      { kind: 'hashtag', text: '#قهوة' },
    ]);
  });
  it('names the domain of the first link for a card, with no fetch', () => {
    expect(firstLinkDomain(`Read ${url} and https://other.org`)).toBe('example.com');
    expect(firstLinkDomain('no link here')).toBeNull();
  });
});

describe('crop', () => {
  it('keeps a picture inside the range whole and crops one outside it to the nearest bound', () => {
    const ig = previewLayouts.instagram.frame;
    expect(cropOf(1080, 1080, ig)).toEqual({ frameRatio: 1, cut: 0, edges: null });
    const tall = cropOf(1000, 2000, ig); // 1:2 into 4:5
    expect(tall.frameRatio).toBe(4 / 5);
    expect(tall.cut).toBeCloseTo(1 - 0.5 / 0.8);
    expect(tall.edges).toBe('top and bottom');
    const wide = cropOf(3000, 1000, ig); // 3:1 into 1.91:1
    expect(wide.edges).toBe('sides');
    expect(cropWarning(wide, 'Instagram')).toBe('Instagram cuts 36% of this picture (sides).');
  });
  it('warns about a story frame cutting a landscape photo, never about a letterboxed video', () => {
    expect(cropWarning(cropOf(1600, 900, previewLayouts['instagram-story'].frame), 'Instagram')).toMatch(
      /cuts 68%/,
    );
    expect(cropOf(1600, 900, previewLayouts.tiktok.frame).cut).toBe(0);
    expect(cropWarning(cropOf(1000, 1010, previewLayouts.x.frame), 'X')).toBeNull();
    expect(cropOf(0, 0, previewLayouts.x.frame).cut).toBe(0);
  });
});

describe('X fold', () => {
  it('folds X by its weighted length: a long link counts 23, so a text of 300 characters may fit', () => {
    const url = `https://example.com/${'p'.repeat(60)}`;
    const text = `${'a'.repeat(200)} ${url} ${'b'.repeat(40)}`; // 302 characters, 265 weighted
    expect(countXWeighted(text)).toBe(265);
    expect(foldText(text, previewLayouts.x).folded).toBe(false);
    const long = `${'c'.repeat(279)}👍 and more`; // the emoji weighs 2 and would pass 280
    expect(foldText(long, previewLayouts.x)).toEqual({ shown: 'c'.repeat(279), folded: true });
  });
});

describe('long texts', () => {
  it('draws a 64,000-character paste from its first 5,000 units: folded there, long words left plain', () => {
    const paste = 'a.'.repeat(32_000);
    const parsed = watchTwitterText();
    const segmented = watchSegmenter();
    const layouts = Object.values(previewLayouts);
    for (const layout of layouts) {
      const folded = foldText(paste, layout);
      expect(folded.folded).toBe(true);
      textParts(folded.shown, layout.links);
      firstLinkDomain(paste);
    }
    // One pass of twitter-text over 5,000 units of this took ~0.5 s; each platform's preview did it.
    // What reaches the counters is cut at the fold's PREVIEW_MAX_SHOWN units whatever the paste's
    // length, and twitter-text gets no word with a dot longer than 1,000 units (layout.ts's
    // MAX_ENTITY_WORD; x-weighted.ts rewrites the dots no domain can hold). The time of a preview of
    // this paste is bench/text.bench.ts's.
    for (const seen of [parsed, segmented]) {
      expect(seen.longest()).toBeLessThanOrEqual(PREVIEW_MAX_SHOWN);
      expect(seen.total()).toBeLessThanOrEqual(layouts.length * PREVIEW_MAX_SHOWN);
    }
    const dotted = parsed.texts.filter((t) => t.includes('.')).map((t) => t.length);
    expect(Math.max(0, ...dotted)).toBeLessThanOrEqual(1000);
  });
  it('finds entities word by word as one pass finds them', () => {
    const text = 'a#b #c @d e@f x.com/y\n#z, (https://q.io/p) ＃全角 #😀';
    const oneByOne = textParts(text, 'as-written');
    expect(oneByOne.filter((p) => p.kind !== 'text')).toEqual([
      { kind: 'hashtag', text: '#c' },
      { kind: 'mention', text: '@d' },
      { kind: 'link', text: 'x.com/y', url: 'x.com/y', domain: 'x.com' },
      { kind: 'hashtag', text: '#z' },
      { kind: 'link', text: 'https://q.io/p', url: 'https://q.io/p', domain: 'q.io' },
      { kind: 'hashtag', text: '＃全角' },
    ]);
  });
});

describe('postedStamp', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('is null (each network writes its own "now") for a post not yet out, or out under a minute ago', () => {
    expect(postedStamp(null, now)).toBeNull();
    expect(postedStamp(undefined, now)).toBeNull();
    expect(postedStamp(ago(30_000), now)).toBeNull();
    expect(postedStamp(new Date(now + 3_600_000).toISOString(), now)).toBeNull();
    expect(postedStamp('not a date', now)).toBeNull();
  });
  it('writes minutes, hours and days the short way, then the date', () => {
    expect(postedStamp(ago(5 * 60_000), now)).toBe('5m');
    expect(postedStamp(ago(3 * 3_600_000), now)).toBe('3h');
    expect(postedStamp(ago(2 * 86_400_000), now)).toBe('2d');
    const older = postedStamp('2026-11-10T12:00:00Z', now)!;
    expect(older).toMatch(/10/);
    expect(older).not.toMatch(/2026/);
    expect(postedStamp('2025-11-10T12:00:00Z', now)).toMatch(/2025/);
  });
});

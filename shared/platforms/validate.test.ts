import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countGraphemes, standsAlone, countXWeighted, X_MAX_TEXT_LENGTH } from './text.js';
import { platformRules } from './rules.js';
import { validatePostTarget } from './validate.js';
import type { PostTarget } from '../api/resources.js';
import { watchSegmenter, watchTwitterText } from '../../test/support/counting.js';

const target = (over: Partial<PostTarget> = {}): PostTarget => ({
  integration: { id: 'int_1' },
  value: [{ content: 'hello', image: [] }],
  settings: { __type: 'x' },
  ...over,
});

describe('text counting', () => {
  it('counts X text with twitter-text weights: a URL is 23, an emoji 2', () => {
    expect(countXWeighted('a'.repeat(280))).toBe(280);
    expect(countXWeighted('see https://example.com/a/very/long/path/that/keeps/going')).toBe(4 + 23);
    expect(countXWeighted('👍')).toBe(2);
  });
  it('derives the X bound from what twitter-text still does: URLs up to 4,096 with https://, flags of 14 units', () => {
    const url = (n: number) => `https://example.com/${'p'.repeat(n - 'https://example.com/'.length)}`;
    // MAX_URL_LENGTH counts the protocol twice over (protocol + URL <= 4096): 4,088 is a link, 4,089 not.
    expect(countXWeighted(url(4088))).toBe(23);
    expect(countXWeighted(url(4089))).toBe(4089);
    const england = '🏴󠁧󠁢󠁥󠁮󠁧󠁿';
    expect([england.length, countXWeighted(england)]).toEqual([14, 2]);
    expect(X_MAX_TEXT_LENGTH).toBe(12 * 4096 + 2 * 14);
  });
  it('counts a family emoji as one grapheme', () => {
    expect(countGraphemes('👨‍👩‍👧‍👦')).toBe(1);
  });
  it('counts the graphemes of a long mixed text exactly, and in time linear in its length', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const slow = (t: string) => [...segmenter.segment(t)].length;
    const clusters = ['é', 'e\u0301\u0302', '👨‍👩‍👧‍👦', '🇫🇷🇩🇪', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '\r\n', '👍🏽', '한', 'a', ' '];
    for (let shift = 0; shift < 12; shift++) {
      const text =
        'x'.repeat(shift) +
        Array.from({ length: 900 }, (_, i) => clusters[(i * 7) % clusters.length]).join('');
      expect(countGraphemes(text)).toBe(slow(text));
    }
    const stacked = `é${'a\u0301'.repeat(600)}${'\u0301'.repeat(3000)}b`; // one cluster longer than a window
    expect(countGraphemes(stacked)).toBe(slow(stacked));
    // Intl.Segmenter alone grows faster than the text (~1 s for 63,206 units of this): it is given
    // windows of about a thousand units, each unit about once, never the whole text. (Its speed:
    // bench/text.bench.ts, "Facebook, 63206 characters of mixed text".)
    const prose = 'Café ☕ crème brûlée, déjà vu. '.repeat(2200).slice(0, platformRules.facebook.textLimit);
    const segmented = watchSegmenter();
    expect(countGraphemes(prose)).toBe(prose.length);
    expect(segmented.texts.length).toBeGreaterThan(0);
    expect(segmented.longest()).toBeLessThanOrEqual(2 * 1024);
    expect(segmented.total()).toBeLessThanOrEqual(prose.length * 1.1);
  });
});

describe('countGraphemes in chunks', () => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const slow = (t: string) => [...segmenter.segment(t)].length;

  it('cuts only between units Unicode always breaks between', () => {
    const ranges: [number, number][] = [
      [0x20, 0x7e],
      [0xc0, 0xff],
      [0x3041, 0x3096],
      [0x30a1, 0x30fa],
      [0x4e00, 0x9fff],
      [0xac00, 0xd7a3],
    ];
    const samples: string[] = [];
    for (const [from, to] of ranges) {
      for (let u = from; u <= to; u++) {
        const c = String.fromCharCode(u);
        expect(standsAlone(u)).toBe(true);
        // Not Extend, SpacingMark or ZWJ (would join the "a" before), not Prepend (would join the
        // "a" after), and no pair rule (regional indicators, Hangul) joins two of them.
        expect([slow('a' + c), slow(c + 'a'), slow(c + c)], `U+${u.toString(16)}`).toEqual([2, 2, 2]);
      }
      samples.push(String.fromCharCode(from), String.fromCharCode(to), String.fromCharCode((from + to) >> 1));
    }
    for (const a of samples) for (const b of samples) expect(slow(a + b)).toBe(2);
    for (const u of [0x0d, 0x0a, 0xad, 0x0301, 0x200d, 0x1100, 0x11a8, 0x0e33, 0xd83c, 0xfe0f])
      expect(standsAlone(u)).toBe(false);
  });

  const cluster = fc.constantFrom(
    'a',
    'b',
    ' ',
    '.',
    'é',
    'e\u0301',
    'e\u0301\u0302',
    '\u0301',
    '👨‍👩‍👧‍👦',
    '\u200d',
    '🇫🇷',
    '🇩',
    '🏴󠁧󠁢󠁥󠁮󠁧󠁿',
    '\r',
    '\n',
    '\r\n',
    '👍🏽',
    '한',
    '\u1100',
    '\u1161',
    '\u11a8',
    '漢',
    'か',
    'カ',
    '\u0e33',
    '\u0600',
    'क्',
    'ष',
    '\u094d',
    '\u00ad',
    '\ufe0f',
    '1\ufe0f\u20e3',
  );
  const longText = fc.array(cluster, { minLength: 300, maxLength: 6000 }).map((parts) => parts.join(''));

  it('counts as one Intl.Segmenter pass does, whatever the text and however it was edited', () => {
    fc.assert(
      fc.property(longText, fc.nat(), cluster, (text, at, typed) => {
        expect(countGraphemes(text)).toBe(slow(text));
        const i = at % (text.length + 1);
        const edited = text.slice(0, i) + typed + text.slice(i);
        expect(countGraphemes(edited)).toBe(slow(edited));
      }),
      { numRuns: 150, seed: 15 },
    );
  });

  it('counts a character typed into a long text without counting the whole text again', () => {
    const prose = 'Crème brûlée, 漢字と한국어 ☕ déjà vu! '
      .repeat(2200)
      .slice(0, platformRules.facebook.textLimit - 1);
    const whole = countGraphemes(prose);
    const segmented = watchSegmenter();
    for (const where of [0.25, 0.5, 0.75]) {
      const i = Math.floor(prose.length * where);
      const edited = prose.slice(0, i) + 'x' + prose.slice(i);
      segmented.clear();
      expect(countGraphemes(edited)).toBe(whole + 1);
      // Only the chunk holding the edit and the one or two whose cut it moves are segmented again
      // (a chunk is at most 4,096 units); the rest are looked up. Counted afresh, all 63,206 units
      // would be. (The keystroke's time: bench/text.bench.ts, "typed in the middle".)
      expect(segmented.total(), `typed at ${where}`).toBeLessThanOrEqual(3 * 4096);
    }
  });
});

describe('validatePostTarget', () => {
  it('refuses on X the invisible characters twitter-text calls invalid, and only on X', () => {
    for (const ch of ['\uFEFF', '\uFFFE', '\uFFFF']) {
      const issues = validatePostTarget(target({ value: [{ content: `Hello${ch} world` }] }), 0, 'x');
      expect(issues).toEqual([
        expect.objectContaining({ path: 'value.0.content', message: expect.stringMatching(/invisible/) }),
      ]);
      const bluesky = target({ value: [{ content: `Hello${ch} world` }], settings: { __type: 'bluesky' } });
      expect(validatePostTarget(bluesky, 0, 'bluesky')).toEqual([]);
    }
  });
  it('accepts X at its limit and refuses one past it', () => {
    expect(validatePostTarget(target({ value: [{ content: 'a'.repeat(280) }] }), 0, 'x')).toEqual([]);
    const issues = validatePostTarget(target({ value: [{ content: 'a'.repeat(281) }] }), 2, 'x');
    expect(issues).toEqual([expect.objectContaining({ target: 2, path: 'value.0.content' })]);
  });

  it('checks every text limit at and past its bound', () => {
    for (const rules of Object.values(platformRules)) {
      if (rules.type === 'x') continue;
      const settings = { __type: rules.type };
      const at = validatePostTarget(
        target({ settings, value: [{ content: 'b'.repeat(rules.textLimit) }] }),
        0,
        rules.type,
      );
      expect(at.filter((i) => i.path === 'value.0.content')).toEqual([]);
      const past = validatePostTarget(
        target({ settings, value: [{ content: 'b'.repeat(rules.textLimit + 1) }] }),
        0,
        rules.type,
      );
      expect(past.filter((i) => i.path === 'value.0.content')).toHaveLength(1);
    }
  });

  it('requires YouTube title 2 to 100 and a visibility, and a video', () => {
    const yt = (title: string) =>
      validatePostTarget(
        target({
          settings: { __type: 'youtube', title, type: 'public' },
          value: [{ content: 'd', image: [{ id: 'm', path: 'https://cdn/x.mp4' }] }],
        }),
        0,
        'youtube',
      );
    expect(yt('ab')).toEqual([]);
    expect(yt('a'.repeat(100))).toEqual([]);
    expect(yt('a')[0]?.path).toBe('settings.title');
    expect(yt('a'.repeat(101))[0]?.path).toBe('settings.title');
  });

  it('requires all eight TikTok fields with their allowed values', () => {
    const issues = validatePostTarget(
      target({
        settings: { __type: 'tiktok', privacy_level: 'EVERYONE' },
        value: [{ content: 'v', image: [{ id: 'm', path: 'a.mp4' }] }],
      }),
      0,
      'tiktok',
    );
    const paths = issues.map((i) => i.path).sort();
    expect(paths).toEqual(
      [
        'settings.autoAddMusic',
        'settings.brand_content_toggle',
        'settings.brand_organic_toggle',
        'settings.comment',
        'settings.content_posting_method',
        'settings.duet',
        'settings.privacy_level',
        'settings.stitch',
      ].sort(),
    );
  });

  it('refuses an X text longer than any valid post can be without counting it, at once', () => {
    // "a." repeated is quadratic for twitter-text: 64 KB took ~5 s before the cap.
    const parsed = watchTwitterText();
    for (const content of ['a.'.repeat(24_600), 'a.'.repeat(32_000), 'a.'.repeat(975_000)]) {
      const issues = validatePostTarget(target({ value: [{ content }] }), 0, 'x');
      // Refused by its length before twitter-text sees any of it (its time: bench/text.bench.ts).
      expect(parsed.lengths(), `${content.length} units`).toEqual([]);
      expect(issues).toEqual([
        expect.objectContaining({
          path: 'value.0.content',
          message: expect.stringContaining('too long to count'),
        }),
      ]);
    }
  });

  it('still accepts a valid X post near the longest one can be: eleven 4,088-character URLs', () => {
    const url = (n: number) => `https://example.com/${'p'.repeat(n - 'https://example.com/'.length)}`;
    const content = Array.from({ length: 11 }, () => url(4088)).join(' ') + ' ' + '🏴󠁧󠁢󠁥󠁮󠁧󠁿'.repeat(8);
    expect(content.length).toBeGreaterThan(45_000);
    expect(validatePostTarget(target({ value: [{ content }] }), 0, 'x')).toEqual([]);
    // Written decomposed (e + combining accent), the same URLs are twice as long and still 23 each.
    const decomposed = `${'https://example.com/'}${'é'.normalize('NFD').repeat(4000)}`;
    expect(decomposed.length).toBeGreaterThan(4096);
    expect(validatePostTarget(target({ value: [{ content: decomposed }] }), 0, 'x')).toEqual([]);
  });

  it("refuses any platform's text longer than the longest limit, without counting it", () => {
    const rules = platformRules.facebook;
    const content = '👍'.repeat(rules.textLimit / 2) + 'a';
    const issues = validatePostTarget(
      target({ settings: { __type: 'facebook' }, value: [{ content }] }),
      0,
      'facebook',
    );
    expect(issues).toEqual([
      expect.objectContaining({ message: expect.stringContaining('too long to count') }),
    ]);
  });

  it('refuses a __type that does not match the account platform', () => {
    const issues = validatePostTarget(target({ settings: { __type: 'bluesky' } }), 0, 'x');
    expect(issues[0]?.path).toBe('settings.__type');
  });

  it('applies X media rules: 4 images, or one video alone', () => {
    const img = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: `m${i}`, path: `https://c/${i}.png` }));
    expect(validatePostTarget(target({ value: [{ content: 'x', image: img(4) }] }), 0, 'x')).toEqual([]);
    expect(validatePostTarget(target({ value: [{ content: 'x', image: img(5) }] }), 0, 'x')).not.toEqual([]);
    const mixed = [...img(1), { id: 'v', path: 'https://c/v.mp4' }];
    expect(validatePostTarget(target({ value: [{ content: 'x', image: mixed }] }), 0, 'x')).not.toEqual([]);
  });

  it('limits commentDelays to one per block after the first', () => {
    const thread = target({ value: [{ content: 'a' }, { content: 'b' }], commentDelays: [5] });
    expect(validatePostTarget(thread, 0, 'x')).toEqual([]);
    expect(validatePostTarget({ ...thread, commentDelays: [5, 5] }, 0, 'x')[0]?.path).toBe('commentDelays');
  });
});

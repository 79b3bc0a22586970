import { describe, expect, it } from 'vitest';
import { countGraphemes, countXWeighted, platformRules, validatePostTarget } from './index.js';
import type { PostTarget } from '../api/resources.js';

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
  it('counts a family emoji as one grapheme', () => {
    expect(countGraphemes('👨‍👩‍👧‍👦')).toBe(1);
  });
});

describe('validatePostTarget', () => {
  it('accepts X at its limit and refuses one past it', () => {
    expect(validatePostTarget(target({ value: [{ content: 'a'.repeat(280) }] }), 0, 'x')).toEqual([]);
    const issues = validatePostTarget(target({ value: [{ content: 'a'.repeat(281) }] }), 2, 'x');
    expect(issues).toEqual([expect.objectContaining({ target: 2, path: 'value.0.content' })]);
  });

  it('checks every text limit at and past its bound', () => {
    for (const rules of Object.values(platformRules)) {
      if (rules.type === 'x') continue;
      const settings = { __type: rules.type };
      const at = validatePostTarget(target({ settings, value: [{ content: 'b'.repeat(rules.textLimit) }] }), 0, rules.type);
      expect(at.filter((i) => i.path === 'value.0.content')).toEqual([]);
      const past = validatePostTarget(target({ settings, value: [{ content: 'b'.repeat(rules.textLimit + 1) }] }), 0, rules.type);
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
      target({ settings: { __type: 'tiktok', privacy_level: 'EVERYONE' }, value: [{ content: 'v', image: [{ id: 'm', path: 'a.mp4' }] }] }),
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

  it('refuses a __type that does not match the account platform', () => {
    const issues = validatePostTarget(target({ settings: { __type: 'bluesky' } }), 0, 'x');
    expect(issues[0]?.path).toBe('settings.__type');
  });

  it('applies X media rules: 4 images, or one video alone', () => {
    const img = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `m${i}`, path: `https://c/${i}.png` }));
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LINK_RULES, LinkRules } from './model.js';
import { findLinks, paramsFor, trackText, trackUrl } from './track.js';

const rules: LinkRules = { ...DEFAULT_LINK_RULES, enabled: true };
const api = { URL, URLSearchParams };
const spring = { platform: 'x', labels: [{ name: 'Spring sale', campaign: true }] } as const;

describe('tracked links', () => {
  it('adds the brand parameters to a link, the rest of the text as typed', () => {
    expect(trackText('New in 🌷 https://shop.example.com/spring now.', rules, spring, api)).toBe(
      'New in 🌷 https://shop.example.com/spring?utm_source=x&utm_medium=social&utm_campaign=spring-sale now.',
    );
  });

  it('keeps a parameter the link already has, its own query as typed and its fragment', () => {
    expect(trackText('(https://a.example.com/p?utm_source=news&q=a%20b#top)', rules, spring, api)).toBe(
      '(https://a.example.com/p?utm_source=news&q=a%20b&utm_medium=social&utm_campaign=spring-sale#top)',
    );
  });

  it('leaves alone a link marked "Don\'t track", a link that is not http(s), and everything when off', () => {
    const text = 'https://a.example.com/x ftp://b.example.com/y https://c.example.com';
    expect(trackText(text, rules, { ...spring, untracked: ['https://a.example.com/x'] }, api)).toBe(
      'https://a.example.com/x ftp://b.example.com/y https://c.example.com?utm_source=x&utm_medium=social&utm_campaign=spring-sale',
    );
    expect(trackText(text, { ...rules, enabled: false }, spring, api)).toBe(text);
  });

  it('applies overrides: a label or campaign, then the network; an empty value is left off', () => {
    const withOverrides: LinkRules = {
      ...rules,
      params: [...rules.params, { key: 'ref', value: 'postdeck' }],
      byLabel: [{ label: 'spring SALE', params: [{ key: 'utm_medium', value: 'promo' }] }],
      byPlatform: [{ platform: 'linkedin-page', params: [{ key: 'utm_medium', value: 'b2b' }] }],
    };
    expect(paramsFor(withOverrides, spring)).toEqual([
      ['utm_source', 'x'],
      ['utm_medium', 'promo'],
      ['utm_campaign', 'spring-sale'],
      ['ref', 'postdeck'],
    ]);
    expect(paramsFor(withOverrides, { platform: 'linkedin-page', labels: [] })).toEqual([
      ['utm_source', 'linkedin'],
      ['utm_medium', 'b2b'],
      ['ref', 'postdeck'],
    ]);
  });

  it('encodes a value once', () => {
    const odd: LinkRules = { ...rules, params: [{ key: 'utm_term', value: 'a b&c=%' }] };
    const once = trackUrl('https://a.example.com/', paramsFor(odd, spring), api);
    expect(once).toBe('https://a.example.com/?utm_term=a+b%26c%3D%25');
    expect(new URL(once).searchParams.get('utm_term')).toBe('a b&c=%');
  });

  it('refuses a rule with a parameter name an analytics tool cannot read', () => {
    expect(LinkRules.safeParse({ ...rules, params: [{ key: 'utm source', value: 'x' }] }).success).toBe(
      false,
    );
    expect(LinkRules.safeParse(rules).success).toBe(true);
  });

  // Texts mixing words, punctuation, emoji and links with and without queries and fragments.
  const word = fc.oneof(
    fc.constantFrom('Hello', 'sale!', '🌷', '(see', 'it).', 'a.b', ',', 'ftp://x.example.com/f', 'üñî'),
    fc
      .tuple(
        fc.constantFrom('https://', 'http://', 'HTTPS://'),
        fc.constantFrom('shop.example.com', 'a.co', 'news.example.org'),
        fc.constantFrom('', '/', '/spring', '/a/b.html'),
        fc.constantFrom('', '?q=1', '?utm_source=news', '?a=%20b&', '?x'),
        fc.constantFrom('', '#top', '#'),
      )
      .map((p) => p.join('')),
  );
  const text = fc
    .array(word, { maxLength: 12 })
    .chain((ws) =>
      fc
        .array(fc.constantFrom(' ', '\n', '  '), { minLength: ws.length, maxLength: ws.length })
        .map((sp) => ws.map((w, i) => w + (sp[i] ?? '')).join('')),
    );
  const ctx = fc.record({
    platform: fc.constantFrom('x', 'linkedin', 'facebook') as fc.Arbitrary<'x' | 'linkedin' | 'facebook'>,
    labels: fc.array(fc.record({ name: fc.constantFrom('Spring sale', 'Tips'), campaign: fc.boolean() }), {
      maxLength: 2,
    }),
  });

  it('is idempotent: applying it twice gives what once gave', () => {
    fc.assert(
      fc.property(text, ctx, (t, c) => {
        const once = trackText(t, rules, c, api);
        expect(trackText(once, rules, c, api)).toBe(once);
      }),
    );
  });

  it('changes nothing but the links: removing what it added gives the text as typed', () => {
    // One parameter, so what was added is one recognisable piece after each link.
    const one: LinkRules = { ...rules, params: [{ key: 'utm_zz', value: '{network}' }] };
    fc.assert(
      fc.property(text, ctx, (t, c) => {
        const sent = trackText(t, one, c, api);
        // Walk both texts: where they differ, the sent one must hold one added parameter.
        let i = 0;
        let j = 0;
        while (j < sent.length) {
          if (sent[j] === t[i]) {
            i++;
            j++;
            continue;
          }
          const added = /^[?&]?utm_zz=(x|linkedin|facebook)/u.exec(sent.slice(j));
          expect(added).not.toBeNull();
          j += added?.[0].length ?? sent.length;
        }
        expect(i).toBe(t.length);
        // Every link the text had is still there, with its own query and fragment.
        for (const l of findLinks(t)) {
          const tracked = findLinks(sent).find((f) => f.url.startsWith(l.url.split('#')[0] ?? ''));
          expect(tracked).toBeDefined();
          const a = new URL(l.url);
          const b = new URL(tracked?.url ?? '');
          for (const [k, v] of a.searchParams) expect(b.searchParams.get(k)).toBe(v);
        }
      }),
    );
  });

  it('leaves a link marked "Don\'t track" exactly as typed', () => {
    fc.assert(
      fc.property(text, ctx, (t, c) => {
        const untracked = findLinks(t).map((l) => l.url);
        expect(trackText(t, rules, { ...c, untracked }, api)).toBe(t);
      }),
    );
  });
});

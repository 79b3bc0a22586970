import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpenRequest } from '../../../shared/desktop/ipc.js';
import { deepLinkIn, hasDeepLink, parseDeepLink } from '../../desktop/deep-links.js';

/* postdeck:// links: what each opens, and every other link refused, as an IPC input would be. */

describe('postdeck:// links', () => {
  it('open a post, or the composer with text', () => {
    expect(parseDeepLink('postdeck://post/abc_123-X')).toEqual({ kind: 'post', postId: 'abc_123-X' });
    expect(parseDeepLink('postdeck://post/abc/')).toEqual({ kind: 'post', postId: 'abc' });
    expect(parseDeepLink('postdeck://compose?text=Hello%20world%0D%0A%F0%9F%8C%8D')).toEqual({
      kind: 'compose',
      text: 'Hello world\n🌍',
    });
    expect(parseDeepLink('postdeck://compose')).toEqual({ kind: 'compose', text: '' });
    expect(parseDeepLink('POSTDECK://compose/?text=a+b')).toEqual({ kind: 'compose', text: 'a b' });
  });

  it('refuse anything else', () => {
    for (const link of [
      'https://post/abc',
      'postdeck://post/',
      'postdeck://post/a/b',
      'postdeck://post/..%2F..%2Fetc',
      'postdeck://post/abc?x=1',
      `postdeck://post/${'a'.repeat(201)}`,
      'postdeck://user:pw@post/abc',
      'postdeck://post:8080/abc',
      'postdeck://settings',
      'postdeck://compose/extra?text=x',
      `postdeck://compose?text=${'x'.repeat(100_001)}`,
      'postdeck:',
      'not a link',
      '',
      42,
      null,
      { kind: 'post', postId: 'abc' },
    ]) {
      expect(parseDeepLink(link), String(link).slice(0, 60)).toBeNull();
    }
  });

  it('are found among command-line arguments (a second instance on Windows and Linux)', () => {
    expect(deepLinkIn(['/opt/Postdeck/postdeck', '--no-sandbox', 'postdeck://post/p1'])).toEqual({
      kind: 'post',
      postId: 'p1',
    });
    expect(deepLinkIn(['/opt/Postdeck/postdeck'])).toBeNull();
    expect(deepLinkIn(['postdeck', 'postdeck://nothing'])).toBeNull();
  });

  it('refuse a malformed escape instead of throwing (a URIError at start-up was "Postdeck could not start")', () => {
    for (const link of [
      'postdeck://post/%E0%A4%A',
      'postdeck://post/%',
      'postdeck://post/%ZZ',
      'postdeck://post/%C0%80',
    ]) {
      expect(() => parseDeepLink(link), link).not.toThrow();
      expect(parseDeepLink(link), link).toBeNull();
      expect(() => deepLinkIn(['postdeck', link]), link).not.toThrow();
      expect(hasDeepLink(['postdeck', link])).toBe(true);
    }
  });

  it('never throw, and answer null or a valid request, for thousands of generated links', () => {
    const hex = fc.constantFrom(...'0123456789abcdefABCDEFZz%/?#&=+'.split(''));
    const escape = fc
      .tuple(fc.constant('%'), fc.array(hex, { maxLength: 3 }))
      .map(([p, h]) => p + h.join(''));
    const bytes = fc
      .uint8Array({ minLength: 1, maxLength: 4 })
      .map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join(''));
    const piece = fc.oneof(
      escape,
      bytes,
      fc.string({ unit: 'binary', maxLength: 4 }),
      fc.constantFrom('/', '?', '#', '&text=', '..'),
    );
    const link = fc
      .tuple(
        fc.constantFrom('postdeck://', 'POSTDECK://', 'postdeck:', 'postdeck:///', 'postdeck://u:p@'),
        fc.constantFrom('post/', 'post', 'compose?text=', 'compose/?text=', 'compose', '', 'settings/'),
        fc.array(piece, { maxLength: 12 }),
      )
      .map(([scheme, host, parts]) => scheme + host + parts.join(''));
    let threw = 0;
    let runs = 0;
    fc.assert(
      fc.property(link, (l) => {
        runs++;
        let answer: unknown;
        try {
          answer = parseDeepLink(l);
          deepLinkIn(['postdeck', l]);
        } catch {
          threw++;
          return;
        }
        if (answer !== null) expect(OpenRequest.safeParse(answer).success).toBe(true);
      }),
      { numRuns: 5_000, seed: 25 },
    );
    console.log(`deep links: ${runs} generated, ${threw} threw`);
    expect(threw).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { deepLinkIn, parseDeepLink } from '../../desktop/deep-links.js';

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
});

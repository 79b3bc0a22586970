import { OpenRequest } from '../../shared/desktop/ipc.js';

/*
 * Pure. postdeck:// links, from a web page, a chat or another app: anyone can make
 * one, so each is checked like any IPC input and can only ask the window to show something (a post
 * in the calendar, the composer holding some text); nothing is sent or changed by a link.
 *
 *   postdeck://post/<id>           the post, in the calendar
 *   postdeck://compose?text=<text> the composer, starting with that text
 */

export const DEEP_LINK_SCHEME = 'postdeck';
/** A link longer than this is refused before it is parsed (the composer's text cap is far below). */
const MAX_LINK_CHARS = 32_000;
const POST_ID = /^[A-Za-z0-9_-]{1,200}$/;

export function parseDeepLink(link: unknown): OpenRequest | null {
  if (typeof link !== 'string' || link.length > MAX_LINK_CHARS) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.username || url.password || url.port) return null;
  const request = (() => {
    if (url.hostname === 'post') {
      const id = decodeOrNull(url.pathname.replace(/^\/+|\/+$/g, ''));
      return id !== null && POST_ID.test(id) && !url.search ? { kind: 'post', postId: id } : null;
    }
    if (url.hostname === 'compose' && (url.pathname === '' || url.pathname === '/')) {
      const text = url.searchParams.get('text') ?? '';
      return { kind: 'compose', text: text.replace(/\r\n?/g, '\n') };
    }
    return null;
  })();
  const parsed = OpenRequest.safeParse(request);
  return parsed.success ? parsed.data : null;
}

/** decodeURIComponent throws URIError on a malformed escape (`%`, `%ZZ`, a cut UTF-8 sequence): such a link is refused. */
function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Whether a command line carries a postdeck:// link at all (to log one that is then refused). */
export function hasDeepLink(argv: readonly string[]): boolean {
  return argv.some((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
}

/** The link in a command line (Windows and Linux start a second instance with it as an argument). */
export function deepLinkIn(argv: readonly string[]): OpenRequest | null {
  const link = argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
  return link ? parseDeepLink(link) : null;
}

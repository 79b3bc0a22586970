import { newId } from '../store/ids.js';
import type { NewShortLink } from '../store/short-links.js';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/**
 * The most URLs one POST /posts may have shortened. A post people read carries a handful of links;
 * this is far beyond any, and bounds the rows one request writes (20,000 URLs once took seconds).
 */
export const MAX_SHORT_LINKS_PER_REQUEST = 1000;

/**
 * Replaces every http(s) URL in a text with a short link `<origin>/s/<code>` this service
 * redirects, adding each link made to `made`. Punctuation that ends a sentence stays outside the
 * link; links already short stay. The URL is kept in its ASCII form because it goes into a
 * `Location` header, where `€` is refused and `ü` would go out raw.
 */
export function shortenUrls(text: string, origin: string, made: NewShortLink[]): string {
  return text.replace(URL_IN_TEXT, (found) => {
    const trailing = TRAILING_PUNCTUATION.exec(found)?.[0] ?? '';
    const url = found.slice(0, found.length - trailing.length);
    if (url.startsWith(`${origin}/s/`) || !URL.canParse(url)) return found;
    const code = newId('', 8);
    made.push({ code, url: new URL(url).href });
    return `${origin}/s/${code}${trailing}`;
  });
}

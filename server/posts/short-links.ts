import type { ShortLinkStore } from '../store/short-links.js';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/**
 * Replaces every http(s) URL in a text with a short link `<origin>/s/<code>` this service
 * redirects. Punctuation that ends a sentence stays outside the link; links already short stay.
 */
export function shortenUrls(text: string, origin: string, links: ShortLinkStore): string {
  return text.replace(URL_IN_TEXT, (found) => {
    const trailing = TRAILING_PUNCTUATION.exec(found)?.[0] ?? '';
    const url = found.slice(0, found.length - trailing.length);
    if (url.startsWith(`${origin}/s/`) || !URL.canParse(url)) return found;
    return `${origin}/s/${links.create(url)}${trailing}`;
  });
}

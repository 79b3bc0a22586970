/*
 * A feed's HTML made plain text for the review list and drafts. The HTML is never rendered
 * anywhere: this walks its tags only to drop them (and what scripts and styles hold), keeps the
 * text between them, decodes the character references, and notes the first picture's address.
 */

const BREAKS = new Set([
  'p',
  'br',
  'div',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'tr',
  'section',
  'article',
  'figure',
  'figcaption',
  'pre',
  'hr',
]);
const SKIPPED = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'svg',
  'math',
  'head',
  'title',
]);
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  euro: '€',
  pound: '£',
  middot: '·',
};

/** Decodes character references (`&amp;`, `&#233;`, `&#x1F600;`); an unknown one stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '';
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** The value of one attribute in a tag's text (`img src="…"`), or null. */
function attribute(tag: string, name: string): string | null {
  const lower = tag.toLowerCase();
  let at = 0;
  while ((at = lower.indexOf(name, at)) !== -1) {
    const before = lower[at - 1];
    let i = at + name.length;
    at = i;
    if (before !== undefined && !/\s/.test(before)) continue;
    while (/\s/.test(tag[i] ?? '')) i++;
    if (tag[i] !== '=') continue;
    i++;
    while (/\s/.test(tag[i] ?? '')) i++;
    const quote = tag[i];
    if (quote === '"' || quote === "'") {
      const end = tag.indexOf(quote, i + 1);
      return end === -1 ? null : decodeEntities(tag.slice(i + 1, end));
    }
    const end = tag.slice(i).search(/[\s>]/);
    return decodeEntities(end === -1 ? tag.slice(i) : tag.slice(i, i + end));
  }
  return null;
}

/** Plain text of an HTML fragment (whitespace folded) and the address of its first picture. */
export function htmlToText(html: string, maxLength = 1000): { text: string; firstImage: string | null } {
  let out = '';
  let firstImage: string | null = null;
  let skipping: string | null = null;
  let i = 0;
  while (i < html.length) {
    const open = html.indexOf('<', i);
    const textEnd = open === -1 ? html.length : open;
    if (!skipping) out += html.slice(i, textEnd);
    if (open === -1) break;
    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    // A tag ends at the first '>' outside quotes.
    let j = open + 1;
    let quote: string | null = null;
    for (; j < html.length; j++) {
      const c = html[j];
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    const tag = html.slice(open + 1, j);
    i = j + 1;
    const closing = tag.startsWith('/');
    const name = (/^\/?\s*([a-zA-Z][a-zA-Z0-9-]*)/.exec(tag)?.[1] ?? '').toLowerCase();
    if (skipping) {
      if (closing && name === skipping) skipping = null;
      continue;
    }
    if (!closing && SKIPPED.has(name) && !tag.endsWith('/')) {
      skipping = name;
      continue;
    }
    if (name === 'img' && firstImage === null) firstImage = attribute(tag, 'src');
    if (BREAKS.has(name)) out += '\n';
  }
  const text = decodeEntities(out)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
  return { text: text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text, firstImage };
}

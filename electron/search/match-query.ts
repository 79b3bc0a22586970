/*
 * Turns what the user typed into an FTS5 MATCH expression that cannot fail:
 * every word goes inside an FTS5 string ("..." with " doubled), where operators (AND, NEAR(, *, ^,
 * column filters) are plain text, so no input can throw a syntax error. Written by hand because
 * FTS5's query syntax has no escaping helper in libsql or on npm that follows our tokenizer's rules.
 *
 *   launch        → ("launch"* OR "#launch"* OR "@launch"*)   a word, its prefixes, its hashtag, its mention
 *   #launch       → "#launch"*                                 the hashtag (and longer ones: #launch2026)
 *   @ali          → "@ali"*                                    mentions starting with @ali
 *   example.com/x → "example.com/x"*                           a link: its words as a phrase
 *   "next week"   → "next week"                                an exact phrase
 *   a             → ("a" OR "#a" OR "@a")                      one letter: the word, not every word it starts
 *
 * Words without a letter or digit (`*`, `(`, a lone `#`) carry nothing to look for and are dropped.
 */

/** More words than this add nothing a person types and would only slow the query. */
export const MAX_TERMS = 16;

export interface MatchQuery {
  /** The MATCH expression, or null when the input holds nothing to look for. */
  match: string | null;
  /** The words kept, as the user typed them. */
  terms: string[];
}

const HAS_WORD = /[\p{L}\p{N}]/u;
/** One token of our tokenizer (letters, digits, '_'), nothing around it. */
const ONE_WORD = /^[\p{L}\p{N}\p{M}_]+$/u;
// Control characters (NUL, and char(2)/char(3), which mark highlights) never reach SQLite.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

function bareTerm(raw: string): string | null {
  // Punctuation around a word ("launch!", "(draft)") is not part of it; a leading # or @ is.
  const term = raw.replace(/^[^\p{L}\p{N}#@_]+/u, '').replace(/[^\p{L}\p{N}_]+$/u, '');
  if (!HAS_WORD.test(term)) return null;
  // One letter is a word of its own ("a", "x"), not a prefix: "a*" would read half the index.
  const prefix = [...term.replace(/^[#@]/u, '')].length > 1 ? '*' : '';
  if (ONE_WORD.test(term))
    return `(${quote(term)}${prefix} OR ${quote(`#${term}`)}${prefix} OR ${quote(`@${term}`)}${prefix})`;
  return `${quote(term)}${prefix}`;
}

export function buildMatchQuery(input: string): MatchQuery {
  const text = input.replace(CONTROL, ' ');
  const parts: string[] = [];
  const terms: string[] = [];
  // "Quoted phrases" first (only closed quotes); whatever is left splits on white space.
  const rest = text.replace(/"([^"]*)"/g, (_all, phrase: string) => {
    if (HAS_WORD.test(phrase) && terms.length < MAX_TERMS) {
      parts.push(quote(phrase));
      terms.push(phrase.trim());
    }
    return ' ';
  });
  for (const raw of rest.replace(/"/g, ' ').split(/\s+/u)) {
    if (terms.length >= MAX_TERMS) break;
    const part = bareTerm(raw);
    if (part === null) continue;
    parts.push(part);
    terms.push(raw);
  }
  return { match: parts.length > 0 ? parts.join(' AND ') : null, terms };
}

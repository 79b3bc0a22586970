import type { Snippet } from './model.js';

/*
 * Typing `/name` in a text inserts a saved snippet: where such a query sits before
 * the caret, which snippets match it, and the text after inserting one. Pure string work.
 */

/** The `/query` just before the caret, when it starts a word (not a URL's slash). */
export function slashQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/([A-Za-z0-9_-]{0,40})$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Snippets whose name starts with the query first, then those that contain it; case-insensitive. */
export function matchSnippets(snippets: readonly Snippet[], query: string, limit = 8): Snippet[] {
  const q = query.toLowerCase();
  const byName = [...snippets].sort((a, b) => a.name.localeCompare(b.name));
  const starts = byName.filter((s) => s.name.toLowerCase().startsWith(q));
  const contains = byName.filter(
    (s) => !s.name.toLowerCase().startsWith(q) && s.name.toLowerCase().includes(q),
  );
  return [...starts, ...contains].slice(0, limit);
}

export interface Inserted {
  text: string;
  /** Where the caret goes: right after the inserted body. */
  caret: number;
}

/** Replaces text[start, end) with the snippet's body. */
function replaceRange(text: string, start: number, end: number, body: string): Inserted {
  const next = text.slice(0, start) + body + text.slice(end);
  return { text: next, caret: start + body.length };
}

/** Replaces the `/query` before the caret with the snippet; null when there is none there. */
export function expandAt(text: string, caret: number, snippet: Pick<Snippet, 'body'>): Inserted | null {
  const q = slashQueryAt(text, caret);
  return q ? replaceRange(text, q.start, caret, snippet.body) : null;
}

/** Inserts a snippet at the caret (the menu button), with a space before it when a word touches it. */
export function insertAt(text: string, caret: number, snippet: Pick<Snippet, 'body'>): Inserted {
  const at = Math.max(0, Math.min(caret, text.length));
  const gap = at > 0 && !/\s$/.test(text.slice(0, at)) ? ' ' : '';
  return replaceRange(text, at, at, gap + snippet.body);
}

/*
 * Where a list answer keeps its items. The spec leaves the envelope open, and
 * servers differ: a bare array, `{posts: [...]}`, `{data: [...]}`, `{items: [...]}`,
 * `{results: [...]}`, or one level deeper (`{data: {posts: [...]}}`). Other fields (totals,
 * cursors) are ignored.
 */

const ENVELOPE_KEYS = ['data', 'items', 'results', 'records', 'entries', 'list'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The items of a list answer, or null when the body holds no list. `key` names the resource (`posts`). */
export function listItems(body: unknown, key: string): unknown[] | null {
  return find(body, key, 2);
}

function find(body: unknown, key: string, depth: number): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (!isRecord(body) || depth === 0) return null;
  for (const k of [key, ...ENVELOPE_KEYS]) {
    if (Array.isArray(body[k])) return body[k];
  }
  for (const k of [key, ...ENVELOPE_KEYS]) {
    const inner = isRecord(body[k]) ? find(body[k], key, depth - 1) : null;
    if (inner) return inner;
  }
  // Some other name: the one array the answer holds, when there is exactly one.
  const arrays = Object.values(body).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] ?? null) : null;
}

/*
 * The IPC gate's last guard walks every answer for a text that looks like a key (see dispatch.ts).
 * A value main holds for long and answers again and again (the kept analytics history) may be
 * walked once instead: frozen, so no text can change after, and remembered as free of keys, so
 * the gate's walk steps over it. Anything not vouched for is walked as before.
 */

const KEY_PATTERN = /pst_(live|test)_[A-Za-z0-9_-]+/;

/** Objects walked once, frozen all the way down and holding no key-like text. */
const vouched = new WeakSet<object>();

/**
 * Whether any text of an answer (a string or an object's key) looks like a key. A walk that stops
 * at the first: serializing the answer to test it was one 8 MB string for the all-brands month
 * (20,000 posts), 25–120 ms of main's event loop on every read of it; this walk takes a third of
 * the time and allocates nothing.
 */
export function holdsKey(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('pst_') && KEY_PATTERN.test(v);
  if (typeof v !== 'object' || v === null) return false;
  if (vouched.has(v)) return false;
  if (Array.isArray(v)) {
    for (const x of v) if (holdsKey(x)) return true;
    return false;
  }
  // for…in over an answer's own plain data (JSON by its schema): no array of entries per object.
  for (const k in v) if (holdsKey(k) || holdsKey((v as Record<string, unknown>)[k])) return true;
  return false;
}

/** Whether `v` and everything in it is frozen (a value that can still change is never vouched for). */
function frozenThrough(v: unknown): boolean {
  if (typeof v !== 'object' || v === null || vouched.has(v)) return true;
  if (!Object.isFrozen(v)) return false;
  for (const k in v) if (!frozenThrough((v as Record<string, unknown>)[k])) return false;
  return true;
}

/**
 * Remembers `value` as free of keys when it is frozen all the way down and no text in it looks
 * like one; answers whether it was. A value that holds a key-like text is not remembered: the gate
 * walks it, and redacts it, as any other answer.
 */
export function vouchKeyFree(value: object): boolean {
  if (vouched.has(value)) return true;
  if (!frozenThrough(value) || holdsKey(value)) return false;
  vouched.add(value);
  return true;
}

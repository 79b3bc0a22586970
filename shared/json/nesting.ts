/**
 * How deep a JSON value from outside (a request body, an IPC argument, an import file) may nest.
 * Real posts, settings and drafts nest a handful of levels; recursive code (JSON.stringify, zod,
 * structured clone) overflows the stack somewhere past a few thousand, so anything deeper than
 * this is refused before such code sees it.
 */
export const MAX_JSON_NESTING = 64;

/**
 * Whether a value nests deeper than `limit` arrays and objects. Iterative, so the check itself
 * cannot overflow, and it stops at the first branch that is too deep.
 */
export function nestsDeeperThan(value: unknown, limit: number = MAX_JSON_NESTING): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; depth: number };
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.depth >= limit) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) stack.push({ value: child, depth: next.depth + 1 });
  }
  return false;
}

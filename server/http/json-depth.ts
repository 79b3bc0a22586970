/**
 * Deepest nesting a JSON body may have. The deepest real request (a post's targets, their blocks,
 * their images) is about 6 levels; far below the depth where validating or serializing it would
 * run out of stack (a few thousand).
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests objects or arrays deeper than `max`; walks without recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > max) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return false;
}

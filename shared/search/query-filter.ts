/*
 * Filters typed into a search as `key:value` or `key:"two words"` (`label:`, `brand:`): one reading
 * of that syntax for every filter, so each keeps the same quoting and spacing rules.
 */

/** The values typed for one filter key, and what is left of the query without them. */
export function takeQueryFilter(query: string, key: string): { values: string[]; rest: string } {
  const values: string[] = [];
  const pattern = new RegExp(`(^|\\s)${key}:(?:"([^"]*)"|(\\S+))`, 'giu');
  const rest = query.replace(pattern, (_all, lead: string, quoted?: string, bare?: string) => {
    const value = String(quoted ?? bare ?? '').trim();
    if (value) values.push(value);
    return lead;
  });
  return { values, rest: rest.trim() };
}

/*
 * Pure. The IANA zones this runtime knows, and a forgiving search over them:
 * "new york", "new_york" and "America/New" all find America/New_York.
 */

/** Every zone the runtime supports, with UTC first (Intl leaves it out on some engines). */
export function supportedTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

const normalize = (s: string) =>
  s
    .toLowerCase()
    .replace(/[_/\s-]+/g, ' ')
    .trim();

/** Zones whose name contains every word typed, best (name starts with the query) first. */
export function searchTimeZones(zones: readonly string[], query: string, limit = 50): string[] {
  const q = normalize(query);
  if (!q) return zones.slice(0, limit);
  const words = q.split(' ');
  const hits = zones.filter((z) => {
    const n = normalize(z);
    return words.every((w) => n.includes(w));
  });
  const city = (z: string) => normalize(z.slice(z.lastIndexOf('/') + 1));
  hits.sort((a, b) => Number(!city(a).startsWith(q)) - Number(!city(b).startsWith(q)) || a.localeCompare(b));
  return hits.slice(0, limit);
}

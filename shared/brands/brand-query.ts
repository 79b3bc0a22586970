/*
 * The `brand:` filter of a search: `brand:harbor` or `brand:"Harbor Coffee"` keeps one
 * brand's matches, in any view. Names are matched forgivingly: case and spacing do not matter, and
 * the start of a name is enough when it names one brand only.
 */

import { takeQueryFilter } from '../search/query-filter.js';

/** The brand names a query asks for (`brand:name`, `brand:"two words"`), and the words left. */
export function parseBrandQuery(query: string): { names: string[]; rest: string } {
  const { values, rest } = takeQueryFilter(query, 'brand');
  return { names: values, rest };
}

const folded = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();

/**
 * The brands a typed name means: the one whose name it is (case and spacing aside), else those
 * whose name starts with it. More than one answer: the name is ambiguous.
 */
export function brandsNamed<B extends { name: string }>(brands: readonly B[], typed: string): B[] {
  const want = folded(typed);
  if (!want) return [];
  const exact = brands.filter((b) => folded(b.name) === want);
  if (exact.length > 0) return exact;
  return brands.filter((b) => folded(b.name).startsWith(want));
}

/** Why a `brand:` filter found nothing to search, for the user to read. */
export const brandQueryNotice = {
  unknown: (typed: string) => `No brand is called “${typed}”.`,
  ambiguous: (typed: string, names: readonly string[]) =>
    `“${typed}” could be ${names.join(' or ')}: type more of the name.`,
  notShown: (name: string) => `${name} is not in this view: pick All brands to search every brand.`,
  several: 'Search one brand at a time: type brand: once.',
};

import { describe, expect, it } from 'vitest';
import { brandsNamed, parseBrandQuery } from './brand-query.js';

const brands = [{ name: 'Harbor Coffee' }, { name: 'Harbor Bakery' }, { name: 'Northwind' }];

describe('the brand: filter of a search', () => {
  it('takes brand:name and brand:"two words" out of the words, wherever they are', () => {
    expect(parseBrandQuery('launch brand:northwind')).toEqual({ names: ['northwind'], rest: 'launch' });
    expect(parseBrandQuery('Brand:"Harbor  Coffee" winter sale')).toEqual({
      names: ['Harbor  Coffee'],
      rest: 'winter sale',
    });
    // A word that only contains "brand:" is a word.
    expect(parseBrandQuery('rebrand:2027')).toEqual({ names: [], rest: 'rebrand:2027' });
  });

  it('matches a name whatever its case and spacing, or by its start when that names one brand', () => {
    expect(brandsNamed(brands, 'harbor   COFFEE').map((b) => b.name)).toEqual(['Harbor Coffee']);
    expect(brandsNamed(brands, 'north').map((b) => b.name)).toEqual(['Northwind']);
    expect(brandsNamed(brands, 'harbor').map((b) => b.name)).toEqual(['Harbor Coffee', 'Harbor Bakery']);
    expect(brandsNamed(brands, 'acme')).toEqual([]);
    expect(brandsNamed(brands, '  ')).toEqual([]);
  });
});

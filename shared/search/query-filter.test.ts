import { describe, expect, it } from 'vitest';
import { parseLabelQuery } from '../labels/model.js';
import { parseBrandQuery } from '../brands/brand-query.js';
import { takeQueryFilter } from './query-filter.js';

/** The words of what is left (the search splits it on spaces). */
const words = (rest: string) => rest.split(/\s+/u);

describe('filters typed into a search', () => {
  it('takes bare and quoted values of its own key and leaves the other words', () => {
    const { values, rest } = takeQueryFilter('launch label:"Spring sale" menu LABEL:promo', 'label');
    expect(values).toEqual(['Spring sale', 'promo']);
    expect(words(rest)).toEqual(['launch', 'menu']);
  });

  it('leaves another key, a key inside a word and an empty value alone', () => {
    expect(takeQueryFilter('brand:harbor relabel:x label:""', 'label')).toEqual({
      values: [],
      rest: 'brand:harbor relabel:x',
    });
  });

  it('reads label: and brand: the same way', () => {
    const typed = 'coffee label:"Spring sale" brand:"Harbor Coffee"';
    const labels = parseLabelQuery(typed);
    const brands = parseBrandQuery(typed);
    expect(labels.labels).toEqual(['Spring sale']);
    expect(words(labels.rest)).toEqual(['coffee', 'brand:"Harbor', 'Coffee"']);
    expect(brands.names).toEqual(['Harbor Coffee']);
    expect(words(brands.rest)).toEqual(['coffee', 'label:"Spring', 'sale"']);
  });
});

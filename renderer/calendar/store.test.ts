import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './posts.js';
import { filtersOf, restorePrefs } from './store.js';

const defaults = { view: 'month' as const, dateKey: null, filtersByBrand: {} };

describe('remembered calendar preferences', () => {
  it('restores a valid entry as it was saved', () => {
    const saved = {
      view: 'week',
      dateKey: '2027-03-14',
      filtersByBrand: { b1: { platforms: ['x'], accounts: [], states: ['error'] } },
    };
    expect(restorePrefs(saved, defaults)).toEqual(saved);
    expect(filtersOf(restorePrefs(saved, defaults), 'b1').states).toEqual(['error']);
    expect(filtersOf(restorePrefs(saved, defaults), 'b2')).toEqual(NO_FILTERS);
  });

  it('keeps the valid parts of a damaged entry and defaults the rest', () => {
    expect(
      restorePrefs(
        {
          view: 'year',
          dateKey: '2027-02-30',
          filtersByBrand: { b1: { platforms: 'x', states: [1] }, b2: 7 },
        },
        defaults,
      ),
    ).toEqual({
      view: 'month',
      dateKey: null,
      filtersByBrand: { b1: { platforms: [], accounts: [], states: [] } },
    });
    expect(restorePrefs(null, defaults)).toEqual(defaults);
    expect(restorePrefs('garbage', defaults)).toEqual(defaults);
  });
});

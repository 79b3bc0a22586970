import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './posts.js';
import { restorePrefs } from './store.js';

const defaults = { view: 'month' as const, dateKey: null, filters: NO_FILTERS };

describe('remembered calendar preferences', () => {
  it('restores a valid entry as it was saved', () => {
    const saved = { view: 'week', dateKey: '2027-03-14', filters: { platforms: ['x'], accounts: [], states: ['error'] } };
    expect(restorePrefs(saved, defaults)).toEqual(saved);
  });

  it('keeps the valid parts of a damaged entry and defaults the rest', () => {
    expect(restorePrefs({ view: 'year', dateKey: '2027-02-30', filters: { platforms: 'x', states: [1] } }, defaults)).toEqual({
      view: 'month',
      dateKey: null,
      filters: { platforms: [], accounts: [], states: [] },
    });
    expect(restorePrefs(null, defaults)).toEqual(defaults);
    expect(restorePrefs('garbage', defaults)).toEqual(defaults);
  });
});

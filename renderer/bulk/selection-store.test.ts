import { beforeEach, describe, expect, it } from 'vitest';
import { selectionClick, useSelection } from './selection-store.js';

const ordered = ['a', 'b', 'c', 'd', 'e'];
const click = (id: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) =>
  selectionClick({ ctrlKey: false, metaKey: false, shiftKey: false, ...mods }, id, ordered);
const ids = () => [...useSelection.getState().ids];

describe('the bulk selection', () => {
  beforeEach(() => useSelection.getState().clear());

  it('leaves a plain click alone (it opens the post)', () => {
    expect(click('a')).toBe(false);
    expect(ids()).toEqual([]);
  });

  it('toggles with Ctrl or Cmd', () => {
    expect(click('b', { ctrlKey: true })).toBe(true);
    click('d', { metaKey: true });
    expect(ids()).toEqual(['b', 'd']);
    click('b', { ctrlKey: true });
    expect(ids()).toEqual(['d']);
    expect(useSelection.getState().picked.has('d')).toBe(true);
  });

  it('Shift-click picks the run from the last picked post, either direction, keeping earlier picks', () => {
    click('a', { ctrlKey: true });
    click('d', { ctrlKey: true });
    click('b', { shiftKey: true });
    expect(ids().sort()).toEqual(['a', 'b', 'c', 'd']);
    useSelection.getState().clear();
    click('e', { shiftKey: true }); // no anchor yet: picks just this one
    expect(ids()).toEqual(['e']);
  });

  it('takes a list of ids (select all matching, the search palette) once each, and clears', () => {
    useSelection.getState().selectIds(['c', 'a', 'c']);
    expect(ids()).toEqual(['c', 'a']);
    useSelection.getState().clear();
    expect(ids()).toEqual([]);
  });
});

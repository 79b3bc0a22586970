import { describe, expect, it, vi } from 'vitest';
import { createDragStore, dropMinutes } from './time-grid-drag.js';
import type { PostEvent } from './posts.js';

const post = { id: 'p1' } as PostEvent;

describe('dropMinutes', () => {
  it('snaps a point down to the start of its 30-minute row', () => {
    // 960 px for 24 hours: 20 px a row.
    expect(dropMinutes(0, 960)).toBe(0);
    expect(dropMinutes(19.9, 960)).toBe(0);
    expect(dropMinutes(20, 960)).toBe(30);
    expect(dropMinutes(15 * 40 + 3, 960)).toBe(15 * 60);
    expect(dropMinutes(15 * 40 + 25, 960)).toBe(15 * 60 + 30);
  });

  it('keeps a point above or below the column inside the day', () => {
    expect(dropMinutes(-50, 960)).toBe(0);
    expect(dropMinutes(5000, 960)).toBe(23 * 60 + 30);
    expect(dropMinutes(959.9, 960)).toBe(23 * 60 + 30);
  });

  it('answers midnight for a column with no height (not laid out)', () => {
    expect(dropMinutes(100, 0)).toBe(0);
    expect(dropMinutes(100, Number.NaN)).toBe(0);
  });

  it('follows another row length', () => {
    expect(dropMinutes(15 * 40 + 25, 960, 15)).toBe(15 * 60 + 30);
    expect(dropMinutes(15 * 40 + 35, 960, 60)).toBe(15 * 60);
  });
});

describe('createDragStore', () => {
  it('tells its listeners of a new spot once, and not of the same spot again', () => {
    const store = createDragStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set({ day: 2, minutes: 600, event: post });
    store.set({ day: 2, minutes: 600, event: post });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.get()).toEqual({ day: 2, minutes: 600, event: post });
    store.set({ day: 3, minutes: 600, event: post });
    store.set(null);
    store.set(null);
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
    store.set({ day: 1, minutes: 0, event: post });
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

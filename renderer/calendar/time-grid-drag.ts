import type { PostEvent } from './posts.js';
import { ROW_MINUTES } from './time-rows.js';

/*
 * The week and day grid's drag state, outside React: while a post is dragged only the drop preview
 * reads it, so the columns and their posts never re-render until the drop.
 */

/** A row of a column: the column's index in the grid and the row's start, in minutes from midnight. */
export interface DropSpot {
  day: number;
  minutes: number;
}

export interface DragStore {
  get(): (DropSpot & { event: PostEvent }) | null;
  set(spot: (DropSpot & { event: PostEvent }) | null): void;
  subscribe(listener: () => void): () => void;
}

export function createDragStore(): DragStore {
  let current: (DropSpot & { event: PostEvent }) | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(spot) {
      const same =
        spot === current ||
        (spot !== null &&
          current !== null &&
          spot.day === current.day &&
          spot.minutes === current.minutes &&
          spot.event === current.event);
      if (same) return;
      current = spot;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The row a point lands on: `offset` pixels below the top of a column `height` pixels tall (a whole
 * day), down to its row, kept inside the day.
 */
export function dropMinutes(offset: number, height: number, rowMinutes: number = ROW_MINUTES): number {
  const rows = (24 * 60) / rowMinutes;
  if (!(height > 0)) return 0;
  const row = Math.floor((offset / height) * rows);
  return Math.min(rows - 1, Math.max(0, row)) * rowMinutes;
}

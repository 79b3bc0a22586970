import {
  addDays,
  addMonths,
  addWeeks,
  endOfDay,
  endOfMonth,
  endOfWeek,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { wallToInstant } from './time.js';

export type ViewName = 'month' | 'week' | 'day' | 'agenda';
export const CALENDAR_VIEWS: readonly ViewName[] = ['month', 'week', 'day', 'agenda'];

/** Days the agenda lists from its date on. */
export const AGENDA_DAYS = 14;
/** Weeks start on Monday, as in most of the places social calendars are used. */
export const WEEK_STARTS_ON = 1;

export interface WallRange {
  start: Date;
  end: Date;
}

/** The wall dates a view shows around `date` (browser-local Dates carrying brand-zone fields). */
export function visibleWallRange(view: ViewName, date: Date): WallRange {
  const opts = { weekStartsOn: WEEK_STARTS_ON } as const;
  switch (view) {
    case 'month':
      return { start: startOfWeek(startOfMonth(date), opts), end: endOfWeek(endOfMonth(date), opts) };
    case 'week':
      return { start: startOfWeek(date, opts), end: endOfWeek(date, opts) };
    case 'day':
      return { start: startOfDay(date), end: endOfDay(date) };
    case 'agenda':
      return { start: startOfDay(date), end: endOfDay(addDays(date, AGENDA_DAYS - 1)) };
  }
}

/** The instants bounding a wall range in the brand zone: what listPosts is asked for. */
export function rangeInstants(range: WallRange, zone: string): { start: string; end: string } {
  return {
    start: wallToInstant(range.start, zone).toISOString(),
    end: wallToInstant(range.end, zone).toISOString(),
  };
}

/** The date one step before or after in a view (a month, a week, a day, an agenda page). */
export function stepDate(view: ViewName, date: Date, direction: 1 | -1): Date {
  switch (view) {
    case 'month':
      return addMonths(date, direction);
    case 'week':
      return addWeeks(date, direction);
    case 'day':
      return addDays(date, direction);
    case 'agenda':
      return addDays(date, direction * AGENDA_DAYS);
  }
}

/**
 * The posts whose instant lies in [start, end], bounds included, the bounds read once: this runs
 * on every answer of the visible range, a month of 20,000 posts in the all-brands view.
 */
export function postsInRange<T extends { publishDate: string }>(
  posts: readonly T[],
  range: { start: string; end: string },
): T[] {
  const startMs = Date.parse(range.start);
  const endMs = Date.parse(range.end);
  return posts.filter((p) => {
    const t = Date.parse(p.publishDate);
    return t >= startMs && t <= endMs;
  });
}

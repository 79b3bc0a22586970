import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { NO_FILTERS, type PostFilters } from './posts.js';
import { CALENDAR_VIEWS, type CalendarView } from './range.js';
import { parseWallDateKey, wallDateKey } from './time.js';

/** The calendar's UI state. Server data lives in react-query; this is only what the user chose. */
interface CalendarState {
  view: CalendarView;
  /** The shown date as `yyyy-MM-dd` in the brand zone (a key, so it survives a zone change); null is today there. */
  dateKey: string | null;
  filters: PostFilters;
  /** The post whose details panel is open. */
  openPostId: string | null;
  setView(view: CalendarView): void;
  setDate(wall: Date): void;
  setFilters(filters: PostFilters): void;
  toggleFilter(kind: keyof PostFilters, value: string): void;
  openPost(id: string | null): void;
}

export const useCalendarStore = create<CalendarState>()(
  persist(
    (set) => ({
      view: 'month',
      dateKey: null,
      filters: NO_FILTERS,
      openPostId: null,
      setView: (view) => set({ view }),
      setDate: (wall) => set({ dateKey: wallDateKey(wall) }),
      setFilters: (filters) => set({ filters }),
      toggleFilter: (kind, value) =>
        set((s) => {
          const current = s.filters[kind];
          const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
          return { filters: { ...s.filters, [kind]: next } };
        }),
      openPost: (openPostId) => set({ openPostId }),
    }),
    {
      name: 'postdeck.calendar',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Only preferences are remembered; which panel was open is not.
      partialize: (s) => ({ view: s.view, dateKey: s.dateKey, filters: s.filters }),
      merge: (persisted, current) => ({ ...current, ...restorePrefs(persisted, current) }),
    },
  ),
);

type Prefs = Pick<CalendarState, 'view' | 'dateKey' | 'filters'>;

/** What is kept of a saved entry: a hand-edited or stale one never breaks the screen; the valid parts stay. */
export function restorePrefs(persisted: unknown, defaults: Prefs): Prefs {
  const p = (persisted && typeof persisted === 'object' ? persisted : {}) as Record<string, unknown>;
  const view = CALENDAR_VIEWS.includes(p.view as CalendarView) ? (p.view as CalendarView) : defaults.view;
  const dateKey = typeof p.dateKey === 'string' && parseWallDateKey(p.dateKey) ? p.dateKey : null;
  return { view, dateKey, filters: validFilters(p.filters) ?? defaults.filters };
}

function validFilters(value: unknown): PostFilters | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const list = (x: unknown) => (Array.isArray(x) && x.every((i) => typeof i === 'string') ? (x as string[]) : []);
  return { platforms: list(v.platforms), accounts: list(v.accounts), states: list(v.states) };
}

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { NO_FILTERS, type PostFilters } from './posts.js';
import { CALENDAR_VIEWS, type ViewName } from './range.js';
import { parseWallDateKey, wallDateKey } from './time.js';

/** The calendar's UI state. Server data lives in react-query; this is only what the user chose. */
interface CalendarState {
  view: ViewName;
  /** The shown date as `yyyy-MM-dd` in the brand zone (a key, so it survives a zone change); null is today there. */
  dateKey: string | null;
  /** Filters per brand: one brand's accounts mean nothing in another's calendar. */
  filtersByBrand: Record<string, PostFilters>;
  /** The post whose details panel is open. */
  openPostId: string | null;
  setView(view: ViewName): void;
  setDate(wall: Date): void;
  setFilters(brandId: string, filters: PostFilters): void;
  toggleFilter(brandId: string, kind: keyof PostFilters, value: string): void;
  openPost(id: string | null): void;
}

export const useCalendarStore = create<CalendarState>()(
  persist(
    (set) => ({
      view: 'month',
      dateKey: null,
      filtersByBrand: {},
      openPostId: null,
      setView: (view) => set({ view }),
      setDate: (wall) => set({ dateKey: wallDateKey(wall) }),
      setFilters: (brandId, filters) =>
        set((s) => ({ filtersByBrand: { ...s.filtersByBrand, [brandId]: filters } })),
      toggleFilter: (brandId, kind, value) =>
        set((s) => {
          const filters = s.filtersByBrand[brandId] ?? NO_FILTERS;
          const current = filters[kind] ?? [];
          const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
          return { filtersByBrand: { ...s.filtersByBrand, [brandId]: { ...filters, [kind]: next } } };
        }),
      openPost: (openPostId) => set({ openPostId }),
    }),
    {
      name: 'postdeck.calendar',
      version: 2,
      // Older entries go through the same checks as any other: their valid parts stay.
      migrate: (persisted) => persisted as CalendarState,
      storage: createJSONStorage(() => localStorage),
      // Only preferences are remembered; which panel was open is not.
      partialize: (s) => ({ view: s.view, dateKey: s.dateKey, filtersByBrand: s.filtersByBrand }),
      merge: (persisted, current) => ({ ...current, ...restorePrefs(persisted, current) }),
    },
  ),
);

type Prefs = Pick<CalendarState, 'view' | 'dateKey' | 'filtersByBrand'>;

/** What is kept of a saved entry: a hand-edited or stale one never breaks the screen; the valid parts stay. */
export function restorePrefs(persisted: unknown, defaults: Prefs): Prefs {
  const p = (persisted && typeof persisted === 'object' ? persisted : {}) as Record<string, unknown>;
  const view = CALENDAR_VIEWS.includes(p.view as ViewName) ? (p.view as ViewName) : defaults.view;
  const dateKey = typeof p.dateKey === 'string' && parseWallDateKey(p.dateKey) ? p.dateKey : null;
  const saved =
    p.filtersByBrand && typeof p.filtersByBrand === 'object'
      ? (p.filtersByBrand as Record<string, unknown>)
      : {};
  const filtersByBrand: Record<string, PostFilters> = {};
  for (const [brandId, filters] of Object.entries(saved)) {
    const valid = validFilters(filters);
    if (valid) filtersByBrand[brandId] = valid;
  }
  return { view, dateKey, filtersByBrand };
}

/** The filters of a brand (none until the user picks some). */
export const filtersOf = (
  state: Pick<CalendarState, 'filtersByBrand'>,
  brandId: string | null,
): PostFilters => (brandId ? state.filtersByBrand[brandId] : undefined) ?? NO_FILTERS;

function validFilters(value: unknown): PostFilters | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const list = (x: unknown) =>
    Array.isArray(x) && x.every((i) => typeof i === 'string') ? (x as string[]) : [];
  const brands = list(v.brands);
  return {
    platforms: list(v.platforms),
    accounts: list(v.accounts),
    states: list(v.states),
    // Review filters (client review) are kept only once chosen, so older entries read as before.
    ...(Array.isArray(v.reviews) ? { reviews: list(v.reviews) } : {}),
    ...(brands.length > 0 ? { brands } : {}),
  };
}

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The account the analytics page shows, remembered across restarts (per window's storage). */
interface AnalyticsState {
  integrationId: string | null;
  choose(integrationId: string): void;
}

export const useAnalyticsStore = create<AnalyticsState>()(
  persist(
    (set) => ({
      integrationId: null,
      choose: (integrationId) => set({ integrationId }),
    }),
    {
      name: 'postdeck.analytics',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // A hand-edited entry must never break the page: anything but a string means "none chosen".
      merge: (persisted, current) => {
        const id = (persisted as { integrationId?: unknown } | null)?.integrationId;
        return { ...current, integrationId: typeof id === 'string' && id ? id : null };
      },
    },
  ),
);

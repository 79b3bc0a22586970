import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isDayKey, RANGE_KINDS, type DayRange, type RangeKind } from '../../shared/analytics/ranges.js';
import { ROLLUPS, type AnalyticsChoice, type CompareWith, type RollupChoice } from './view-model.js';

/** What the analytics page shows (range, roll-up, group, comparison), remembered across restarts. */
interface AnalyticsState extends AnalyticsChoice {
  setRange(rangeKind: RangeKind, custom?: DayRange | null): void;
  setRollup(rollup: RollupChoice): void;
  choose(groupKey: string): void;
  setCompare(compare: CompareWith): void;
}

const DEFAULTS: AnalyticsChoice = {
  rangeKind: 'last30',
  custom: null,
  rollup: 'all',
  groupKey: null,
  compare: 'previous',
};

const COMPARES: readonly CompareWith[] = ['previous', 'yearBefore', 'none'];

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

/** A hand-edited or older entry must never break the page: anything unreadable is the default. */
function readChoice(persisted: unknown): AnalyticsChoice {
  const p = (typeof persisted === 'object' && persisted !== null ? persisted : {}) as Record<string, unknown>;
  const custom = p.custom as { from?: unknown; to?: unknown } | null | undefined;
  const customOk =
    typeof custom?.from === 'string' &&
    typeof custom.to === 'string' &&
    isDayKey(custom.from) &&
    isDayKey(custom.to);
  return {
    rangeKind: oneOf(
      p.rangeKind,
      RANGE_KINDS.map((r) => r.kind),
      DEFAULTS.rangeKind,
    ),
    custom: customOk ? { from: custom.from as string, to: custom.to as string } : null,
    rollup: oneOf(
      p.rollup,
      ROLLUPS.map((r) => r.by),
      typeof p.integrationId === 'string' ? 'account' : DEFAULTS.rollup,
    ),
    // Version 1 remembered only the account: it is still the account chosen.
    groupKey:
      typeof p.groupKey === 'string' && p.groupKey
        ? p.groupKey
        : typeof p.integrationId === 'string' && p.integrationId
          ? p.integrationId
          : null,
    compare: oneOf(p.compare, COMPARES, DEFAULTS.compare),
  };
}

export const useAnalyticsStore = create<AnalyticsState>()(
  persist(
    (set) => ({
      ...DEFAULTS,
      setRange: (rangeKind, custom) => set((s) => ({ rangeKind, custom: custom ?? s.custom })),
      setRollup: (rollup) => set({ rollup, groupKey: null }),
      choose: (groupKey) => set({ groupKey }),
      setCompare: (compare) => set({ compare }),
    }),
    {
      name: 'postdeck.analytics',
      version: 2,
      storage: createJSONStorage(() => localStorage),
      migrate: (persisted) => readChoice(persisted),
      merge: (persisted, current) => ({ ...current, ...readChoice(persisted) }),
      partialize: ({ rangeKind, custom, rollup, groupKey, compare }) => ({
        rangeKind,
        custom,
        rollup,
        groupKey,
        compare,
      }),
    },
  ),
);

import { useQueries } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { CalendarPost } from '../../shared/ipc/models.js';
import { call } from '../lib/ipc.js';
import { ipcKey, useIpcQuery } from '../lib/use-ipc.js';
import { emptySlotsBetween } from '../queue/queue-hooks.js';
import { SLOT_MINUTES } from './CalendarView.js';
import { instantToWall } from './time.js';

/** A free posting slot drawn as a background event: wall dates for the grid, the instant for the composer. */
export interface SlotEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  instant: Date;
}

const MINUTE = 60_000;
const subscribeToMinutes = (tick: () => void) => {
  const timer = setInterval(tick, 15_000);
  return () => clearInterval(timer);
};
const currentMinute = () => Math.floor(Date.now() / MINUTE);

/**
 * The free slots of the visible week or day, later than now. With no account filter: the brand
 * default's slots, free when no shown post sits there. With accounts chosen: each account's own slots,
 * free when that account has no post there. Nothing for month and agenda (the caller passes enabled).
 */
export function useEmptySlots(opts: {
  enabled: boolean;
  range: { start: string; end: string };
  posts: readonly CalendarPost[];
  accounts: readonly string[];
  zone: string;
}): SlotEvent[] {
  const { enabled, range, posts, accounts, zone } = opts;
  // A slot that has passed is no longer offered; re-checked each minute.
  const minute = useSyncExternalStore(subscribeToMinutes, currentMinute);
  // Read afresh each time the calendar opens (staleTime 0): slots may have been edited meanwhile.
  const brandDefault = useIpcQuery('getQueueSlots', { integrationId: null }, { staleTime: 0 });
  // combine keeps the same array while no answer changes, so the memo below holds.
  const accountData = useQueries({
    queries: accounts.map((integrationId) => ({
      queryKey: ipcKey('getQueueSlots', { integrationId }),
      queryFn: () => call('getQueueSlots', { integrationId }),
      enabled,
      staleTime: 0,
    })),
    combine: (results) => results.map((r) => r.data),
  });

  return useMemo(() => {
    if (!enabled) return [];
    const start = new Date(range.start);
    const end = new Date(range.end);
    const now = minute * MINUTE;
    const sources =
      accounts.length === 0
        ? [{ view: brandDefault.data, busy: posts }]
        : accounts.map((id, i) => ({
            view: accountData[i],
            busy: posts.filter((p) => p.integration.id === id),
          }));
    const seen = new Set<number>();
    const out: SlotEvent[] = [];
    for (const { view, busy } of sources) {
      if (!view) continue;
      const busyMs = busy.map((p) => Date.parse(p.publishDate));
      for (const instant of emptySlotsBetween(view.slots, view.timezone, start, end, busyMs)) {
        const ms = instant.getTime();
        if (ms <= now || seen.has(ms)) continue;
        seen.add(ms);
        const wall = instantToWall(ms, zone);
        out.push({
          id: `slot-${ms}`,
          title: 'Free slot',
          start: wall,
          end: new Date(wall.getTime() + SLOT_MINUTES * MINUTE),
          instant,
        });
      }
    }
    return out;
  }, [enabled, range, posts, accounts, zone, brandDefault.data, accountData, minute]);
}

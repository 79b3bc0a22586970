import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { queueSlotsQuery } from './queries.js';
import { ROW_MINUTES } from './time-rows.js';
import { MINUTE, useCurrentMinute } from './clock.js';
import { freeSlotEvents, slotSources, type SlotEvent } from './free-slots.js';

/**
 * The free queue slots of the visible week or day, later than now, for the calendar's faint
 * background events (see slotSources for whose). Nothing while disabled (month and agenda views).
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
  const minute = useCurrentMinute();
  // Read afresh each time the calendar opens (staleTime 0): slots may have been edited meanwhile.
  const brandDefault = useIpcQuery('getQueueSlots', { integrationId: null }, { enabled, staleTime: 0 });
  // combine keeps the same array while no answer changes, so the memo below holds.
  const accountViews = useQueries({
    queries: accounts.map((integrationId) => queueSlotsQuery(integrationId, enabled)),
    combine: (results) => results.map((r) => r.data),
  });

  return useMemo(
    () =>
      enabled
        ? freeSlotEvents(
            slotSources(brandDefault.data, accounts, accountViews, posts),
            range,
            minute * MINUTE,
            zone,
            ROW_MINUTES,
          )
        : [],
    [enabled, range, posts, accounts, zone, brandDefault.data, accountViews, minute],
  );
}

import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { QueueSlotsView } from '../../shared/queue/ipc.js';
import { emptySlotsBetween } from '../queue/empty-slots.js';
import { instantToWall } from './time.js';

/** A free posting slot drawn as a background event: wall dates for the grid, the instant for the composer. */
export interface SlotEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  instant: Date;
}

/** Whose slots to draw, and the posts that make them busy. */
export interface SlotSource {
  view: QueueSlotsView | undefined;
  busy: readonly CalendarPost[];
}

const MINUTE = 60_000;

/**
 * The slots of every source in [start, end] that none of its posts occupies and that lie after `now`,
 * once each (two accounts sharing a time show one slot), as brand-zone wall events `lengthMinutes` long.
 */
export function freeSlotEvents(
  sources: readonly SlotSource[],
  range: { start: string; end: string },
  now: number,
  zone: string,
  lengthMinutes: number,
): SlotEvent[] {
  const start = new Date(range.start);
  const end = new Date(range.end);
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
        end: new Date(wall.getTime() + lengthMinutes * MINUTE),
        instant,
      });
    }
  }
  return out;
}

/**
 * With no account filter: the brand default's slots, busy with every shown post. With accounts
 * chosen: each account's own slots, busy only with that account's posts.
 */
export function slotSources(
  brandDefault: QueueSlotsView | undefined,
  accounts: readonly string[],
  accountViews: readonly (QueueSlotsView | undefined)[],
  posts: readonly CalendarPost[],
): SlotSource[] {
  if (accounts.length === 0) return [{ view: brandDefault, busy: posts }];
  return accounts.map((id, i) => ({
    view: accountViews[i],
    busy: posts.filter((p) => p.integration.id === id),
  }));
}

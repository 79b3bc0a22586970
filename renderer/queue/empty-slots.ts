import { slotInstantsBetween, type QueueSlot } from '../../shared/queue/slots.js';

/* Pure. */

/**
 * Slot instants in [start, end) that no post occupies, for the calendar's faint empty slots.
 * `busy` holds the publish instants (ms) of the posts shown.
 */
export function emptySlotsBetween(
  slots: readonly QueueSlot[],
  timezone: string,
  start: Date,
  end: Date,
  busy: readonly number[],
): Date[] {
  const taken = new Set(busy.map((ms) => Math.floor(ms / 60_000)));
  return slotInstantsBetween(slots, timezone, start.getTime(), end.getTime())
    .filter((ms) => !taken.has(Math.floor(ms / 60_000)))
    .map((ms) => new Date(ms));
}

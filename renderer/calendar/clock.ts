import { useSyncExternalStore } from 'react';

/** A minute, in milliseconds. */
export const MINUTE = 60_000;

/** Checked a few times a minute, so a new minute shows within seconds of starting. */
const subscribeToMinutes = (tick: () => void) => {
  const timer = setInterval(tick, 5_000);
  return () => clearInterval(timer);
};
const currentMinute = () => Math.floor(Date.now() / MINUTE);

/**
 * The current minute (minutes since the epoch): a component using it renders once a minute, for
 * today's mark, the past's shading and which free slots are still ahead.
 */
export function useCurrentMinute(): number {
  return useSyncExternalStore(subscribeToMinutes, currentMinute);
}

/*
 * A post's new publish time must be later than now: the composer, a drag, the details panel, a bulk
 * change, an import row, main's outbox and the service all refuse a time that has passed, and say
 * so in the same words. A time equal to now counts as passed: it would be gone before it is sent.
 */

/** What a person reads when the time they picked has passed. */
export const TIME_PASSED = 'That time has already passed. Pick a time later than now.';

/** The way out a screen offers besides a later time: posting at once, or the account's next queue slot. */
export type OtherWay = 'post now' | 'queue';

/** Whether `at` (an ISO instant or epoch ms) is no longer a time a post can be given at `now` (epoch ms). */
export function timeHasPassed(at: string | number, now: number): boolean {
  return (typeof at === 'number' ? at : Date.parse(at)) <= now;
}

/** Why `at` cannot be a post's new time at `now`, or null when it can; `otherWay` adds the screen's other way out. */
export function whyTimePassed(at: string | number, now: number, otherWay?: OtherWay): string | null {
  if (!timeHasPassed(at, now)) return null;
  if (otherWay === 'post now')
    return 'That time has already passed. Pick a time later than now, or post now.';
  if (otherWay === 'queue')
    return 'That time has already passed. Pick a time later than now, or write queue.';
  return TIME_PASSED;
}

/** Moving a group by one offset would put one of its other posts, on `accountName`, in the past. */
export const memberTimePassed = (accountName: string): string =>
  `That would put the post for ${accountName} in the past. Pick a later time.`;

import { backoffMs } from '../api/retry.js';

/** How long to wait before trying an operation again. */

export interface BackoffOptions {
  /** First delay; doubled per attempt. */
  baseMs: number;
  /** Ceiling for a computed delay (a server's Retry-After is honoured even when longer). */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1000, maxMs: 60_000 };

/**
 * Before attempt `attempt + 1` (attempt counts from 1): the app's one backoff formula
 * (api/retry.ts), so many clients coming back online do not retry in lockstep; a server's own
 * Retry-After wins when it is given.
 */
export function retryDelayMs(
  attempt: number,
  options: BackoffOptions,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== null && retryAfterMs >= 0) return retryAfterMs;
  return backoffMs(attempt - 1, options.baseMs, options.maxMs, random);
}

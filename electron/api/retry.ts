import { ApiError } from './errors.js';

/*
 * Exponential backoff with jitter, so many clients coming back after an
 * outage do not hit the service in lockstep; Retry-After wins when the service sends one.
 */

export interface RetryPolicy {
  /** Attempts after the first one. */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for in-call: the error goes up to the outbox. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 400,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
};

/** Delay before attempt `attempt + 1` (attempt counts from 0), or null when not worth waiting for. */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  error: ApiError,
  random: () => number,
): number | null {
  if (error.retryAfterMs !== null) {
    return error.retryAfterMs <= policy.maxRetryAfterMs ? error.retryAfterMs : null;
  }
  return backoffMs(attempt, policy.baseDelayMs, policy.maxDelayMs, random);
}

/**
 * The one backoff formula of the app (in-call retries here, the outbox and the reachability probe
 * in outbox/backoff.ts): doubling from `baseMs` per step (counted from 0), capped at `maxMs`, with
 * "equal jitter": at least half the step, so retries still spread out over time.
 */
export function backoffMs(step: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, step));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

/** Resolves after `ms`, or rejects with an aborted ApiError as soon as the signal fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortedError());
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export const abortedError = () => new ApiError({ kind: 'aborted', message: 'The request was cancelled.' });

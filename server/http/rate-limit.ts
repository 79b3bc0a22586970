/** Requests allowed per key in each fixed window. */
export interface RateLimitConfig {
  count: number;
  seconds: number;
}

/** Generous enough for a calendar that refetches often, low enough that a loop of requests hits it. */
export const DEFAULT_RATE_LIMIT: RateLimitConfig = { count: 1200, seconds: 60 };

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/** Fixed-window counter per API key, kept in memory (a restart forgives everyone). */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly config: RateLimitConfig) {}

  hit(keyId: string, now = Date.now()): RateDecision {
    const windowMs = this.config.seconds * 1000;
    let w = this.windows.get(keyId);
    if (!w || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(keyId, w);
    }
    w.count++;
    const resetSeconds = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
    return {
      allowed: w.count <= this.config.count,
      limit: this.config.count,
      remaining: Math.max(0, this.config.count - w.count),
      resetSeconds,
    };
  }
}

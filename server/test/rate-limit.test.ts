import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '../index.js';
import { as, expectError, startTestService } from './helpers.js';

let s: RunningService;

beforeAll(async () => {
  s = await startTestService({ rateLimit: { count: 5, seconds: 2 } });
});
afterAll(() => s.close());

describe('rate limit per key', () => {
  it('allows N requests per window, answers 429 RATE_LIMITED with Retry-After past it, per key, and forgives after the window', async () => {
    const api = as(s, 'full-live');
    for (let i = 0; i < 5; i++) {
      const res = await api.get('/me');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(4 - i));
    }
    const limited = await api.get('/me');
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await as(s, 'full-test').get('/me')).status).toBe(200);
    await new Promise((r) => setTimeout(r, Number(limited.headers.get('retry-after')) * 1000 + 50));
    expect((await api.get('/me')).status).toBe(200);
  });

  it('does not count requests without a valid key against anyone', async () => {
    const api = as(s, 'posts-read');
    for (let i = 0; i < 10; i++) expect((await fetch(`${s.baseUrl}/me`)).status).toBe(401);
    expect((await api.get('/me')).status).toBe(403);
  });

  it('defaults to 1200 requests per 60 seconds', async () => {
    const svc = await startTestService({ rateLimit: undefined });
    try {
      const res = await as(svc, 'full-live').get('/me');
      expect(res.headers.get('x-ratelimit-limit')).toBe('1200');
      expect(Number(res.headers.get('x-ratelimit-reset'))).toBeLessThanOrEqual(60);
    } finally {
      await svc.close();
    }
  });
});

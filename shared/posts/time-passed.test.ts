import { describe, expect, it } from 'vitest';
import { memberTimePassed, TIME_PASSED, timeHasPassed, whyTimePassed } from './time-passed.js';

const now = Date.parse('2026-11-25T10:00:00Z');

describe('a post time that has already passed (one rule for every screen, main and the service)', () => {
  it('refuses now and earlier, accepts anything later, as an ISO time or epoch ms', () => {
    expect(timeHasPassed('2026-11-25T09:59:00Z', now)).toBe(true);
    expect(timeHasPassed(now, now)).toBe(true);
    expect(timeHasPassed(now + 1, now)).toBe(false);
    expect(whyTimePassed('2026-11-25T10:01:00Z', now)).toBeNull();
  });

  it('says so in one sentence, with the way out the screen offers', () => {
    expect(whyTimePassed(now - 60_000, now)).toBe(TIME_PASSED);
    expect(TIME_PASSED).toBe('That time has already passed. Pick a time later than now.');
    expect(whyTimePassed(now, now, 'post now')).toBe(
      'That time has already passed. Pick a time later than now, or post now.',
    );
    expect(whyTimePassed(now, now, 'queue')).toMatch(/already passed.*or write queue\.$/);
    expect(memberTimePassed('Acme on X')).toBe(
      'That would put the post for Acme on X in the past. Pick a later time.',
    );
  });
});

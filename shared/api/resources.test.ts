import { describe, expect, it } from 'vitest';
import { IsoDateTime, PostCreateRequest, RescheduleRequest } from './resources.js';

describe('IsoDateTime: instants the API can write back with a 4-digit year', () => {
  it.each([
    '9999-12-31T23:59:59-01:00',
    '9999-12-31T23:30:00-00:30',
    '0000-01-01T00:00:00+01:00',
    '0000-01-01T00:59:59.999+01:00',
  ])('refuses %s, which falls outside the years 0000-9999 in UTC, with a sentence', (date) => {
    const parsed = IsoDateTime.safeParse(date);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toHaveLength(1);
    expect(parsed.error?.issues[0]?.message).toMatch(/0000-9999.*pick a date/);
    expect(RescheduleRequest.safeParse({ date }).success).toBe(false);
    expect(PostCreateRequest.safeParse({ type: 'draft', date, shortLink: false }).success).toBe(false);
  });

  it.each([
    '9999-12-31T23:59:59Z',
    '9999-12-31T23:59:59.999+00:00',
    '9999-12-31T22:59:59-01:00',
    '0000-01-01T00:00:00Z',
    '0000-01-01T01:00:00+01:00',
    '2027-03-28T00:30:00Z',
  ])('accepts %s, and writes it back as the same instant', (date) => {
    expect(IsoDateTime.parse(date)).toBe(date);
    const written = new Date(Date.parse(date)).toISOString();
    expect(written).toMatch(/^\d{4}-/);
    expect(IsoDateTime.parse(written)).toBe(written);
  });

  it('gives a malformed date one issue, not a second about its year', () => {
    expect(IsoDateTime.safeParse('tomorrow').error?.issues).toHaveLength(1);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayOfInstant,
  daysBetween,
  eachDay,
  isDayKey,
  previousPeriod,
  rangeFor,
  shiftMonths,
  shiftYears,
  spanOf,
  todayIn,
  weekStart,
  yearBefore,
  type RangeKind,
} from './ranges.js';

const dayArb = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const KINDS: RangeKind[] = ['last7', 'last30', 'last90', 'thisMonth', 'lastMonth', 'thisQuarter', 'thisYear'];

describe('today in a time zone', () => {
  it('is the day on that zone’s wall clock, not in UTC', () => {
    const at = Date.parse('2026-11-28T02:30:00Z');
    expect(todayIn('UTC', at)).toBe('2026-11-28');
    expect(todayIn('America/Los_Angeles', at)).toBe('2026-11-27');
    expect(todayIn('Pacific/Auckland', Date.parse('2026-11-28T12:30:00Z'))).toBe('2026-11-29');
  });
});

describe('the day of an instant', () => {
  it('is the zone’s day, on days the clock changes too', () => {
    expect(dayOfInstant('2026-03-29T00:30:00.000Z', 'Europe/Paris')).toBe('2026-03-29');
    expect(dayOfInstant('2026-03-28T23:30:00.000Z', 'Europe/Paris')).toBe('2026-03-29');
    expect(dayOfInstant('2026-11-01T03:59:00.000Z', 'America/New_York')).toBe('2026-10-31');
    expect(dayOfInstant('2026-11-01T04:00:00.000Z', 'America/New_York')).toBe('2026-11-01');
    expect(dayOfInstant('not a date', 'UTC')).toBeNull();
  });

  it('agrees with the zone’s own calendar for any instant', () => {
    const zones = [
      'UTC',
      'Europe/Paris',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kathmandu',
      'Pacific/Apia',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2000-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          expect(dayOfInstant(new Date(ms).toISOString(), zone)).toBe(todayIn(zone, ms));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('ranges', () => {
  const today = '2026-11-28';
  it('names the days of each choice, both ends included', () => {
    expect(rangeFor('last7', today)).toEqual({ from: '2026-11-22', to: today });
    expect(rangeFor('last30', today)).toEqual({ from: '2026-10-30', to: today });
    expect(rangeFor('last90', today)).toEqual({ from: '2026-08-31', to: today });
    expect(rangeFor('thisMonth', today)).toEqual({ from: '2026-11-01', to: today });
    expect(rangeFor('lastMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(rangeFor('thisQuarter', today)).toEqual({ from: '2026-10-01', to: today });
    expect(rangeFor('thisYear', today)).toEqual({ from: '2026-01-01', to: today });
    expect(rangeFor('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(rangeFor('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('takes a custom range as given, either way round, and refuses a made-up day', () => {
    expect(rangeFor('custom', today, { from: '2026-02-01', to: '2026-02-10' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-10',
    });
    expect(rangeFor('custom', today, { from: '2026-02-10', to: '2026-02-01' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-10',
    });
    expect(rangeFor('custom', today, { from: '2026-02-30', to: '2026-03-01' })).toEqual({
      from: today,
      to: today,
    });
    expect(isDayKey('2026-02-29')).toBe(false);
    expect(isDayKey('2028-02-29')).toBe(true);
  });

  it('compares a month with the month before and other ranges with the days just before', () => {
    expect(previousPeriod('lastMonth', { from: '2026-10-01', to: '2026-10-31' })).toEqual({
      from: '2026-09-01',
      to: '2026-09-30',
    });
    expect(previousPeriod('lastMonth', { from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    // This month so far (28 days) against the first 28 days of last month.
    expect(previousPeriod('thisMonth', { from: '2026-11-01', to: '2026-11-28' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-28',
    });
    // 31 March so far cannot reach past February's end.
    expect(previousPeriod('thisMonth', { from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(previousPeriod('thisQuarter', { from: '2026-10-01', to: '2026-11-28' })).toEqual({
      from: '2026-07-01',
      to: '2026-08-28',
    });
    expect(previousPeriod('thisYear', { from: '2026-01-01', to: '2026-11-28' })).toEqual({
      from: '2025-01-01',
      to: '2025-11-28',
    });
    expect(previousPeriod('last30', { from: '2026-10-30', to: '2026-11-28' })).toEqual({
      from: '2026-09-30',
      to: '2026-10-29',
    });
  });

  it('finds the same days a year before, 29 February as the 28th', () => {
    expect(yearBefore({ from: '2028-02-01', to: '2028-02-29' })).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
    expect(shiftYears('2026-06-15', -1)).toBe('2025-06-15');
    expect(shiftMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(shiftMonths('2026-01-15', -2)).toBe('2025-11-15');
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-28')).toBe('2026-11-23'); // a Saturday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23'); // a Sunday
  });

  it('spans several ranges', () => {
    expect(
      spanOf([
        { from: '2026-10-01', to: '2026-10-31' },
        { from: '2025-10-01', to: '2025-10-31' },
      ]),
    ).toEqual({ from: '2025-10-01', to: '2026-10-31' });
  });
});

describe('range properties', () => {
  it('every choice ends no later than today and holds at least one day', () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom(...KINDS), (today, kind) => {
        const r = rangeFor(kind, today);
        expect(r.to <= today).toBe(true);
        expect(daysBetween(r)).toBeGreaterThanOrEqual(1);
        expect(eachDay(r)).toHaveLength(daysBetween(r));
      }),
    );
  });

  it('the previous period ends before the range starts, within a few days of its length', () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom(...KINDS), (today, kind) => {
        const r = rangeFor(kind, today);
        const p = previousPeriod(kind, r);
        expect(p.to < r.from).toBe(true);
        expect(p.from <= p.to).toBe(true);
        // Calendar units are compared date for date, so their lengths differ by at most 3 days.
        expect(Math.abs(daysBetween(p) - daysBetween(r))).toBeLessThanOrEqual(3);
        if (kind.startsWith('last') && kind !== 'lastMonth') {
          expect(daysBetween(p)).toBe(daysBetween(r));
          expect(addDays(p.to, 1)).toBe(r.from);
        }
      }),
    );
  });

  it('adding days and counting them agree', () => {
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 0, max: 2000 }), (from, n) => {
        const to = addDays(from, n);
        expect(daysBetween({ from, to })).toBe(n + 1);
        expect(addDays(to, -n)).toBe(from);
        expect(isDayKey(to)).toBe(true);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeriesRule } from './model.js';
import { describeRule, repeatWarning, ruleNote } from './describe.js';
import { dueOccurrences, firstOccurrences, HORIZON_MIN, LEAD_MS, totalDates } from './occurrences.js';

const rule = (r: Partial<SeriesRule>): SeriesRule =>
  SeriesRule.parse({
    freq: 'weekly',
    interval: 1,
    weekdays: [],
    monthDay: { kind: 'day', day: 1 },
    month: 1,
    start: '2027-02-22',
    time: '09:00',
    end: { kind: 'never' },
    ...r,
  });
const NY = 'America/New_York';
const localTime = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(ms),
  );
const localDay = (ms: number, timeZone: string) => new Date(ms).toLocaleDateString('en-CA', { timeZone });

describe('series dates', () => {
  it('keeps 9:00 New York across the spring DST change (six Mondays)', () => {
    const six = firstOccurrences(rule({ weekdays: [1], end: { kind: 'count', count: 6 } }), NY, 100);
    expect(six.map((o) => o.date)).toEqual([
      '2027-02-22',
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
      '2027-03-22',
      '2027-03-29',
    ]);
    expect(six.map((o) => new Date(o.at).toISOString())).toEqual([
      '2027-02-22T14:00:00.000Z',
      '2027-03-01T14:00:00.000Z',
      '2027-03-08T14:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
      '2027-03-22T13:00:00.000Z',
      '2027-03-29T13:00:00.000Z',
    ]);
  });

  it('posts a time the clocks skip when they jump, and a doubled time the first time', () => {
    const gap = firstOccurrences(rule({ freq: 'daily', start: '2027-03-14', time: '02:30' }), NY, 1)[0];
    expect(new Date(gap?.at ?? 0).toISOString()).toBe('2027-03-14T07:00:00.000Z'); // 3:00 EDT
    const overlap = firstOccurrences(rule({ freq: 'daily', start: '2026-11-01', time: '01:30' }), NY, 1)[0];
    expect(new Date(overlap?.at ?? 0).toISOString()).toBe('2026-11-01T05:30:00.000Z'); // 1:30 EDT
  });

  it('skips months without the 31st (RFC 5545), and says so', () => {
    const r = rule({ freq: 'monthly', start: '2027-01-01', monthDay: { kind: 'day', day: 31 } });
    expect(firstOccurrences(r, NY, 7).map((o) => o.date)).toEqual([
      '2027-01-31',
      '2027-03-31',
      '2027-05-31',
      '2027-07-31',
      '2027-08-31',
      '2027-10-31',
      '2027-12-31',
    ]);
    expect(ruleNote(r)).toContain('Months without a 31st get no post');
  });

  it('puts a yearly 29 February in leap years only', () => {
    const r = rule({ freq: 'yearly', start: '2027-01-01', month: 2, monthDay: { kind: 'day', day: 29 } });
    expect(firstOccurrences(r, NY, 3).map((o) => o.date)).toEqual(['2028-02-29', '2032-02-29', '2036-02-29']);
    expect(ruleNote(r)).toContain('leap years');
    expect(() => rule({ freq: 'yearly', month: 2, monthDay: { kind: 'day', day: 30 } })).toThrow(
      /no such day/,
    );
  });

  it('finds the second Tuesday and the last Friday', () => {
    const second = rule({
      freq: 'monthly',
      start: '2027-01-01',
      monthDay: { kind: 'weekday', nth: 2, weekday: 2 },
    });
    expect(firstOccurrences(second, NY, 3).map((o) => o.date)).toEqual([
      '2027-01-12',
      '2027-02-09',
      '2027-03-09',
    ]);
    const last = rule({
      freq: 'monthly',
      start: '2027-01-01',
      monthDay: { kind: 'weekday', nth: -1, weekday: 5 },
    });
    expect(firstOccurrences(last, NY, 3).map((o) => o.date)).toEqual([
      '2027-01-29',
      '2027-02-26',
      '2027-03-26',
    ]);
  });

  it('ends on a date, after N (skipped dates count), or keeps a rolling horizon', () => {
    const until = rule({ weekdays: [1, 4], end: { kind: 'until', date: '2027-03-04' } });
    expect(firstOccurrences(until, NY, 100).map((o) => o.date)).toEqual([
      '2027-02-22',
      '2027-02-25',
      '2027-03-01',
      '2027-03-04',
    ]);
    const counted = rule({ weekdays: [1], end: { kind: 'count', count: 3 } });
    expect(firstOccurrences(counted, NY, 100, new Set(['2027-03-01'])).map((o) => o.index)).toEqual([1, 3]);
    expect(totalDates(counted, NY)).toBe(3);
    const never = rule({ freq: 'daily' });
    const now = Date.parse('2027-02-22T00:00:00Z');
    const due = dueOccurrences(never, NY, new Set(), now);
    expect(due).toHaveLength(56);
    // A monthly endless series still keeps its next six dates.
    expect(dueOccurrences(rule({ freq: 'monthly' }), NY, new Set(), now)).toHaveLength(HORIZON_MIN);
  });

  it('says the rule in words', () => {
    expect(describeRule(rule({ weekdays: [4, 1], end: { kind: 'until', date: '2027-03-31' } }))).toBe(
      'Every Monday and Thursday at 9:00, until 31 March 2027',
    );
    expect(describeRule(rule({ weekdays: [1], end: { kind: 'count', count: 6 } }))).toBe(
      'Every Monday at 9:00, 6 times',
    );
    expect(describeRule(rule({ freq: 'monthly', monthDay: { kind: 'weekday', nth: 2, weekday: 2 } }))).toBe(
      'Every month on the second Tuesday at 9:00',
    );
    expect(describeRule(rule({ freq: 'weekly', interval: 2, weekdays: [0, 6], time: '17:30' }))).toBe(
      'Every other week on Saturday and Sunday at 17:30',
    );
    expect(describeRule(rule({ freq: 'yearly', month: 2, monthDay: { kind: 'day', day: 29 } }))).toBe(
      'Every year on 29 February at 9:00',
    );
    expect(repeatWarning(['x'], ['Same'], 6)).toContain('X refuses');
    expect(repeatWarning(['x'], ['One', 'Two'], 6)).toBeNull();
    expect(repeatWarning(['linkedin'], ['Same'], 6)).toBeNull();
  });

  const zones = ['America/New_York', 'Europe/Paris', 'Australia/Sydney', 'Asia/Kolkata', 'UTC'];
  const anyRule = fc.record({
    freq: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly'),
    interval: fc.integer({ min: 1, max: 4 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 7 }),
    monthDay: fc.oneof(
      fc.record({ kind: fc.constant('day' as const), day: fc.integer({ min: 1, max: 28 }) }),
      fc.record({
        kind: fc.constant('weekday' as const),
        nth: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const, -1 as const),
        weekday: fc.integer({ min: 0, max: 6 }),
      }),
    ),
    month: fc.integer({ min: 1, max: 12 }),
    start: fc
      .date({ min: new Date('2026-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    time: fc
      .tuple(fc.integer({ min: 4, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
    end: fc.constant({ kind: 'count' as const, count: 12 }),
  });

  it('every date is at the wall time in its zone, on its own day, in order, never twice', () => {
    fc.assert(
      fc.property(anyRule, fc.constantFrom(...zones), (r, zone) => {
        const dates = firstOccurrences(SeriesRule.parse(r), zone, 12);
        expect(dates.length).toBe(12);
        for (const [i, o] of dates.entries()) {
          // Times from 4:00 on exist every day in these zones: each is exactly the rule's wall time.
          expect(localTime(o.at, zone)).toBe(r.time);
          expect(localDay(o.at, zone)).toBe(o.date);
          expect(o.date >= r.start).toBe(true);
          if (i > 0) expect(o.at).toBeGreaterThan(dates[i - 1]!.at);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a re-plan later never names a date the earlier plan gave another time', () => {
    fc.assert(
      fc.property(anyRule, fc.integer({ min: 0, max: 400 }), (r, days) => {
        const parsed = SeriesRule.parse({ ...r, end: { kind: 'never' } });
        const start = Date.parse(`${r.start}T00:00:00Z`);
        const first = dueOccurrences(parsed, NY, new Set(), start);
        const later = dueOccurrences(parsed, NY, new Set(), start + days * 86_400_000);
        const at = new Map(first.map((o) => [o.date, o.at]));
        for (const o of later) if (at.has(o.date)) expect(o.at).toBe(at.get(o.date));
        for (const o of later) expect(o.at).toBeGreaterThanOrEqual(start + days * 86_400_000 + LEAD_MS);
      }),
      { numRuns: 100 },
    );
  });
});

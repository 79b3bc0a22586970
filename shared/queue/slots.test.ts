import { describe, expect, it } from 'vitest';
import {
  nextFreeSlots,
  nextFreeSlotsFor,
  normalizeSlots,
  QueueSlot,
  slotInstantsBetween,
  wallTimeToInstant,
} from './slots.js';

const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);
const NY = 'America/New_York';
const PARIS = 'Europe/Paris';

describe('wallTimeToInstant', () => {
  it('moves a spring-forward gap time to the first minute after the gap (New York, Paris)', () => {
    expect(iso(wallTimeToInstant(NY, 2026, 2, 8, 2, 30))).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
    expect(iso(wallTimeToInstant(PARIS, 2026, 2, 29, 2, 30))).toBe('2026-03-29T01:00:00.000Z'); // 03:00 CEST
  });

  it('takes the first occurrence of a repeated fall-back time (New York, Paris)', () => {
    expect(iso(wallTimeToInstant(NY, 2026, 10, 1, 1, 30))).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
    expect(iso(wallTimeToInstant(PARIS, 2026, 9, 25, 2, 30))).toBe('2026-10-25T00:30:00.000Z'); // 02:30 CEST
  });

  it('keeps ordinary times on both sides of a change at their wall time', () => {
    expect(iso(wallTimeToInstant(NY, 2026, 2, 7, 9, 0))).toBe('2026-03-07T14:00:00.000Z'); // EST
    expect(iso(wallTimeToInstant(NY, 2026, 2, 8, 9, 0))).toBe('2026-03-08T13:00:00.000Z'); // EDT
    expect(iso(wallTimeToInstant(PARIS, 2026, 9, 25, 9, 0))).toBe('2026-10-25T08:00:00.000Z'); // CET
    expect(iso(wallTimeToInstant('Asia/Kolkata', 2026, 0, 1, 9, 0))).toBe('2026-01-01T03:30:00.000Z');
  });
});

describe('nextFreeSlots', () => {
  const daily0230 = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '02:30' }));

  it('walks a daily 02:30 slot across New York spring forward', () => {
    const got = nextFreeSlots(daily0230, NY, at('2026-03-06T12:00:00Z'), [], 4).map(iso);
    expect(got).toEqual([
      '2026-03-07T07:30:00.000Z', // Sat 02:30 EST
      '2026-03-08T07:00:00.000Z', // Sun: 02:30 does not exist, 03:00 EDT
      '2026-03-09T06:30:00.000Z', // Mon 02:30 EDT
      '2026-03-10T06:30:00.000Z',
    ]);
  });

  it('walks a Sunday 01:30 slot across New York fall back, once, first occurrence', () => {
    const got = nextFreeSlots([{ weekday: 0, time: '01:30' }], NY, at('2026-10-20T00:00:00Z'), [], 3).map(
      iso,
    );
    expect(got).toEqual(['2026-10-25T05:30:00.000Z', '2026-11-01T05:30:00.000Z', '2026-11-08T06:30:00.000Z']);
  });

  it('walks Paris spring forward and fall back', () => {
    const sunday = [{ weekday: 0, time: '02:30' }];
    expect(nextFreeSlots(sunday, PARIS, at('2026-03-25T00:00:00Z'), [], 2).map(iso)).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-04-05T00:30:00.000Z',
    ]);
    expect(nextFreeSlots(sunday, PARIS, at('2026-10-20T00:00:00Z'), [], 2).map(iso)).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-11-01T01:30:00.000Z',
    ]);
  });

  it('skips slots where the account already has a post (same minute), and keeps free ones', () => {
    const slots = [
      { weekday: 1, time: '09:00' },
      { weekday: 1, time: '17:00' },
    ];
    const from = at('2026-11-22T00:00:00Z'); // Sunday
    const busy = [at('2026-11-23T14:00:20Z'), at('2026-11-30T14:00:00Z'), at('2026-11-23T15:00:00Z')];
    expect(nextFreeSlots(slots, NY, from, busy, 3).map(iso)).toEqual([
      '2026-11-23T22:00:00.000Z',
      '2026-11-30T22:00:00.000Z',
      '2026-12-07T14:00:00.000Z',
    ]);
  });

  it('is strictly after `from`, and empty without slots or when a year is fully busy', () => {
    const slot = [{ weekday: 1, time: '09:00' }];
    const monday9 = at('2026-11-23T14:00:00Z');
    expect(nextFreeSlots(slot, NY, monday9, [], 1).map(iso)).toEqual(['2026-11-30T14:00:00.000Z']);
    expect(nextFreeSlots([], NY, monday9, [], 5)).toEqual([]);
    const year = nextFreeSlots(slot, NY, monday9, [], 60);
    expect(year.length).toBeGreaterThan(50);
    expect(nextFreeSlots(slot, NY, monday9, year, 1)).toEqual([]);
  });
});

describe('slotInstantsBetween and normalizeSlots', () => {
  it('lists a week of slots in order, for the calendar', () => {
    const slots = [
      { weekday: 3, time: '12:00' },
      { weekday: 1, time: '09:00' },
    ];
    const got = slotInstantsBetween(slots, PARIS, at('2026-11-22T23:00:00Z'), at('2026-11-29T23:00:00Z')).map(
      iso,
    );
    expect(got).toEqual(['2026-11-23T08:00:00.000Z', '2026-11-25T11:00:00.000Z']);
  });

  it('sorts and dedupes, and the schema refuses bad times', () => {
    expect(
      normalizeSlots([
        { weekday: 2, time: '10:00' },
        { weekday: 1, time: '11:00' },
        { weekday: 2, time: '10:00' },
      ]),
    ).toEqual([
      { weekday: 1, time: '11:00' },
      { weekday: 2, time: '10:00' },
    ]);
    expect(QueueSlot.safeParse({ weekday: 1, time: '24:00' }).success).toBe(false);
    expect(QueueSlot.safeParse({ weekday: 7, time: '10:00' }).success).toBe(false);
  });
});

describe('nextFreeSlotsFor (content categories)', () => {
  // Mon 09:00 Tips, Mon 12:00 open, Wed 09:00 Product, Thu 09:00 Tips, Fri 09:00 open; New York.
  const slots: QueueSlot[] = [
    { weekday: 1, time: '09:00', category: 'tips' },
    { weekday: 1, time: '12:00' },
    { weekday: 3, time: '09:00', category: 'product' },
    { weekday: 4, time: '09:00', category: 'tips' },
    { weekday: 5, time: '09:00' },
  ];
  const sunday = at('2026-12-06T12:00:00Z');
  const pick = (category: string | null, busy: number[] = [], count = 1) =>
    nextFreeSlotsFor(slots, category, NY, sunday, busy, count).map((c) => [iso(c.at), c.reserved]);

  it('gives a post of a category its next free kept slot before any open one', () => {
    expect(pick('tips')).toEqual([['2026-12-07T14:00:00.000Z', true]]); // Mon 09:00 EST
    expect(pick('product')).toEqual([['2026-12-09T14:00:00.000Z', true]]); // Wed 09:00, not Mon 12:00
  });

  it('skips a kept slot already taken, to the category’s next one', () => {
    expect(pick('tips', [at('2026-12-07T14:00:00Z')])).toEqual([['2026-12-10T14:00:00.000Z', true]]); // Thu
  });

  it('never gives a post without a category a kept slot', () => {
    expect(pick(null, [], 3)).toEqual([
      ['2026-12-07T17:00:00.000Z', false], // Mon 12:00
      ['2026-12-11T14:00:00.000Z', false], // Fri 09:00
      ['2026-12-14T17:00:00.000Z', false], // next Mon 12:00
    ]);
  });

  it('falls back to open slots for a category with no kept slots, and says so', () => {
    expect(pick('quotes')).toEqual([['2026-12-07T17:00:00.000Z', false]]);
  });

  it('reads slots saved before categories (no category field) as open', () => {
    const old = QueueSlot.array().parse([{ weekday: 1, time: '09:00' }]);
    expect(nextFreeSlotsFor(old, 'tips', NY, sunday, [], 1)).toEqual([
      { at: at('2026-12-07T14:00:00Z'), reserved: false },
    ]);
  });
});

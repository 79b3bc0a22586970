import { describe, expect, it } from 'vitest';
import type { QueueSlot } from '../queue/slots.js';
import { localDateOf, planFills, type PlanInput, type PlanItem } from './plan-fills.js';

const TZ = 'America/New_York';
const DAY = 86_400_000;
/** Every day at 09:00 and 15:00. */
const DAILY: QueueSlot[] = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
  { weekday, time: '09:00' },
  { weekday, time: '15:00' },
]);

const item = (id: string, over: Partial<PlanItem> = {}): PlanItem => ({
  id,
  accounts: ['acc-x'],
  cooldownDays: 1,
  endRule: { kind: 'never' },
  skipDates: [],
  versions: 1,
  active: true,
  ...over,
});

const input = (over: Partial<PlanInput>): PlanInput => ({
  items: [item('a')],
  slotsByAccount: new Map([['acc-x', DAILY]]),
  timezone: TZ,
  taken: new Map(),
  made: [],
  // Monday 2026-11-23 00:00 New York (UTC-5) for one week.
  from: Date.parse('2026-11-23T05:00:00Z'),
  to: Date.parse('2026-11-30T05:00:00Z'),
  ...over,
});

const iso = (ms: number) => new Date(ms).toISOString();

describe('planFills', () => {
  it('fills free slots, least recently posted first, never the same post twice within its cooldown', () => {
    const fills = planFills(input({ items: [item('a'), item('b'), item('c')] }));
    // 14 slots in the week, two a day; three posts with a day of cooldown fill every one.
    expect(fills).toHaveLength(14);
    expect(fills.slice(0, 4).map((f) => [f.itemId, iso(f.at)])).toEqual([
      ['a', '2026-11-23T14:00:00.000Z'],
      ['b', '2026-11-23T20:00:00.000Z'],
      ['c', '2026-11-24T14:00:00.000Z'],
      ['a', '2026-11-24T20:00:00.000Z'],
    ]);
    for (const id of ['a', 'b', 'c']) {
      const times = fills.filter((f) => f.itemId === id).map((f) => f.at);
      for (let i = 1; i < times.length; i++)
        expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(DAY);
      expect(fills.filter((f) => f.itemId === id).map((f) => f.repeat)).toEqual(times.map((_, i) => i + 1));
    }
    expect(new Set(fills.map((f) => f.at)).size).toBe(fills.length);
  });

  it('leaves slots empty rather than break a cooldown', () => {
    const fills = planFills(input({ items: [item('a', { cooldownDays: 3 })] }));
    expect(fills.map((f) => iso(f.at))).toEqual([
      '2026-11-23T14:00:00.000Z',
      '2026-11-26T14:00:00.000Z',
      '2026-11-29T14:00:00.000Z',
    ]);
  });

  it('counts cooldowns and repeats from repeats already made, before and after the window', () => {
    const fills = planFills(
      input({
        items: [item('a', { cooldownDays: 2, endRule: { kind: 'afterRepeats', repeats: 4 }, versions: 3 })],
        made: [
          { itemId: 'a', integrationId: 'acc-x', at: Date.parse('2026-11-22T20:00:00Z'), repeat: 1 },
          { itemId: 'a', integrationId: 'acc-x', at: Date.parse('2026-11-27T14:00:00Z'), repeat: 2 },
        ],
      }),
    );
    // Not within two days of the 22nd 15:00 or the 27th 09:00; stops after repeat 4 of 4.
    expect(fills.map((f) => [iso(f.at), f.repeat, f.of, f.version])).toEqual([
      ['2026-11-24T20:00:00.000Z', 3, 4, 2],
      ['2026-11-29T14:00:00.000Z', 4, 4, 0],
    ]);
  });

  it('ends on its last day, inclusive, in the brand zone', () => {
    const fills = planFills(
      input({ items: [item('a', { endRule: { kind: 'onDate', date: '2026-11-25' } })] }),
    );
    expect(fills.map((f) => localDateOf(TZ, f.at))).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });

  it('skips its skip days and lets another post take the slot', () => {
    const fills = planFills(
      input({
        items: [item('a', { skipDates: ['2026-11-24', '2026-11-25'] }), item('b', { cooldownDays: 7 })],
        to: Date.parse('2026-11-27T05:00:00Z'),
      }),
    );
    expect(fills.map((f) => [f.itemId, localDateOf(TZ, f.at)])).toEqual([
      ['a', '2026-11-23'],
      ['b', '2026-11-23'],
      ['a', '2026-11-26'],
    ]);
  });

  it('never takes a slot a one-off post or an earlier repeat holds', () => {
    const oneOff = Date.parse('2026-11-23T14:00:30Z'); // same minute as the first 09:00 slot
    const fills = planFills(
      input({
        items: [item('a'), item('b')],
        taken: new Map([['acc-x', [oneOff]]]),
        made: [{ itemId: 'b', integrationId: 'acc-x', at: Date.parse('2026-11-23T20:00:00Z'), repeat: 1 }],
        to: Date.parse('2026-11-24T05:00:00Z'),
      }),
    );
    expect(fills).toEqual([]);
  });

  it('fills nothing for a paused post, and each account keeps its own track', () => {
    const two = planFills(
      input({
        items: [item('a', { accounts: ['acc-x', 'acc-y'] }), item('p', { active: false })],
        slotsByAccount: new Map([
          ['acc-x', [{ weekday: 1, time: '09:00' }]],
          ['acc-y', [{ weekday: 1, time: '10:00' }]],
        ]),
      }),
    );
    expect(two.map((f) => [f.itemId, f.integrationId, iso(f.at), f.repeat])).toEqual([
      ['a', 'acc-x', '2026-11-23T14:00:00.000Z', 1],
      ['a', 'acc-y', '2026-11-23T15:00:00.000Z', 1],
    ]);
  });

  it('follows the queue across DST: 09:00 stays 09:00 local, and a 02:30 slot in the gap goes at 03:00', () => {
    const fall = planFills(
      input({
        slotsByAccount: new Map([
          ['acc-x', [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '09:00' }))],
        ]),
        from: Date.parse('2026-10-31T04:00:00Z'),
        to: Date.parse('2026-11-02T23:00:00Z'),
      }),
    );
    expect(fall.map((f) => iso(f.at))).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    const spring = planFills(
      input({
        slotsByAccount: new Map([['acc-x', [{ weekday: 0, time: '02:30' }]]]),
        from: Date.parse('2026-03-08T00:00:00Z'),
        to: Date.parse('2026-03-09T00:00:00Z'),
      }),
    );
    expect(spring.map((f) => iso(f.at))).toEqual(['2026-03-08T07:00:00.000Z']);
    expect(localDateOf(TZ, Date.parse('2026-11-01T04:30:00Z'))).toBe('2026-11-01');
  });

  it('is deterministic', () => {
    const i = input({ items: [item('a'), item('b', { versions: 2 }), item('c', { cooldownDays: 2 })] });
    expect(planFills(i)).toEqual(planFills(i));
  });
});

describe('planFills with content categories', () => {
  // Daily 09:00 kept for Tips, 15:00 open.
  const KEPT: QueueSlot[] = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, time: '09:00', category: 'tips' },
    { weekday, time: '15:00' },
  ]);
  const hourOf = (ms: number) => new Date(ms).getUTCHours();

  it('puts a list feeding a category in its kept slots, and other lists only in open ones', () => {
    const fills = planFills(
      input({
        items: [item('tip', { category: 'tips' }), item('plain')],
        slotsByAccount: new Map([['acc-x', KEPT]]),
      }),
    );
    expect(fills.filter((f) => f.itemId === 'tip').map((f) => hourOf(f.at))).toEqual(Array(7).fill(14));
    expect(fills.filter((f) => f.itemId === 'plain').map((f) => hourOf(f.at))).toEqual(Array(7).fill(20));
  });

  it('leaves kept slots empty when no list feeds their category', () => {
    const fills = planFills(input({ items: [item('plain')], slotsByAccount: new Map([['acc-x', KEPT]]) }));
    expect(fills.every((f) => hourOf(f.at) === 20)).toBe(true);
  });

  it('sends a category the account keeps no slots for to open slots', () => {
    const fills = planFills(input({ items: [item('q', { category: 'quotes' })] }));
    expect(fills).toHaveLength(7);
  });
});

import { tzOffset } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import {
  brandZone,
  instantToWall,
  keepTimeOfDay,
  parseInputValue,
  parseWallDateKey,
  shiftWall,
  wallDateKey,
  wallToInputValue,
  wallToInstant,
} from './time.js';

const fields = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];
const wall = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(y, mo - 1, d, h, mi);

describe('instantToWall', () => {
  it('shows an instant at its wall clock in the brand zone, on both sides of a DST change', () => {
    // New York springs forward on 2026-03-08 at 02:00 (EST -5 -> EDT -4).
    expect(fields(instantToWall(Date.parse('2026-03-08T06:30:00Z'), 'America/New_York'))).toEqual([
      2026, 3, 8, 1, 30,
    ]);
    expect(fields(instantToWall(Date.parse('2026-03-08T07:30:00Z'), 'America/New_York'))).toEqual([
      2026, 3, 8, 3, 30,
    ]);
    // Paris falls back on 2026-10-25 at 03:00 (CEST +2 -> CET +1): 02:30 happens twice.
    expect(fields(instantToWall(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Paris'))).toEqual([
      2026, 10, 25, 2, 30,
    ]);
    expect(fields(instantToWall(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Paris'))).toEqual([
      2026, 10, 25, 2, 30,
    ]);
  });

  it('reads every instant around offset changes exactly, though it keeps offsets by the hour', () => {
    // Whole-hour, half-hour (Lord Howe: 30 minutes of DST) and 45-minute zones, each across a change.
    const around: [string, string][] = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['Europe/Paris', '2026-10-25T01:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['Asia/Kathmandu', '2026-06-30T18:15:00Z'],
      ['America/St_Johns', '2026-11-01T04:30:00Z'],
    ];
    for (const [zone, change] of around) {
      const at = Date.parse(change);
      // Every minute from three hours before to three hours after, and the change's edges to the millisecond.
      const instants = Array.from({ length: 361 }, (_, i) => at + (i - 180) * 60_000);
      instants.push(at - 1, at, at + 1);
      for (const ms of instants) {
        const exact = new Date(ms + tzOffset(zone, new Date(ms)) * 60_000);
        const got = instantToWall(ms, zone);
        expect([zone, ms, fields(got)]).toEqual([
          zone,
          ms,
          [
            exact.getUTCFullYear(),
            exact.getUTCMonth() + 1,
            exact.getUTCDate(),
            exact.getUTCHours(),
            exact.getUTCMinutes(),
          ],
        ]);
      }
    }
  });

  it('puts a late-evening UTC instant on the next day in Tokyo and the same day in Los Angeles', () => {
    const instant = Date.parse('2026-06-30T22:00:00Z');
    expect(fields(instantToWall(instant, 'Asia/Tokyo'))).toEqual([2026, 7, 1, 7, 0]);
    expect(fields(instantToWall(instant, 'America/Los_Angeles'))).toEqual([2026, 6, 30, 15, 0]);
  });
});

describe('wallToInstant', () => {
  it('round-trips every quarter hour across both 2026 DST changes of New York and Paris', () => {
    for (const [zone, day] of [
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Europe/Paris', '2026-03-29'],
      ['Europe/Paris', '2026-10-25'],
    ] as const) {
      const start = Date.parse(`${day}T00:00:00Z`) - 12 * 3_600_000;
      for (let t = start; t < start + 48 * 3_600_000; t += 15 * 60_000) {
        const instant = new Date(t);
        expect(wallToInstant(instantToWall(instant, zone), zone, instant).toISOString()).toBe(
          instant.toISOString(),
        );
      }
    }
  });

  it('reads a wall time in the brand zone, not the machine zone', () => {
    expect(wallToInstant(wall(2026, 1, 15, 9, 0), 'America/New_York').toISOString()).toBe(
      '2026-01-15T14:00:00.000Z',
    );
    expect(wallToInstant(wall(2026, 7, 15, 9, 0), 'America/New_York').toISOString()).toBe(
      '2026-07-15T13:00:00.000Z',
    );
    expect(wallToInstant(wall(2026, 7, 15, 9, 0), 'Asia/Kolkata').toISOString()).toBe(
      '2026-07-15T03:30:00.000Z',
    );
  });

  it('moves a wall time skipped by spring-forward to after the jump, as clocks do', () => {
    expect(wallToInstant(wall(2026, 3, 8, 2, 30), 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(wallToInstant(wall(2026, 3, 29, 2, 30), 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
  });

  it('picks the first of a repeated wall time, or the one matching the hint', () => {
    const repeated = wall(2026, 10, 25, 2, 30);
    expect(wallToInstant(repeated, 'Europe/Paris').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(wallToInstant(repeated, 'Europe/Paris', new Date('2026-10-25T01:45:00Z')).toISOString()).toBe(
      '2026-10-25T01:30:00.000Z',
    );
  });
});

describe('wall date helpers', () => {
  it('keeps the time of day when a post is dropped on another day', () => {
    const moved = keepTimeOfDay(wall(2026, 3, 12), wall(2026, 3, 5, 14, 45));
    expect(fields(moved)).toEqual([2026, 3, 12, 14, 45]);
  });

  it('shifts by days in wall time, so 09:00 stays 09:00 across DST', () => {
    const before = wall(2026, 3, 7, 9, 0);
    const after = shiftWall(before, { days: 1 });
    expect(fields(after)).toEqual([2026, 3, 8, 9, 0]);
    const zone = 'America/New_York';
    expect(wallToInstant(before, zone).toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(wallToInstant(after, zone).toISOString()).toBe('2026-03-08T13:00:00.000Z');
  });

  it('parses and formats date keys and datetime-local values, refusing nonsense', () => {
    expect(wallDateKey(wall(2026, 2, 3))).toBe('2026-02-03');
    expect(fields(parseWallDateKey('2026-02-03')!)).toEqual([2026, 2, 3, 0, 0]);
    expect(parseWallDateKey('2026-02-30')).toBeNull();
    expect(parseWallDateKey('yesterday')).toBeNull();
    expect(wallToInputValue(wall(2026, 12, 31, 23, 5))).toBe('2026-12-31T23:05');
    expect(fields(parseInputValue('2026-12-31T23:05')!)).toEqual([2026, 12, 31, 23, 5]);
    expect(parseInputValue('2026-12-31T24:00')).toBeNull();
    expect(parseInputValue('')).toBeNull();
  });

  it('falls back to the system zone for a missing or unknown brand zone', () => {
    const system = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(brandZone(null)).toBe(system);
    expect(brandZone('Mars/Olympus_Mons')).toBe(system);
    expect(brandZone('Europe/Paris')).toBe('Europe/Paris');
  });
});

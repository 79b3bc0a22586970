import { describe, expect, it } from 'vitest';
import { formatChipTime, formatTime } from './format.js';
import { setHour12 } from '../ui/time-format.js';

describe('formatChipTime', () => {
  it('writes a chip time as short as it reads, in the brand zone', () => {
    // The test runner's locale writes 12-hour times ("9:30 AM").
    expect(formatTime('2026-11-05T14:00:00Z', 'America/New_York')).toBe('9:00 AM');
    expect(formatChipTime('2026-11-05T14:00:00Z', 'America/New_York')).toBe('9am');
    expect(formatChipTime('2026-11-05T14:30:00Z', 'America/New_York')).toBe('9:30am');
    expect(formatChipTime('2026-11-05T17:05:00Z', 'America/New_York')).toBe('12:05pm');
    expect(formatChipTime('2026-11-05T17:05:00Z', 'Europe/Paris')).toBe('6:05pm');
  });
});

describe('times written once per minute of the day', () => {
  const zones = [
    'UTC',
    'America/New_York',
    'Europe/Paris',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Pacific/Chatham',
    'America/St_Johns',
  ];
  // Every 7 minutes for two days around each of 2026's DST changes in these zones, and a plain day.
  const starts = [
    '2026-03-07T00:00:00Z',
    '2026-03-28T00:00:00Z',
    '2026-04-04T00:00:00Z',
    '2026-10-03T00:00:00Z',
    '2026-10-24T00:00:00Z',
    '2026-10-31T00:00:00Z',
    '2026-06-15T00:00:00Z',
  ];
  const instants = starts.flatMap((s) =>
    Array.from({ length: (2 * 24 * 60) / 7 }, (_, i) => new Date(Date.parse(s) + i * 7 * 60_000 + 13_000)),
  );

  for (const clock of [true, false]) {
    it(`match a formatter asked per instant, on a ${clock ? 12 : 24}-hour clock`, () => {
      setHour12(clock);
      try {
        for (const zone of zones) {
          const intl = new Intl.DateTimeFormat(undefined, {
            hour: 'numeric',
            minute: '2-digit',
            hour12: clock,
            timeZone: zone,
          });
          for (const at of instants) {
            expect(formatTime(at, zone)).toBe(intl.format(at));
            expect(formatTime(at.toISOString(), zone)).toBe(intl.format(at));
            const parts = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, p.value]));
            const chip = parts.dayPeriod
              ? `${parts.hour}${parts.minute === '00' ? '' : `:${parts.minute}`}${parts.dayPeriod.replace(/[.\s]/g, '').toLowerCase()}`
              : `${Number(parts.hour)}:${parts.minute}`;
            expect(formatChipTime(at, zone)).toBe(chip);
          }
        }
      } finally {
        setHour12(null);
      }
    });
  }

  it('still refuses what a formatter refuses', () => {
    expect(() => formatTime('not a date', 'UTC')).toThrow(RangeError);
    expect(() => formatTime('2026-11-05T14:00:00Z', 'Not/AZone')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { formatChipTime, formatTime } from './format.js';

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

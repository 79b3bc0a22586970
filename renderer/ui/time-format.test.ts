import { afterEach, describe, expect, it } from 'vitest';
import { formatHour, formatWallTime, setHour12, timePattern } from './time-format.js';

afterEach(() => setHour12(null));

describe('one time format', () => {
  it('writes wall times and hours on a 12-hour clock when the user has one', () => {
    setHour12(true);
    expect(formatWallTime('17:30').replace(/\s/g, ' ')).toMatch(/^5:30 PM$/i);
    expect(formatWallTime('09:05').replace(/\s/g, ' ')).toMatch(/^9:05 AM$/i);
    expect(formatHour(0).replace(/\s/g, ' ')).toMatch(/^12 AM$/i);
    expect(timePattern()).toBe('h:mm a');
  });

  it('writes them on a 24-hour clock otherwise', () => {
    setHour12(false);
    expect(formatWallTime('17:30')).toBe('17:30');
    expect(formatWallTime('09:05')).toBe('09:05');
    expect(formatHour(7)).toBe('07:00');
    expect(timePattern()).toBe('HH:mm');
  });

  it('leaves a value that is not a time as it is', () => {
    expect(formatWallTime('soon')).toBe('soon');
  });
});

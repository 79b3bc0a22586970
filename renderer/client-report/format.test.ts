import { describe, expect, it } from 'vitest';
import { changeWords, formatChange, formatTick, formatValue, niceTicks, shortDay } from './format.js';

/* How the client report writes its numbers and draws its axes. */

describe('the report’s numbers', () => {
  it('are grouped, rates as percentages, changes signed and said in words', () => {
    expect(formatValue({ kind: 'count' }, 107638)).toBe('107,638');
    expect(formatValue({ kind: 'level' }, 97385.4)).toBe('97,385');
    expect(formatValue({ kind: 'ratio' }, 0.0317)).toBe('3.17%');
    expect(formatValue({ kind: 'ratio' }, 0.05)).toBe('5.0%');
    expect(formatValue({ kind: 'count' }, null)).toBe('—');
    expect(formatChange(0.1234)).toBe('+12.3%');
    expect(formatChange(-0.05)).toBe('-5.0%');
    expect(formatChange(null)).toBe('—');
    expect(changeWords(0.2)).toBe('up');
    expect(changeWords(-0.2)).toBe('down');
    expect(changeWords(0)).toBe('no change');
    expect(changeWords(null)).toBe('nothing to compare with');
    expect(shortDay('2027-02-28')).toBe('28 Feb');
  });

  it('axes run from 0 for counts and rates, round steps covering the highest value', () => {
    expect(niceTicks(0, 9800)).toEqual([0, 2000, 4000, 6000, 8000, 10000]);
    expect(niceTicks(0, 0.075)).toEqual([0, 0.02, 0.04, 0.06, 0.08]);
    expect(niceTicks(0, 0)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(formatTick({ kind: 'count' }, 12500)).toBe('12.5k');
    expect(formatTick({ kind: 'ratio' }, 0.04)).toBe('4.0%');
  });

  it('followers’ axis starts just under the lowest value, so a change is not a flat line', () => {
    const ticks = niceTicks(96_900, 97_385, 5, false);
    expect(ticks[0]).toBeLessThan(96_900);
    expect(ticks[0]).toBeGreaterThan(96_000);
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(97_385);
  });
});

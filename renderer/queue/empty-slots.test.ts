import { describe, expect, it } from 'vitest';
import { emptySlotsBetween } from './empty-slots.js';

describe('emptySlotsBetween', () => {
  it('lists the slots of the range that no post takes, in the brand zone (a post anywhere in the minute takes it)', () => {
    const slots = [
      { weekday: 1, time: '09:00' },
      { weekday: 3, time: '12:00' },
    ];
    const start = new Date('2026-11-22T23:00:00Z');
    const end = new Date('2026-11-29T23:00:00Z');
    const all = emptySlotsBetween(slots, 'Europe/Paris', start, end, []).map((d) => d.toISOString());
    expect(all).toEqual(['2026-11-23T08:00:00.000Z', '2026-11-25T11:00:00.000Z']);
    const busy = [Date.parse('2026-11-23T08:00:30Z')];
    const left = emptySlotsBetween(slots, 'Europe/Paris', start, end, busy).map((d) => d.toISOString());
    expect(left).toEqual(['2026-11-25T11:00:00.000Z']);
  });
});

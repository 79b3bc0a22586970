import { describe, expect, it } from 'vitest';
import { readableInstants } from './readable-instants.js';

describe('readableInstants', () => {
  it('rewrites ISO instants in the given zone and leaves the rest of the sentence alone', () => {
    const text = readableInstants('Move "Launch day" to 2026-11-23T12:30:00.000Z', 'Europe/Paris');
    expect(text.startsWith('Move "Launch day" to ')).toBe(true);
    expect(text).not.toContain('2026-11-23T');
    expect(text).toMatch(/13:30|0?1:30\sPM/);
  });
  it('falls back to the system zone for an unknown zone instead of failing', () => {
    expect(readableInstants('at 2026-03-08T07:00:00Z', 'Not/AZone')).not.toContain('T07:00');
  });
  it('keeps text without instants as it is', () => {
    expect(readableInstants('Delete the group', 'UTC')).toBe('Delete the group');
  });
});

import { describe, expect, it } from 'vitest';
import { defaultName, MAX_NAME_BRAND_CHARS } from '../../export/export-service.js';

/* The save dialog's suggested name: safe characters, and short enough for any file system. */

describe('the default export file name', () => {
  const day = new Date('2026-11-23T10:00:00Z');

  it('caps a long brand name, keeping the date and the extension', () => {
    const name = defaultName('Ж'.repeat(5_000), day, 'csv');
    expect(name).toBe(`${'Ж'.repeat(MAX_NAME_BRAND_CHARS)} posts 2026-11-23.csv`);
    expect(Buffer.byteLength(name)).toBeLessThan(255);
  });

  it('never cuts a character in two', () => {
    const name = defaultName('😀'.repeat(200), day, 'json');
    expect(name).toBe(`${'😀'.repeat(MAX_NAME_BRAND_CHARS)} posts 2026-11-23.json`);
  });

  it('keeps a short name as it was, without characters file systems refuse', () => {
    expect(defaultName('Harbor: Coffee/Tea', day, 'ics')).toBe('Harbor Coffee Tea posts 2026-11-23.ics');
  });
});

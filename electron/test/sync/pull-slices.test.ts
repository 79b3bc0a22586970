import { describe, expect, it } from 'vitest';
import type { PostListItem } from '../../../shared/api/resources.js';
import { pullSlices } from '../../sync/pull-slices.js';

/*
 * A pull's answer is written a stretch at a time; replacing each stretch with its own posts must
 * be the same as replacing the whole range with all of them.
 */

const item = (id: string, ms: number): PostListItem => ({
  id,
  group: `g_${id}`,
  state: 'scheduled',
  publishDate: new Date(ms).toISOString(),
  integration: { id: 'int_1', platform: 'x', name: 'X', picture: null, disconnected: false },
  content: id,
  blockCount: 1,
  releaseURL: null,
  publishedAt: null,
  error: null,
});

describe('a pull cut into slices', () => {
  it('covers the range without gaps or overlaps, each post in the stretch of its instant', () => {
    const items = Array.from({ length: 23 }, (_, i) => item(`p${i}`, 1_000 + ((i * 7) % 23) * 10));
    const slices = pullSlices(items, 1_000, 2_000, 5);
    expect(slices[0]!.startMs).toBe(1_000);
    expect(slices.at(-1)!.endMs).toBe(2_000);
    for (let i = 1; i < slices.length; i++) expect(slices[i]!.startMs).toBe(slices[i - 1]!.endMs);
    for (const s of slices) {
      expect(s.items.length).toBeLessThanOrEqual(5);
      for (const p of s.items) {
        const ms = Date.parse(p.publishDate);
        expect(ms >= s.startMs && ms < s.endMs).toBe(true);
      }
    }
    expect(slices.flatMap((s) => s.items.map((p) => p.id)).sort()).toEqual(items.map((p) => p.id).sort());
  });

  it('keeps posts of one instant together, and answers one stretch for an empty answer', () => {
    const same = Array.from({ length: 8 }, (_, i) => item(`s${i}`, 1_500));
    const slices = pullSlices([item('a', 1_100), ...same, item('b', 1_900)], 1_000, 2_000, 3);
    expect(slices.map((s) => s.items.length)).toEqual([9, 1]);
    expect(slices[1]!.startMs).toBe(1_900);
    expect(pullSlices([], 1_000, 2_000)).toEqual([{ startMs: 1_000, endMs: 2_000, items: [] }]);
  });
});

import { describe, expect, it } from 'vitest';
import { gapWords, weekMix } from './mix.js';
import type { Category } from './model.js';

const tips: Category = { id: 'c-tips', name: 'Tips', color: 'green', targetPercent: 40 };
const product: Category = { id: 'c-product', name: 'Product', color: 'blue', targetPercent: 30 };

describe('weekMix', () => {
  it('shares each category of the week’s posts against its target, uncategorised last', () => {
    const assignments = { g1: 'c-tips', g2: 'c-tips', g3: 'c-tips', g4: 'c-product', g5: 'c-product' };
    const subjects = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8', 'g9', 'g10'];
    const mix = weekMix(subjects, assignments, [product, tips]);
    expect(mix.total).toBe(10);
    expect(mix.rows.map((r) => [r.category?.name ?? null, r.count, r.percent, r.target, r.gap])).toEqual([
      ['Product', 2, 20, 30, -10],
      ['Tips', 3, 30, 40, -10],
      [null, 5, 50, null, null],
    ]);
    expect(mix.rows[1]?.text).toBe('Tips 3 of 10 posts (30 %), target 40 %');
    expect(mix.rows[2]?.text).toBe('No category 5 of 10 posts (50 %)');
    expect(mix.summary).toBe(
      'Planned mix this week: Product 2 of 10 posts (20 %), target 30 %; Tips 3 of 10 posts (30 %), target 40 %; No category 5 of 10 posts (50 %).',
    );
  });

  it('counts a post group sent to several accounts once', () => {
    const mix = weekMix(['g1', 'g1', 'g1', 'g2'], { g1: 'c-tips' }, [tips]);
    expect(mix.total).toBe(2);
    expect(mix.rows[0]).toMatchObject({ count: 1, percent: 50 });
  });

  it('says an empty week plainly and shows every category at 0 %', () => {
    const mix = weekMix([], {}, [tips, product]);
    expect(mix.total).toBe(0);
    expect(mix.summary).toBe('No posts planned this week.');
    expect(mix.rows.map((r) => r.percent)).toEqual([0, 0]);
    expect(mix.rows[0]?.text).toBe('Tips 0 of 0 posts (0 %), target 40 %');
  });

  it('treats a category deleted since as no category', () => {
    const mix = weekMix(['g1'], { g1: 'c-gone' }, [tips]);
    expect(mix.rows.map((r) => [r.category?.name ?? null, r.count])).toEqual([
      ['Tips', 0],
      [null, 1],
    ]);
  });

  it('rounds shares to whole percent and says one post in the singular', () => {
    const mix = weekMix(['a', 'b', 'c'], { a: 'c-tips' }, [tips]);
    expect(mix.rows[0]?.percent).toBe(33);
    expect(weekMix(['a'], { a: 'c-tips' }, [tips]).rows[0]?.text).toBe(
      'Tips 1 of 1 post (100 %), target 40 %',
    );
  });
});

describe('gapWords', () => {
  it('calls five points either way on target, and says the rest in points', () => {
    expect(gapWords(null)).toBeNull();
    expect(gapWords(5)).toBe('on target');
    expect(gapWords(-5)).toBe('on target');
    expect(gapWords(-10)).toBe('10 points under');
    expect(gapWords(12)).toBe('12 points over');
  });
});

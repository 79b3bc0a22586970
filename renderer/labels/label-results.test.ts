import { describe, expect, it } from 'vitest';
import type { Label } from '../../shared/labels/model.js';
import { resultsByLabel } from './label-results.js';

const sale: Label = { id: 'l1', name: 'Sale', color: 'green', campaign: null };
const hiring: Label = { id: 'l2', name: 'Hiring', color: 'blue', campaign: null };
const unused: Label = { id: 'l3', name: 'Unused', color: 'red', campaign: null };

describe('results by label', () => {
  it('sums counts per label, averages rates, and leaves out labels no published post carries', () => {
    const rows = resultsByLabel(
      [
        { postId: 'a', metrics: { likes: 10, impressions: 100, engagementRate: 0.1 } },
        { postId: 'b', metrics: { likes: 5, impressions: 50, engagementRate: 0.3 } },
        { postId: 'c', metrics: { likes: 7 } },
        { postId: 'd', metrics: { likes: 1000 } },
      ],
      { a: ['l1'], b: ['l1', 'l2'], c: ['l2'] },
      [sale, hiring, unused],
    );
    expect(rows).toEqual([
      { label: sale, posts: 2, metrics: { likes: 15, impressions: 150, engagementRate: 0.2 } },
      { label: hiring, posts: 2, metrics: { likes: 12, impressions: 50, engagementRate: 0.3 } },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { Label, LabelsView } from '../../shared/labels/model.js';
import { filterByLabels, labelsByName } from './label-filter.js';

const label = (id: string, name: string): Label => ({ id, name, color: 'green', campaign: null });
const post = (id: string, brandId: string) => ({ id, brandId, group: null }) as unknown as CalendarPost;

// Two brands' labels merged, as the all-brands view reads them: each brand has its own "Launch".
const view: LabelsView = {
  labels: [label('a-launch', 'Launch'), label('a-sale', 'Sale'), label('b-launch', 'launch')],
  assignments: { p1: ['a-launch'], p2: ['b-launch'], p3: ['a-sale'] },
  noteCounts: {},
};
const posts = [post('p1', 'a'), post('p2', 'b'), post('p3', 'a'), post('p4', 'b')];

describe('label filters across brands', () => {
  it("keeps the posts of every brand carrying a label of the chosen label's name", () => {
    expect(filterByLabels(posts, ['a-launch'], view).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect(filterByLabels(posts, ['a-launch', 'a-sale'], view).map((p) => p.id)).toEqual(['p1', 'p2', 'p3']);
  });

  it('shows every post when nothing, or only a deleted label, is chosen', () => {
    expect(filterByLabels(posts, [], view)).toBe(posts);
    expect(filterByLabels(posts, ['gone'], view)).toBe(posts);
  });

  it('offers one chip a name, whatever its case, the first brand’s', () => {
    expect(labelsByName(view.labels).map((l) => l.id)).toEqual(['a-launch', 'a-sale']);
  });
});

import { create } from 'zustand';
import type { CalendarPost } from '../../shared/ipc/models.js';
import { subjectOfPost, type LabelsView } from '../../shared/labels/model.js';

/** The labels the calendar is filtered by, per brand (a post shows when it carries any of them). */
interface LabelFilterState {
  byBrand: Record<string, string[]>;
  toggle(brandId: string, labelId: string): void;
  clear(brandId: string): void;
}

export const useLabelFilter = create<LabelFilterState>()((set) => ({
  byBrand: {},
  toggle: (brandId, labelId) =>
    set((s) => {
      const now = s.byBrand[brandId] ?? [];
      const next = now.includes(labelId) ? now.filter((id) => id !== labelId) : [...now, labelId];
      return { byBrand: { ...s.byBrand, [brandId]: next } };
    }),
  clear: (brandId) => set((s) => ({ byBrand: { ...s.byBrand, [brandId]: [] } })),
}));

const NONE: string[] = [];
export function useLabelFilterOf(brandId: string | null): string[] {
  return useLabelFilter((s) => (brandId ? (s.byBrand[brandId] ?? NONE) : NONE));
}

/** The posts carrying any of `labelIds` (all posts when none is chosen); labels deleted since are ignored. */
export function filterByLabels(
  posts: readonly CalendarPost[],
  labelIds: readonly string[],
  view: LabelsView,
): readonly CalendarPost[] {
  const known = labelIds.filter((id) => view.labels.some((l) => l.id === id));
  if (known.length === 0) return posts;
  return posts.filter((p) => (view.assignments[subjectOfPost(p)] ?? []).some((id) => known.includes(id)));
}

import { create } from 'zustand';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { subjectOfPost, type Label, type LabelsView } from '../../shared/labels/model.js';

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

/**
 * The posts carrying any of `labelIds` (all posts when none is chosen); labels deleted since are
 * ignored. A label stands for its name: in the all-brands view each brand keeps its own "Launch"
 * label, and the one chip finds the posts of every brand carrying theirs.
 */
export function filterByLabels(
  posts: readonly CalendarPost[],
  labelIds: readonly string[],
  view: LabelsView,
): readonly CalendarPost[] {
  const names = new Set(view.labels.filter((l) => labelIds.includes(l.id)).map((l) => l.name.toLowerCase()));
  if (names.size === 0) return posts;
  const ids = new Set(view.labels.filter((l) => names.has(l.name.toLowerCase())).map((l) => l.id));
  return posts.filter((p) => (view.assignments[subjectOfPost(p)] ?? []).some((id) => ids.has(id)));
}

/** One label of each name (the first, in the brands' order): the filter chips of several brands. */
export function labelsByName(labels: readonly Label[]): Label[] {
  const seen = new Set<string>();
  return labels.filter((l) => {
    const name = l.name.toLowerCase();
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

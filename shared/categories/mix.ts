import type { Category } from './model.js';

/*
 * A week's planned mix: how many of the week's posts carry each category, against each
 * category's target. A post group sent to several accounts counts once (it is one piece of
 * content); posts without a category count in the total, so the shares never add up to more
 * than the week holds.
 */

export interface MixRow {
  /** null: the posts without a category. */
  category: Category | null;
  count: number;
  /** count / total, as a whole percent (0 when the week has no posts). */
  percent: number;
  /** The category's target, null for the uncategorised row. */
  target: number | null;
  /** Planned share minus target, in whole percent points (null for uncategorised). */
  gap: number | null;
  /** The row in words, for screen readers and the tooltip. */
  text: string;
}

export interface WeekMix {
  total: number;
  rows: MixRow[];
  /** The whole bar in one sentence. */
  summary: string;
}

const percentOf = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 100));
const posts = (n: number) => `${n} post${n === 1 ? '' : 's'}`;

/**
 * The mix of the posts given (one subject per post shown; repeated subjects count once), each
 * category in the brand's order, then the uncategorised ones when there are any.
 */
export function weekMix(
  subjects: Iterable<string>,
  assignments: Readonly<Record<string, string>>,
  categories: readonly Category[],
): WeekMix {
  const groups = new Set(subjects);
  const counts = new Map<string, number>();
  let none = 0;
  const known = new Set(categories.map((c) => c.id));
  for (const subject of groups) {
    const id = assignments[subject];
    if (id && known.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
    else none += 1;
  }
  const total = groups.size;
  const rows: MixRow[] = categories.map((category) => {
    const count = counts.get(category.id) ?? 0;
    const percent = percentOf(count, total);
    return {
      category,
      count,
      percent,
      target: category.targetPercent,
      gap: percent - category.targetPercent,
      text: `${category.name} ${count} of ${posts(total)} (${percent} %), target ${category.targetPercent} %`,
    };
  });
  if (none > 0) {
    const percent = percentOf(none, total);
    rows.push({
      category: null,
      count: none,
      percent,
      target: null,
      gap: null,
      text: `No category ${none} of ${posts(total)} (${percent} %)`,
    });
  }
  const summary =
    total === 0
      ? 'No posts planned this week.'
      : `Planned mix this week: ${rows.map((r) => r.text).join('; ')}.`;
  return { total, rows, summary };
}

/** Whether a row is on target, under or over, in words (within 5 points counts as on target). */
export function gapWords(gap: number | null): string | null {
  if (gap === null) return null;
  if (Math.abs(gap) <= 5) return 'on target';
  return gap < 0 ? `${-gap} points under` : `${gap} points over`;
}

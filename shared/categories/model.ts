import { z } from 'zod';
import { LabelColor } from '../labels/model.js';

/*
 * Content categories: a brand's short list of kinds of post (Tips, Product, …), each with a colour
 * and the share of a week's posts it should have. A post group carries at most one, kept on this
 * device under the same "subject" as its labels (see shared/labels/model.ts); labels stay free tags.
 */

const MAX_CATEGORY_NAME = 40;
export const CategoryName = z
  .string()
  .trim()
  .min(1, 'A category needs a name.')
  .max(MAX_CATEGORY_NAME, `Keep a category's name under ${MAX_CATEGORY_NAME} characters.`)
  .regex(/^[^\p{Cc}]+$/u, 'A category name cannot hold control characters.');

/** The share of a week's posts a category aims at, a whole percent. */
export const TargetPercent = z
  .number({ message: 'Give the weekly target as a number of percent.' })
  .int('Give the weekly target as a whole percent.')
  .min(0, 'A weekly target is 0 % to 100 %.')
  .max(100, 'A weekly target is 0 % to 100 %.');

export const Category = z.object({
  id: z.string().min(1).max(200),
  name: CategoryName,
  color: LabelColor,
  targetPercent: TargetPercent,
});
export type Category = z.infer<typeof Category>;

export const CategoryInput = Category.extend({ id: Category.shape.id.optional() });
export type CategoryInput = z.infer<typeof CategoryInput>;

/** How many categories a brand may have: a mix of more stops being readable. */
export const MAX_CATEGORIES = 20;

/** The brand's categories (in name order) and the one each subject carries, by category id. */
export const CategoriesView = z.object({
  categories: z.array(Category),
  assignments: z.record(z.string(), z.string()),
});
export type CategoriesView = z.infer<typeof CategoriesView>;

/** How many post groups carry each category (what deleting one would take from). */
export function postsPerCategory(view: CategoriesView): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of Object.values(view.assignments)) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

/** The category a subject carries, or null. */
export function categoryOf(view: CategoriesView, subject: string): Category | null {
  const id = view.assignments[subject];
  return id ? (view.categories.find((c) => c.id === id) ?? null) : null;
}

/** The sum of targets a list would have, with `input` saved into it. */
export function targetSum(categories: readonly Category[], input: CategoryInput): number {
  return (
    categories.filter((c) => c.id !== input.id).reduce((sum, c) => sum + c.targetPercent, 0) +
    input.targetPercent
  );
}

import { z } from 'zod';
import { BrandRef } from '../ipc/models.js';
import { Id, m } from '../ipc/method.js';
import { MAX_LABEL_SUBJECTS, Subject } from '../labels/model.js';
import { CategoriesView, Category, CategoryInput } from './model.js';

/*
 * Content categories: the brand's list with weekly targets, the one category of each post group
 * and the category each evergreen list feeds. Kept on this device, never sent to the service.
 */

export const CategoriesAnswer = CategoriesView.extend({
  /** Evergreen list id → the category its repeats carry. */
  lists: z.record(z.string(), z.string()),
});
export type CategoriesAnswer = z.infer<typeof CategoriesAnswer>;

export const categoriesMethods = {
  listCategories: m(
    z.object({ brand: BrandRef.optional() }).strict().optional(),
    CategoriesAnswer,
    "A brand's content categories, the one each post group carries and the one each evergreen list feeds: the brand named (one the calendar shows), else the active brand's.",
  ),
  saveCategory: m(
    CategoryInput,
    Category,
    'Creates a category, or renames, recolours or retargets one (the weekly targets add up to 100 % at most).',
  ),
  deleteCategory: m(
    z.object({ id: Id }),
    z.object({ deleted: z.boolean(), postsLost: z.number().int() }),
    'Deletes a category: its posts lose it, its queue slots open to any post; answers how many posts lost it.',
  ),
  setPostCategory: m(
    z.object({ subjects: z.array(Subject).min(1).max(MAX_LABEL_SUBJECTS), categoryId: Id.nullable() }),
    CategoriesAnswer,
    'Gives post groups or drafts one category, or none (local only; nothing goes to the outbox).',
  ),
  setListCategory: m(
    z.object({ listId: Id, categoryId: Id.nullable() }),
    CategoriesAnswer,
    "Makes an evergreen list feed a category (null: none): its repeats carry it and go to the category's queue slots.",
  ),
} as const;

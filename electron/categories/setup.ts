import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';

type CategoryMethod =
  'listCategories' | 'saveCategory' | 'deleteCategory' | 'setPostCategory' | 'setListCategory';

/**
 * Content categories. A call naming a brand (a post of the all-brands view) reads that brand:
 * dispatch checked the calendar shows it.
 */
export function setupCategories(
  { repos }: AppContext,
  { listChanged }: { listChanged: () => void },
): FeatureSetup<CategoryMethod> {
  const categories = repos.categories;
  return {
    handlers: {
      listCategories: async (_, ctx) => categories.view(requireBrand(ctx)),
      saveCategory: async (input, ctx) => categories.save(requireBrand(ctx), input),
      deleteCategory: async ({ id }, ctx) => {
        const answer = categories.delete(requireBrand(ctx), id);
        // Its slots and lists are open to any post now: evergreen plans again.
        listChanged();
        return answer;
      },
      setPostCategory: async ({ subjects, categoryId }, ctx) => {
        const brand = requireBrand(ctx);
        categories.set(brand, subjects, categoryId);
        return categories.view(brand);
      },
      setListCategory: async ({ listId, categoryId }, ctx) => {
        const brand = requireBrand(ctx);
        categories.setListCategory(brand, listId, categoryId);
        // The list's repeats now plan into other slots.
        listChanged();
        return categories.view(brand);
      },
    },
  };
}

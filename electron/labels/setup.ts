import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { otherBrands } from '../store/brand-scope.js';

type LabelMethod =
  | 'listLabels'
  | 'saveLabel'
  | 'deleteLabel'
  | 'setPostLabels'
  | 'setPostLabelsAcrossBrands'
  | 'listNotes'
  | 'addNote'
  | 'deleteNote';

/**
 * Labels, campaigns and notes on post groups. A call naming a brand (a post or a selection of the
 * all-brands view) acts on that brand: dispatch checked the calendar shows it.
 */
export function setupLabels({ repos, profiles, brandScope }: AppContext): FeatureSetup<LabelMethod> {
  const labels = repos.labels;
  /** Who signs a note: the connection's user, as the service named them. */
  const noteAuthor = () => profiles.activeProfile()?.user?.name ?? 'Someone on this computer';
  return {
    handlers: {
      listLabels: async (_, ctx) => labels.view(requireBrand(ctx)),
      saveLabel: async (input, ctx) => labels.saveLabel(requireBrand(ctx), input),
      deleteLabel: async ({ id }, ctx) => ({ deleted: labels.deleteLabel(requireBrand(ctx), id) }),
      setPostLabels: async ({ subjects, add, remove }, ctx) => {
        const brand = requireBrand(ctx);
        labels.setLabels(brand, subjects, add, remove);
        return labels.view(brand);
      },
      setPostLabelsAcrossBrands: async ({ groups, add, remove }, ctx) => {
        // Each group names its own brand: every one must be a brand the calendar shows.
        if (groups.some((g) => !brandScope.isShown(g.brand))) throw otherBrands('post');
        return labels
          .setLabelsAcrossBrands(requireBrand(ctx), groups, add, remove)
          .map((b) => ({ brand: b, view: labels.view(b) }));
      },
      listNotes: async ({ subject }, ctx) => labels.notes(requireBrand(ctx), subject),
      addNote: async ({ subject, body }, ctx) =>
        labels.addNote(requireBrand(ctx), subject, noteAuthor(), body),
      deleteNote: async ({ id }, ctx) => ({ deleted: labels.deleteNote(requireBrand(ctx), id) }),
    },
  };
}

import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { SearchService } from './search-service.js';

/** The search (Ctrl/Cmd+K) of every brand the calendar shows. */
export function setupSearch({
  db,
  repos,
  brandScope,
}: AppContext): FeatureSetup<'searchPosts' | 'searchPostMatches'> {
  const search = new SearchService({
    db,
    shown: () => brandScope.shownNamed(),
    known: () => brandScope.known(),
    meta: repos.labels,
  });
  return {
    handlers: {
      searchPosts: async (query, ctx) => search.search(requireBrand(ctx), query),
      searchPostMatches: async (query, ctx) => search.postMatches(requireBrand(ctx), query),
    },
  };
}

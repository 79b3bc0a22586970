import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';

type SnippetMethod = 'listSnippets' | 'saveSnippet' | 'deleteSnippet' | 'listSignatures' | 'setSignature';

/** A brand's snippets (typed as /name in the composer) and its accounts' signatures. */
export function setupSnippets({ repos }: AppContext): FeatureSetup<SnippetMethod> {
  const snippets = repos.snippets;
  return {
    handlers: {
      listSnippets: async (_, ctx) => snippets.list(requireBrand(ctx)),
      saveSnippet: async (input, ctx) => snippets.save(requireBrand(ctx), input),
      deleteSnippet: async ({ id }, ctx) => ({ deleted: snippets.remove(requireBrand(ctx), id) }),
      listSignatures: async (_, ctx) => snippets.signatures(requireBrand(ctx)),
      setSignature: async ({ integrationId, body }, ctx) =>
        snippets.setSignature(requireBrand(ctx), integrationId, body),
    },
  };
}

import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { LinkRulesStore } from './link-rules.js';

/** Tracked links: a brand's rules (the outbox applies them when it sends, see link-rules.ts). */
export function setupLinks({ repos }: AppContext): FeatureSetup<'getLinkRules' | 'setLinkRules'> {
  const store = new LinkRulesStore(repos.settings);
  return {
    handlers: {
      getLinkRules: async (_, ctx) => store.get(requireBrand(ctx)),
      setLinkRules: async ({ rules }, ctx) => store.set(requireBrand(ctx), rules),
    },
  };
}

import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { ClashSettings } from './clash-settings.js';

/**
 * A brand's gap between two posts of one account (clash warnings). A call naming a brand (a bulk
 * plan or a brand's row in Settings, in the all-brands view) acts on it: dispatch checked it is shown.
 */
export function setupClash({ repos }: AppContext): FeatureSetup<'getClashSettings' | 'setClashSettings'> {
  const clash = new ClashSettings(repos.brands);
  return {
    handlers: {
      getClashSettings: async (_, ctx) => clash.get(requireBrand(ctx)),
      setClashSettings: async ({ gapMinutes }, ctx) => clash.set(requireBrand(ctx), gapMinutes),
    },
  };
}

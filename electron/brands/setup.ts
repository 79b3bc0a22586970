import type { AppContext, FeatureSetup } from '../context/app-context.js';

type BrandMethod =
  | 'listBrands'
  | 'switchBrand'
  | 'setBrandTimezone'
  | 'getBrandScope'
  | 'setAllBrands'
  | 'setBrandColor'
  | 'setDisplayZone';

/** The brands of each connection: the active one, the all-brands view, each brand's colour and zone. */
export function setupBrands({ profiles, brandScope, sync }: AppContext): FeatureSetup<BrandMethod> {
  return {
    handlers: {
      listBrands: () => profiles.listBrands(),
      switchBrand: ({ brandId }) => profiles.switchBrand(brandId),
      setBrandTimezone: async ({ brandId, timezone }) => profiles.setBrandTimezone(brandId, timezone),
      getBrandScope: async () => brandScope.view(),
      setAllBrands: async ({ all }) => {
        const scope = brandScope.setAll(all);
        // Every brand shown is pulled wide in the background, a few brands at a time.
        sync.brandOpened();
        return scope;
      },
      setBrandColor: async ({ profileId, brandId, color }) =>
        brandScope.setColor({ profileId, brandId }, color),
      setDisplayZone: async ({ timezone }) => brandScope.setDisplayZone(timezone),
    },
  };
}

import { DEFAULT_CLASH_GAP_MINUTES } from '../../shared/clash/clashes.js';
import type { BrandsRepo } from '../store/brands-repo.js';
import type { ActiveBrand } from '../core/active-brand.js';

/** A brand's clash gap (the brand a call acts on), stored with the brand on this device. */
export class ClashSettings {
  constructor(private readonly brands: BrandsRepo) {}

  get(brand: ActiveBrand): { gapMinutes: number; isDefault: boolean } {
    const own = this.brands.clashGap(brand.profileId, brand.brandId);
    return { gapMinutes: own ?? DEFAULT_CLASH_GAP_MINUTES, isDefault: own === null };
  }

  set(brand: ActiveBrand, gapMinutes: number | null): { gapMinutes: number; isDefault: boolean } {
    this.brands.setClashGap(brand.profileId, brand.brandId, gapMinutes);
    return this.get(brand);
  }
}

import { DEFAULT_CLASH_GAP_MINUTES } from '../../shared/clash/clashes.js';
import { notConnected } from '../core/app-failure.js';
import type { BrandsRepo } from '../store/brands-repo.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { BrandRef } from '../../shared/ipc/models.js';

/** A brand's clash gap (the active brand's unless one is named), stored with the brand on this device. */
export class ClashSettings {
  constructor(
    private readonly brands: BrandsRepo,
    private readonly active: () => ActiveBrand | null,
  ) {}

  get(brand?: BrandRef): { gapMinutes: number; isDefault: boolean } {
    const a = brand ?? this.require();
    const own = this.brands.clashGap(a.profileId, a.brandId);
    return { gapMinutes: own ?? DEFAULT_CLASH_GAP_MINUTES, isDefault: own === null };
  }

  set(gapMinutes: number | null, brand?: BrandRef): { gapMinutes: number; isDefault: boolean } {
    const a = brand ?? this.require();
    this.brands.setClashGap(a.profileId, a.brandId, gapMinutes);
    return this.get(a);
  }

  private require(): ActiveBrand {
    const a = this.active();
    if (!a) throw notConnected();
    return a;
  }
}

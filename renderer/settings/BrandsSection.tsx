import type { ProfileView } from '../../shared/profiles/ipc.js';
import { useBrandScope, useSwitchBrand } from '../ui/queries.js';
import { EmptyState, ErrorState, Loading, FieldError } from '../ui/feedback.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { TimeZoneField } from './TimeZoneField.js';
import { BrandColorField } from './BrandColorField.js';
import { ClashGapField } from '../clash/ClashGapField.js';
import { ReviewSettingsField } from '../review/ReviewSettingsField.js';

/** The brands this key can act on; one of them is active for every call. */
export function BrandsSection({ profile }: { profile: ProfileView }) {
  const brands = useIpcQuery('listBrands', {});
  // In the all-brands view every brand's clash gap and review settings are set in its own row
  // (each brand's own apply to its posts there).
  const allShown = useBrandScope().data?.all === true;
  const { switchBrand, busy, error } = useSwitchBrand();

  return (
    <section className="card" aria-labelledby="brands-title">
      <h2 id="brands-title">Brands</h2>
      {brands.isPending ? <Loading label="Loading brands…" /> : null}
      {brands.isError ? (
        <ErrorState
          title="Brands could not be loaded"
          error={brands.error}
          onRetry={() => void brands.refetch()}
        />
      ) : null}
      {brands.isSuccess && brands.data.length === 0 ? (
        <EmptyState title="No brands">
          <p>This key sees no brand. Create one in your dashboard, then come back.</p>
        </EmptyState>
      ) : null}
      {brands.isSuccess && brands.data.length > 0 ? (
        <ul className="rows" aria-label="Brands">
          {brands.data.map((brand) => {
            const active = brand.id === profile.brandId;
            // Another brand's own settings are read and set under its name.
            const named = active ? undefined : { profileId: profile.id, brandId: brand.id };
            return (
              <li key={brand.id} className="row brand-row">
                <span className="row-title">{brand.name}</span>
                {brand.timezone ? <span className="muted">{brand.timezone}</span> : null}
                {active ? (
                  <span className="badge">Active</span>
                ) : (
                  <button
                    type="button"
                    className="button button-small"
                    disabled={busy}
                    onClick={() => void switchBrand(brand.id)}
                    aria-label={`Switch to ${brand.name}`}
                  >
                    Switch
                  </button>
                )}
                <TimeZoneField brand={brand} />
                <BrandColorField profileId={profile.id} brandId={brand.id} />
                {active || allShown ? <ClashGapField brandName={brand.name} brand={named} /> : null}
                {active || allShown ? <ReviewSettingsField brandName={brand.name} brand={named} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <FieldError error={error} />
    </section>
  );
}

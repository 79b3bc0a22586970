import { useId } from 'react';
import { ALL_BRANDS, type BrandEntry } from '../../shared/brands/ipc.js';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { BrandAvatar } from '../ui/BrandAvatar.js';
import { errorMessage } from '../ui/feedback.js';
import { useBrandScope, useSwitchBrand } from '../ui/queries.js';

export function BrandSwitcher({ profile }: { profile: ProfileView }) {
  const id = useId();
  const scope = useBrandScope();
  const { showBrand, showAllBrands, busy, error } = useSwitchBrand();
  const brands = scope.data?.brands ?? [];

  if (!scope.isSuccess || brands.length < 2) {
    // Nothing to switch to (or brands unreadable): still say which brand is active.
    return (
      <p className="brand-current" title={scope.isError ? errorMessage(scope.error) : undefined}>
        <span className="brand-current-label">Brand</span> {profile.brandName ?? 'Default brand'}
      </p>
    );
  }
  // A brand of the active connection is named by its id alone; another connection's also by its profile.
  const valueOf = (b: Pick<BrandEntry, 'profileId' | 'brandId'>) =>
    b.profileId === profile.id ? b.brandId : `${b.profileId}:${b.brandId}`;
  const all = scope.data.all;
  const current = brands.find((b) => b.profileId === profile.id && b.brandId === profile.brandId);
  const connections = [...new Set(brands.map((b) => b.connection))];
  const troubled = brands.filter((b) => b.problem).length;
  return (
    <div className="brand-switcher">
      <label htmlFor={`${id}-brand`}>Brand</label>
      {all ? (
        <span className="brand-stack" aria-hidden="true">
          {brands.slice(0, 4).map((b) => (
            <BrandAvatar key={valueOf(b)} brand={b} size="sm" />
          ))}
        </span>
      ) : current ? (
        <BrandAvatar brand={current} size="sm" />
      ) : null}
      <select
        id={`${id}-brand`}
        value={all ? ALL_BRANDS : current ? valueOf(current) : ''}
        disabled={busy}
        onChange={(event) => {
          const value = event.target.value;
          if (value === ALL_BRANDS) return void showAllBrands();
          const brand = brands.find((b) => valueOf(b) === value);
          if (brand) void showBrand(brand);
        }}
        aria-describedby={error ? `${id}-brand-error` : troubled > 0 ? `${id}-brand-problem` : undefined}
      >
        <option value={ALL_BRANDS}>All brands ({brands.length})</option>
        {connections.length > 1
          ? connections.map((c) => (
              <optgroup key={c} label={c}>
                {brands
                  .filter((b) => b.connection === c)
                  .map((b) => (
                    <option key={valueOf(b)} value={valueOf(b)}>
                      {b.name}
                      {b.problem ? ' (not syncing)' : ''}
                    </option>
                  ))}
              </optgroup>
            ))
          : brands.map((b) => (
              <option key={valueOf(b)} value={valueOf(b)}>
                {b.name}
                {b.problem ? ' (not syncing)' : ''}
              </option>
            ))}
      </select>
      {troubled > 0 && (
        <span id={`${id}-brand-problem`} className="brand-problem-count" title="Some brands are not syncing">
          {troubled === 1 ? '1 brand not syncing' : `${troubled} brands not syncing`}
        </span>
      )}
      {error ? (
        <p id={`${id}-brand-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

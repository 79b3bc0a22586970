import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../shared/ipc/models.js';
import { call } from '../lib/ipc.js';
import { useIpcQuery } from '../lib/use-ipc.js';
import { errorMessage } from './feedback.js';

/** The active brand, switchable from anywhere; every later call uses the new brand. */
export function useSwitchBrand() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function switchBrand(brandId: string) {
    setBusy(true);
    setError(null);
    try {
      await call('switchBrand', { brandId });
      await client.invalidateQueries();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  return { switchBrand, busy, error };
}

export function BrandSwitcher({ profile }: { profile: ProfileView }) {
  const id = useId();
  const brands = useIpcQuery('listBrands', {});
  const { switchBrand, busy, error } = useSwitchBrand();

  if (!brands.isSuccess || brands.data.length < 2) {
    // Nothing to switch to (or brands unreadable): still say which brand is active.
    return (
      <p className="brand-current" title={brands.isError ? errorMessage(brands.error) : undefined}>
        <span className="brand-current-label">Brand</span> {profile.brandName ?? 'Default brand'}
      </p>
    );
  }
  return (
    <div className="brand-switcher">
      <label htmlFor={`${id}-brand`}>Brand</label>
      <select
        id={`${id}-brand`}
        value={profile.brandId ?? ''}
        disabled={busy}
        onChange={(event) => void switchBrand(event.target.value)}
        aria-describedby={error ? `${id}-brand-error` : undefined}
      >
        {brands.data.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-brand-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

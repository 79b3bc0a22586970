import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { brandInitials, textOnColor } from '../../shared/brands/colors.js';
import { ALL_BRANDS, type BrandEntry } from '../../shared/brands/ipc.js';
import type { ProfileView } from '../../shared/profiles/ipc.js';
import { call } from '../lib/ipc.js';
import { useIpcQuery } from '../lib/use-ipc.js';
import { errorMessage } from './feedback.js';

/**
 * Makes a brand of any connection the active one, the calendar staying where it is: what a new post,
 * or a draft, of that brand is written under (a draft belongs to one brand).
 */
export async function activateBrand(brand: Pick<BrandEntry, 'profileId' | 'brandId'>): Promise<void> {
  const profiles = await call('listProfiles', {});
  if (!profiles.find((p) => p.id === brand.profileId)?.active)
    await call('switchProfile', { profileId: brand.profileId });
  await call('switchBrand', { brandId: brand.brandId });
}

/**
 * Makes `brand` the active one unless it already is (an action on another brand's post from the
 * all-brands view that main runs under the active brand). True when it changed: every query of
 * the window must then read again.
 */
export async function activateBrandIfOther(
  brand: Pick<BrandEntry, 'profileId' | 'brandId'>,
): Promise<boolean> {
  const active = (await call('listProfiles', {})).find((p) => p.active);
  if (active?.id === brand.profileId && active.brandId === brand.brandId) return false;
  await activateBrand(brand);
  return true;
}

/** The active brand, switchable from anywhere; every later call uses the new brand. */
export function useSwitchBrand() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(change: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await change();
      await client.invalidateQueries();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }
  /** One brand of the active connection: the calendar leaves the all-brands view for it. */
  async function switchBrand(brandId: string) {
    await run(async () => {
      await call('setAllBrands', { all: false });
      await call('switchBrand', { brandId });
    });
  }
  /** Any brand of any connection: its connection becomes the active one first. */
  async function showBrand(brand: Pick<BrandEntry, 'profileId' | 'brandId'>) {
    await run(async () => {
      const profiles = await call('listProfiles', {});
      if (!profiles.find((p) => p.id === brand.profileId)?.active)
        await call('switchProfile', { profileId: brand.profileId });
      await call('setAllBrands', { all: false });
      await call('switchBrand', { brandId: brand.brandId });
    });
  }
  /** Every brand of every connection in one calendar (remembered by main). */
  async function showAllBrands() {
    await run(() => call('setAllBrands', { all: true }));
  }
  return { switchBrand, showBrand, showAllBrands, busy, error };
}

/** The brand scope main keeps: one brand or all, and every brand of every connection. */
export function useBrandScope() {
  return useIpcQuery('getBrandScope', {});
}

/** A brand's avatar: its initials on its colour (the service gives brands no picture). */
export function BrandAvatar({
  brand,
  size = 'md',
}: {
  brand: Pick<BrandEntry, 'name' | 'color'>;
  size?: 'sm' | 'md';
}) {
  return (
    <span
      className={`brand-avatar brand-avatar--${size}`}
      style={{ background: brand.color, color: textOnColor(brand.color) }}
      aria-hidden="true"
    >
      {brandInitials(brand.name)}
    </span>
  );
}

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

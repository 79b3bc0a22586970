import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import { call } from '../ipc/ipc.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { errorMessage } from './feedback.js';

/*
 * What any screen may ask main, whatever its feature: which connection and brand are active (and
 * the brand scope the calendar shows), and a web address opened outside the app.
 */

/** Makes another connection the active one. */
export function switchProfile(input: IpcInput<'switchProfile'>): Promise<IpcOutput<'switchProfile'>> {
  return call('switchProfile', input);
}

/** Makes one of the active connection's brands the active one. */
export function switchBrand(input: IpcInput<'switchBrand'>): Promise<IpcOutput<'switchBrand'>> {
  return call('switchBrand', input);
}

/** Opens a web address in the system browser, never in the app's window. */
export function openExternal(input: IpcInput<'openExternal'>): Promise<IpcOutput<'openExternal'>> {
  return call('openExternal', input);
}

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

import { AppFailure } from '../core/app-failure.js';

/*
 * Everything the window asks about belongs to the brand on screen (the window is
 * untrusted). A compromised or stale page can name any id; these guards make an object of another
 * profile or brand answer as not found, with a sentence, instead of being read or changed.
 */

/** Whose an object is: its profile, and its brand (null: a draft made before any brand was chosen). */
export interface Owner {
  profileId: string;
  brandId: string | null;
}

export interface BrandOnScreen {
  profileId: string;
  brandId: string;
}

/** Whether `owner` is the active brand's (a brand-less object of the profile counts as its own). */
export function isActiveBrands(active: BrandOnScreen, owner: Owner): boolean {
  return owner.profileId === active.profileId && (owner.brandId === null || owner.brandId === active.brandId);
}

export const otherBrands = (what: string) =>
  new AppFailure('NOT_FOUND', `This ${what} belongs to another brand; switch to that brand to change it.`);

/** `value` when its owner is the active brand, null when there is none; another brand's is refused. */
export function forActiveBrand<T>(
  active: BrandOnScreen,
  what: string,
  value: T | null,
  owner: (v: T) => Owner,
): T | null {
  if (value === null) return null;
  if (!isActiveBrands(active, owner(value))) throw otherBrands(what);
  return value;
}

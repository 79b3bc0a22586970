import { create } from 'zustand';
import { featureAccess, type Feature } from './permissions.js';

/**
 * The active key's scopes, set by the shell from the connected profile, so any feature can be
 * disabled up front with its reason (null scopes: the service did not say, so nothing is blocked).
 */
export const useKeyAccess = create<{ scopes: readonly string[] | null }>(() => ({ scopes: null }));

/** Why the active key cannot use a feature, or null when it can. */
export function keyRefusal(feature: Feature): string | null {
  return featureAccess(useKeyAccess.getState().scopes, feature).reason;
}

import { z } from 'zod';

/*
 * Why the service refuses to sync a brand, and what the user does about it: kept on the brand in
 * main's database (so the mark is there at the next start, before any network) and said in these
 * sentences wherever the brand is shown.
 */

export const BrandSyncProblem = z.enum(['brand-not-allowed', 'scope-missing', 'key-refused', 'refused']);
export type BrandSyncProblem = z.infer<typeof BrandSyncProblem>;

/** The kind of refusal an error answer of the service is, or null when it is not the brand's own. */
export function brandSyncProblemOf(status: number | null, code: string | null): BrandSyncProblem | null {
  if (status === null) return null;
  if (code === 'BRAND_NOT_ALLOWED') return 'brand-not-allowed';
  if (code === 'INSUFFICIENT_SCOPE') return 'scope-missing';
  if (status === 401) return 'key-refused';
  if (status === 403) return 'refused';
  return null;
}

/** What keeps the brand from syncing, and what to do. */
export function brandSyncProblemSentence(problem: BrandSyncProblem): string {
  switch (problem) {
    case 'brand-not-allowed':
      return 'This connection’s key may not act on this brand: ask an owner for a key that includes it, or connect the brand with its own key.';
    case 'scope-missing':
      return 'This connection’s key may not read posts: make a key that may read and write posts, then paste it in Settings.';
    case 'key-refused':
      return 'This connection’s key was refused (revoked or expired): paste a new key in Settings.';
    case 'refused':
      return 'The service refused this brand’s posts: check the key’s access in the service, then paste it again in Settings.';
  }
}

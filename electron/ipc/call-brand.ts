import type { z } from 'zod';
import type { ipcMethods, IpcMethodName } from '../../shared/ipc/contract.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { otherBrands } from '../store/brand-scope.js';

/*
 * Which brand a call acts on, decided once for every call before its handler runs: the brand its
 * input names (a post or a row of the all-brands view) when the calendar shows that brand, else the
 * active brand, else none. A handler never asks again, so no two handlers can answer the question
 * differently.
 */

/** What dispatch asks to decide a call's brand: the active brand and the brands the calendar shows. */
export interface CallScope {
  active(): ActiveBrand | null;
  isShown(ref: BrandRef): boolean;
}

/** No connection at all (the IPC gate tested alone): no call has a brand, and a named one is refused. */
export const NO_BRANDS: CallScope = { active: () => null, isShown: () => false };

type InputOf<K extends IpcMethodName> = NonNullable<z.output<(typeof ipcMethods)[K]['input']>>;

/** The brand an input may name: never for inputs without a `brand` field. */
type NamedBrandOf<I> = I extends { brand?: infer B }
  ? [B] extends [never]
    ? never
    : unknown extends B
      ? never
      : B
  : never;

/** The methods whose input may name a brand (a `brand` field). */
export type BrandNamingMethod = {
  [K in IpcMethodName]: [NamedBrandOf<InputOf<K>>] extends [never] ? never : K;
}[IpcMethodName];

/**
 * What the refusal of another brand calls the thing asked for, in each method's own words ("This
 * label belongs to another brand…"). The compiler asks for a noun whenever a method gains a `brand`.
 */
export const BRAND_NOUNS: Record<BrandNamingMethod, string> = {
  reschedulePost: 'post',
  deleteGroup: 'post',
  showPosts: 'post',
  setReviewState: 'post',
  getReviewSettings: 'post',
  setReviewSettings: 'post',
  getQueueSlots: 'account',
  listLabels: 'label',
  listNotes: 'note',
  addNote: 'note',
  deleteNote: 'note',
  getClashSettings: 'setting',
  setClashSettings: 'setting',
  listCategories: 'category',
  listPostActivity: 'post',
  listBrandActivity: 'activity log',
  exportActivity: 'activity log',
};

function namedBrand(input: unknown): BrandRef | null {
  if (typeof input !== 'object' || input === null || !('brand' in input)) return null;
  const brand = (input as { brand?: BrandRef }).brand;
  return brand ? { profileId: brand.profileId, brandId: brand.brandId } : null;
}

/** The brand a parsed call acts on; a named brand the calendar does not show is refused. */
export function decideBrand(name: IpcMethodName, input: unknown, scope: CallScope): ActiveBrand | null {
  const named = namedBrand(input);
  if (!named) return scope.active();
  if (!scope.isShown(named)) throw otherBrands(BRAND_NOUNS[name as BrandNamingMethod] ?? 'post');
  return named;
}

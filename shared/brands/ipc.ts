import { z } from 'zod';
import { BRAND_COLOR_PATTERN } from './colors.js';
import { BrandRef } from '../ipc/models.js';
import { Id, m, None } from '../ipc/method.js';
import { ProfileView } from '../profiles/ipc.js';

/*
 * Brands: the brands of each connection, which one the calls act on, and the all-brands calendar.
 */

export const BrandView = z.object({
  id: z.string(),
  name: z.string(),
  /** IANA zone chosen for this brand on this device; null = the system's. */
  timezone: z.string().nullable(),
  active: z.boolean(),
});
export type BrandView = z.infer<typeof BrandView>;

/**
 * The calendar's brand id while it shows every brand of every connection (query keys and change
 * events of that view carry it where they would carry one brand's id).
 */
export const ALL_BRANDS = 'all-brands';

/** One brand among every brand the app holds, as the switcher and the all-brands calendar show it. */
export const BrandEntry = BrandRef.extend({
  name: z.string(),
  /** The connection (profile) the brand is reached through, in the user's words. */
  connection: z.string(),
  /** #rrggbb: chosen by the user, or picked automatically. */
  color: z.string(),
  colorChosen: z.boolean(),
  timezone: z.string().nullable(),
  /** What keeps the brand from syncing, and what to do about it; null while it syncs. */
  problem: z.string().nullable(),
});
export type BrandEntry = z.infer<typeof BrandEntry>;

/** Whether the calendar shows one brand or all of them, and every brand it can show. */
export const BrandScope = z.object({
  all: z.boolean(),
  /** The zone the all-brands view shows times in; null = the system's. */
  displayZone: z.string().nullable(),
  brands: z.array(BrandEntry),
});
export type BrandScope = z.infer<typeof BrandScope>;

export const brandsMethods = {
  listBrands: m(None, z.array(BrandView), 'Brands of the active profile (GET /brands, cached).'),
  switchBrand: m(z.object({ brandId: Id }), ProfileView, 'Changes x-brand-id for every later call.'),
  setBrandTimezone: m(
    z.object({ brandId: Id, timezone: z.string().max(100).nullable() }),
    BrandView,
    "Sets the brand's display timezone (IANA name), or null for the system's.",
  ),

  getBrandScope: m(None, BrandScope, 'One brand or all brands, and every brand of every connection.'),
  setAllBrands: m(
    z.object({ all: z.boolean() }),
    BrandScope,
    'Shows every brand of every connection in the calendar, or the active brand only; remembered.',
  ),
  setBrandColor: m(
    BrandRef.extend({ color: z.string().regex(BRAND_COLOR_PATTERN).nullable() }),
    BrandScope,
    "Sets a brand's colour (#rrggbb), or null to have one picked automatically.",
  ),
  setDisplayZone: m(
    z.object({ timezone: z.string().max(100).nullable() }),
    BrandScope,
    "Sets the all-brands view's display zone (IANA name), or null for the system's.",
  ),
} as const;

export const brandsEvents = {
  /** The all-brands choice, a brand's colour or a brand's sync problem changed. */
  brandScopeChanged: BrandScope,
} as const;

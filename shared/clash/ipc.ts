import { z } from 'zod';
import { BrandRef } from '../ipc/models.js';
import { m } from '../ipc/method.js';
import { ClashGapMinutes } from './clashes.js';

/*
 * Clash settings: the gap between two posts of one account below which the calendar warns.
 */

export const clashMethods = {
  getClashSettings: m(
    z.object({ brand: BrandRef.optional() }).strict().optional(),
    z.object({ gapMinutes: ClashGapMinutes, isDefault: z.boolean() }),
    "A brand's gap between two posts of one account (clash warnings): the brand named (one the calendar shows), else the active brand's.",
  ),
  setClashSettings: m(
    z.object({ gapMinutes: ClashGapMinutes.nullable(), brand: BrandRef.optional() }).strict(),
    z.object({ gapMinutes: ClashGapMinutes, isDefault: z.boolean() }),
    "Sets a brand's gap in minutes (0: no gap warnings; null: the default): the brand named (one the calendar shows), else the active brand's.",
  ),
} as const;

import { notConnected } from './app-failure.js';

/** The profile and brand a call acts on: every stored post, draft and outbox operation carries both. */
export interface ActiveBrand {
  profileId: string;
  brandId: string;
}

/** The brand a call acts on, which dispatch decided; a call made before any connection is refused. */
export function requireBrand(ctx: { brand: ActiveBrand | null }): ActiveBrand {
  if (!ctx.brand) throw notConnected();
  return ctx.brand;
}

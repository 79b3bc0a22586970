import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../http/rate-limit.js';
import { defineRoute } from '../http/route.js';
import { notFound } from '../http/errors.js';
import type { Service } from '../service.js';

/** GET /me, GET /brands, GET /brands/:id. */
export function accountRoutes(app: FastifyInstance, svc: Service, limiter: RateLimiter | null): void {
  defineRoute(app, svc, limiter, 'getMe', async ({ auth }) => ({
    organization: { id: auth.organization.id, name: auth.organization.name },
    brand: { id: auth.brand.id, name: auth.brand.name },
    user: { id: auth.user.id, email: auth.user.email, name: auth.user.name },
    apiKey: { scopes: auth.key.scopes, mode: auth.key.mode },
    storage: {
      usedBytes: svc.media.usedBytes(auth.organization.id),
      limitBytes: svc.config.storageLimitBytes,
    },
  }));

  defineRoute(app, svc, limiter, 'listBrands', async ({ auth }) => ({
    brands: svc.accounts.brands(auth.organization.id).map((b) => ({ id: b.id, name: b.name })),
  }));

  defineRoute(app, svc, limiter, 'getBrand', async ({ auth, params }) => {
    const brand = svc.accounts.brand(params.id);
    if (!brand || brand.organization_id !== auth.organization.id) throw notFound(`Brand "${params.id}"`);
    return { id: brand.id, name: brand.name };
  });
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/api/errors.js';
import type { Scope } from '../../shared/api/scopes.js';
import type {
  AccountStore,
  ApiKeyRecord,
  BrandRecord,
  OrganizationRecord,
  UserRecord,
} from '../store/accounts.js';
import { ApiHttpError } from './errors.js';
import type { RateLimiter } from './rate-limit.js';

/** Who is asking and for which brand, resolved once per request. */
export interface RequestAuth {
  key: ApiKeyRecord;
  organization: OrganizationRecord;
  user: UserRecord;
  brand: BrandRecord;
}

const contexts = new WeakMap<FastifyRequest, RequestAuth>();

/** The auth resolved by `authenticate` for this request (routes run only after it succeeded). */
export function authOf(request: FastifyRequest): RequestAuth {
  const auth = contexts.get(request);
  if (!auth) throw new Error('authOf called on a request that was not authenticated');
  return auth;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Checks, in this order: the Authorization header, the key (unknown or revoked), the per-key rate
 * limit, the x-brand-id header, the key's right to that brand, and the endpoint's scope. Runs before
 * the body is read, so an anonymous caller learns nothing about body parsing.
 */
export function authenticate(
  accounts: AccountStore,
  limiter: RateLimiter | null,
  scope: Scope,
  brandOption: 'required' | 'optional' = 'required',
) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match?.[1]) {
      throw new ApiHttpError(
        401,
        ErrorCode.API_KEY_REQUIRED,
        'Send your API key as "Authorization: Bearer <API_KEY>".',
      );
    }
    const key = accounts.findApiKey(match[1]);
    if (!key || key.revoked_at !== null) {
      throw new ApiHttpError(
        401,
        ErrorCode.INVALID_API_KEY,
        'This API key is invalid or has been revoked. Create a new key in the dashboard (Settings > API Keys).',
      );
    }
    if (limiter) {
      const d = limiter.hit(key.id);
      void reply.header('x-ratelimit-limit', String(d.limit));
      void reply.header('x-ratelimit-remaining', String(d.remaining));
      void reply.header('x-ratelimit-reset', String(d.resetSeconds));
      if (!d.allowed) {
        throw new ApiHttpError(
          429,
          ErrorCode.RATE_LIMITED,
          `Too many requests for this API key: ${d.limit} are allowed per window. Retry after ${d.resetSeconds} seconds.`,
          undefined,
          { 'retry-after': String(d.resetSeconds) },
        );
      }
    }
    const brandHeader = request.headers['x-brand-id'];
    const sent = typeof brandHeader === 'string' ? brandHeader.trim() : '';
    // Account-context endpoints answer for the key's default brand, so a new client can find its Brand ID.
    const brandId = sent === '' && brandOption === 'optional' ? defaultBrandId(accounts, key) : sent;
    if (brandId === '') {
      throw new ApiHttpError(
        400,
        ErrorCode.BRAND_ID_REQUIRED,
        'Send the brand to act on in the x-brand-id header (see GET /me or the dashboard).',
      );
    }
    const brand = accounts.brand(brandId);
    const allowed =
      brand !== null &&
      brand.organization_id === key.organization_id &&
      (key.brand_ids === null || key.brand_ids.includes(brand.id));
    if (!brand || !allowed) {
      throw new ApiHttpError(
        403,
        ErrorCode.BRAND_NOT_ALLOWED,
        `This API key may not act on brand "${brandId}".`,
      );
    }
    if (!key.scopes.includes(scope)) {
      throw new ApiHttpError(
        403,
        ErrorCode.INSUFFICIENT_SCOPE,
        `This endpoint needs the "${scope}" scope, which this API key lacks.`,
      );
    }
    const organization = accounts.organization(key.organization_id);
    const user = accounts.user(key.user_id);
    if (!organization || !user) throw new Error(`API key ${key.id} points at a missing organization or user`);
    contexts.set(request, { key, organization, user, brand });
  };
}

/** The first brand the key may act on: its own list's first, else its organization's first. */
function defaultBrandId(accounts: AccountStore, key: ApiKeyRecord): string {
  return key.brand_ids?.[0] ?? accounts.brands(key.organization_id)[0]?.id ?? '';
}

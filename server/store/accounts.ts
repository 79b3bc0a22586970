import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { Scope, type KeyMode } from '../../shared/api/scopes.js';
import { PlatformType } from '../../shared/platforms/types.js';
import { scalar, type Db, statement } from './db.js';
import { newId } from './ids.js';

const OrganizationRow = z.object({ id: z.string(), name: z.string() });
const UserRow = z.object({ id: z.string(), email: z.string(), name: z.string() });
const BrandRow = z.object({ id: z.string(), organization_id: z.string(), name: z.string() });
const IntegrationRow = z.object({
  id: z.string(),
  brand_id: z.string(),
  platform: PlatformType,
  name: z.string(),
  handle: z.string(),
  picture: z.string().nullable(),
  disconnected: z.number().transform((n) => n !== 0),
});
const ApiKeyRow = z.object({
  id: z.string(),
  label: z.string(),
  organization_id: z.string(),
  user_id: z.string(),
  token_hash: z.string(),
  mode: z.enum(['live', 'test']),
  scopes: z.string().transform((s) => z.array(Scope).parse(JSON.parse(s))),
  brand_ids: z
    .string()
    .nullable()
    .transform((s) => (s === null ? null : z.array(z.string()).parse(JSON.parse(s)))),
  revoked_at: z.number().nullable(),
});

export type OrganizationRecord = z.infer<typeof OrganizationRow>;
export type UserRecord = z.infer<typeof UserRow>;
export type BrandRecord = z.infer<typeof BrandRow>;
export type IntegrationRecord = z.infer<typeof IntegrationRow>;
export type ApiKeyRecord = z.infer<typeof ApiKeyRow>;

/** sha256 of a token: keys are stored only as this digest. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Organizations, their users, brands, connected accounts and API keys (what the dashboard manages). */
export class AccountStore {
  constructor(private readonly db: Db) {}

  createOrganization(name: string, now = Date.now()): OrganizationRecord {
    const id = newId('org_');
    statement(this.db, 'INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)').run(
      id,
      name,
      now,
    );
    return { id, name };
  }

  createUser(organizationId: string, email: string, name: string): UserRecord {
    const id = newId('usr_');
    statement(this.db, 'INSERT INTO users (id, organization_id, email, name) VALUES (?, ?, ?, ?)').run(
      id,
      organizationId,
      email,
      name,
    );
    return { id, email, name };
  }

  createBrand(organizationId: string, name: string): BrandRecord {
    const id = newId('brand_');
    const position = Number(
      scalar(this.db, 'SELECT COUNT(*) FROM brands WHERE organization_id = ?', organizationId),
    );
    statement(this.db, 'INSERT INTO brands (id, organization_id, name, position) VALUES (?, ?, ?, ?)').run(
      id,
      organizationId,
      name,
      position,
    );
    return { id, organization_id: organizationId, name };
  }

  createIntegration(input: {
    brandId: string;
    platform: PlatformType;
    name: string;
    handle?: string;
    picture?: string | null;
    disconnected?: boolean;
  }): IntegrationRecord {
    const id = newId('int_');
    const handle = input.handle ?? input.name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    statement(
      this.db,
      'INSERT INTO integrations (id, brand_id, platform, name, handle, picture, disconnected, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      id,
      input.brandId,
      input.platform,
      input.name,
      handle,
      input.picture ?? null,
      input.disconnected ? 1 : 0,
      Date.now(),
    );
    return {
      id,
      brand_id: input.brandId,
      platform: input.platform,
      name: input.name,
      handle,
      picture: input.picture ?? null,
      disconnected: input.disconnected ?? false,
    };
  }

  setIntegrationPicture(id: string, picture: string | null): void {
    statement(this.db, 'UPDATE integrations SET picture = ? WHERE id = ?').run(picture, id);
  }

  /** Creates a key and returns its token: the only moment the token exists in clear. */
  createApiKey(input: {
    label: string;
    organizationId: string;
    userId: string;
    mode: KeyMode;
    scopes: readonly Scope[];
    brandIds: readonly string[] | null;
    revoked?: boolean;
  }): { record: ApiKeyRecord; token: string } {
    const token = `pst_${input.mode}_${randomBytes(24).toString('base64url')}`;
    const id = newId('key_');
    const now = Date.now();
    const tokenHash = hashToken(token);
    statement(
      this.db,
      'INSERT INTO api_keys (id, label, organization_id, user_id, token_hash, mode, scopes, brand_ids, revoked_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      id,
      input.label,
      input.organizationId,
      input.userId,
      tokenHash,
      input.mode,
      JSON.stringify(input.scopes),
      input.brandIds === null ? null : JSON.stringify(input.brandIds),
      input.revoked ? now : null,
      now,
    );
    return {
      token,
      record: {
        id,
        label: input.label,
        organization_id: input.organizationId,
        user_id: input.userId,
        token_hash: tokenHash,
        mode: input.mode,
        scopes: [...input.scopes],
        brand_ids: input.brandIds === null ? null : [...input.brandIds],
        revoked_at: input.revoked ? now : null,
      },
    };
  }

  /** Marks keys revoked by id or label; returns how many changed. */
  revokeApiKey(idOrLabel: string): number {
    return statement(
      this.db,
      'UPDATE api_keys SET revoked_at = ? WHERE (id = ? OR label = ?) AND revoked_at IS NULL',
    ).run(Date.now(), idOrLabel, idOrLabel).changes;
  }

  /**
   * Finds the key a token belongs to. The lookup is by digest, and the digests are compared again in
   * constant time, so neither the query nor the comparison leaks how much of a guess was right.
   */
  findApiKey(token: string): ApiKeyRecord | null {
    const digest = hashToken(token);
    const raw = statement(this.db, 'SELECT * FROM api_keys WHERE token_hash = ?').get(digest);
    if (raw === undefined) return null;
    const row = ApiKeyRow.parse(raw);
    const a = Buffer.from(row.token_hash, 'hex');
    const b = Buffer.from(digest, 'hex');
    return a.length === b.length && timingSafeEqual(a, b) ? row : null;
  }

  listApiKeys(): ApiKeyRecord[] {
    return statement(this.db, 'SELECT * FROM api_keys ORDER BY rowid')
      .all()
      .map((r) => ApiKeyRow.parse(r));
  }

  organization(id: string): OrganizationRecord | null {
    const raw = statement(this.db, 'SELECT id, name FROM organizations WHERE id = ?').get(id);
    return raw === undefined ? null : OrganizationRow.parse(raw);
  }

  organizations(): OrganizationRecord[] {
    return statement(this.db, 'SELECT id, name FROM organizations ORDER BY created_at, rowid')
      .all()
      .map((r) => OrganizationRow.parse(r));
  }

  user(id: string): UserRecord | null {
    const raw = statement(this.db, 'SELECT id, email, name FROM users WHERE id = ?').get(id);
    return raw === undefined ? null : UserRow.parse(raw);
  }

  firstUser(organizationId: string): UserRecord | null {
    const raw = statement(
      this.db,
      'SELECT id, email, name FROM users WHERE organization_id = ? ORDER BY rowid LIMIT 1',
    ).get(organizationId);
    return raw === undefined ? null : UserRow.parse(raw);
  }

  brand(id: string): BrandRecord | null {
    const raw = statement(this.db, 'SELECT id, organization_id, name FROM brands WHERE id = ?').get(id);
    return raw === undefined ? null : BrandRow.parse(raw);
  }

  brands(organizationId: string): BrandRecord[] {
    return statement(
      this.db,
      'SELECT id, organization_id, name FROM brands WHERE organization_id = ? ORDER BY position, id',
    )
      .all(organizationId)
      .map((r) => BrandRow.parse(r));
  }

  integration(id: string): IntegrationRecord | null {
    const raw = statement(this.db, 'SELECT * FROM integrations WHERE id = ?').get(id);
    return raw === undefined ? null : IntegrationRow.parse(raw);
  }

  integrations(brandId: string): IntegrationRecord[] {
    return statement(this.db, 'SELECT * FROM integrations WHERE brand_id = ? ORDER BY created_at, rowid')
      .all(brandId)
      .map((r) => IntegrationRow.parse(r));
  }

  isEmpty(): boolean {
    return Number(scalar(this.db, 'SELECT COUNT(*) FROM organizations')) === 0;
  }
}

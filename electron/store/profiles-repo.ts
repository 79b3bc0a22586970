import { z } from 'zod';
import type { AppDatabase } from './database.js';
import { jsonText, parseRow, parseRows } from './rows.js';

/*
 * Saved connections. The key itself is never here: `keyStorage` says where it
 * lives (the OS keychain, or this session's memory only).
 */

export const ProfileRecord = z.object({
  id: z.string().min(1),
  label: z.string(),
  baseUrl: z.string().min(1),
  brandId: z.string().nullable(),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  scopes: z.array(z.string()).nullable(),
  keyStorage: z.enum(['keychain', 'session']).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProfileRecord = z.infer<typeof ProfileRecord>;
export type ProfileInput = Omit<ProfileRecord, 'createdAt' | 'updatedAt'>;

const Row = z
  .object({
    id: z.string().min(1),
    label: z.string(),
    base_url: z.string().min(1),
    brand_id: z.string().nullable(),
    organization_json: jsonText(ProfileRecord.shape.organization).nullable(),
    user_json: jsonText(ProfileRecord.shape.user).nullable(),
    scopes_json: jsonText(ProfileRecord.shape.scopes).nullable(),
    key_storage: ProfileRecord.shape.keyStorage,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform((r): ProfileRecord => ({
    id: r.id,
    label: r.label,
    baseUrl: r.base_url,
    brandId: r.brand_id,
    organization: r.organization_json ?? null,
    user: r.user_json ?? null,
    scopes: r.scopes_json ?? null,
    keyStorage: r.key_storage,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));

const json = (v: unknown) => (v === null ? null : JSON.stringify(v));

export class ProfilesRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(): ProfileRecord[] {
    return parseRows(
      this.db,
      'profiles',
      Row,
      this.db.sql.prepare('SELECT * FROM profiles ORDER BY created_at, id').all(),
    );
  }

  get(id: string): ProfileRecord | null {
    return parseRow(
      this.db,
      'profiles',
      Row,
      this.db.sql.prepare('SELECT * FROM profiles WHERE id = ?').get(id),
    );
  }

  /** Creates or replaces a profile, keeping its creation time. */
  save(input: ProfileInput): ProfileRecord {
    const p = ProfileRecord.omit({ createdAt: true, updatedAt: true }).parse(input);
    const at = this.now().toISOString();
    this.db.sql
      .prepare(
        `INSERT INTO profiles (id, label, base_url, brand_id, organization_json, user_json, scopes_json, key_storage, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET label = excluded.label, base_url = excluded.base_url, brand_id = excluded.brand_id,
           organization_json = excluded.organization_json, user_json = excluded.user_json, scopes_json = excluded.scopes_json,
           key_storage = excluded.key_storage, updated_at = excluded.updated_at`,
      )
      .run(
        p.id,
        p.label,
        p.baseUrl,
        p.brandId,
        json(p.organization),
        json(p.user),
        json(p.scopes),
        p.keyStorage,
        at,
        at,
      );
    const saved = this.get(p.id);
    if (!saved) throw new Error(`The profile ${p.id} could not be read back after saving.`);
    return saved;
  }

  setBrand(id: string, brandId: string | null): void {
    this.db.sql
      .prepare('UPDATE profiles SET brand_id = ?, updated_at = ? WHERE id = ?')
      .run(brandId, this.now().toISOString(), id);
  }

  /** Removes a profile and, by cascade, everything cached or queued for it. */
  remove(id: string): boolean {
    return this.db.sql.prepare('DELETE FROM profiles WHERE id = ?').run(id).changes > 0;
  }
}

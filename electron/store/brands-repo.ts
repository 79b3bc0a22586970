import { z } from 'zod';
import { BrandSyncProblem } from '../../shared/brands/sync-problem.js';
import type { AppDatabase } from './database.js';
import { parseRow, parseRows, sqlInt } from './rows.js';

/** Brands of each profile, as GET /brands last said, plus this device's timezone choice. */

export const BrandRecord = z.object({
  profileId: z.string(),
  id: z.string().min(1),
  name: z.string(),
  /** IANA zone chosen on this device; null = the system's. */
  timezone: z.string().nullable(),
});
export type BrandRecord = z.infer<typeof BrandRecord>;

const Row = z
  .object({
    profile_id: z.string(),
    id: z.string().min(1),
    name: z.string(),
    timezone: z.string().nullable(),
  })
  .transform((r): BrandRecord => ({ profileId: r.profile_id, id: r.id, name: r.name, timezone: r.timezone }));

/**
 * A brand with the colour chosen for it on this device (#rrggbb; null = picked automatically) and
 * what keeps it from syncing (null: nothing known).
 */
export type ColoredBrand = BrandRecord & { color: string | null; syncProblem: BrandSyncProblem | null };
const ColoredRow = z
  .object({
    profile_id: z.string(),
    id: z.string().min(1),
    name: z.string(),
    timezone: z.string().nullable(),
    color: z.string().nullable(),
    // A kind this version does not know (written by a newer one) shows as none, not as a lost brand.
    sync_problem: BrandSyncProblem.nullable().catch(null),
  })
  .transform((r): ColoredBrand => ({
    profileId: r.profile_id,
    id: r.id,
    name: r.name,
    timezone: r.timezone,
    color: r.color,
    syncProblem: r.sync_problem,
  }));

export class BrandsRepo {
  constructor(private readonly db: AppDatabase) {}

  list(profileId: string): BrandRecord[] {
    const rows = this.db.sql
      .prepare('SELECT * FROM brands WHERE profile_id = ? ORDER BY position, name')
      .all(profileId);
    return parseRows(this.db, 'brands', Row, rows);
  }

  get(profileId: string, id: string): BrandRecord | null {
    const row = this.db.sql
      .prepare('SELECT * FROM brands WHERE profile_id = ? AND id = ?')
      .get(profileId, id);
    return parseRow(this.db, 'brands', Row, row);
  }

  /** Replaces the brand list with the server's, keeping each surviving brand's timezone. */
  replaceAll(profileId: string, brands: readonly { id: string; name: string }[]): BrandRecord[] {
    this.db.tx(() => {
      const keep = new Set(brands.map((b) => b.id));
      for (const existing of this.list(profileId)) {
        if (!keep.has(existing.id))
          this.db.sql
            .prepare('DELETE FROM brands WHERE profile_id = ? AND id = ?')
            .run(profileId, existing.id);
      }
      const upsert = this.db.sql.prepare(
        `INSERT INTO brands (profile_id, id, name, position) VALUES (?, ?, ?, ?)
         ON CONFLICT (profile_id, id) DO UPDATE SET name = excluded.name, position = excluded.position`,
      );
      brands.forEach((b, i) => upsert.run(profileId, b.id, b.name, i));
    });
    return this.list(profileId);
  }

  /** Adds or renames one brand (GET /me tells the current one before GET /brands is called). */
  upsert(profileId: string, brand: { id: string; name: string }): void {
    this.db.sql
      .prepare(
        `INSERT INTO brands (profile_id, id, name, position) VALUES (?, ?, ?, (SELECT COUNT(*) FROM brands WHERE profile_id = ?))
         ON CONFLICT (profile_id, id) DO UPDATE SET name = excluded.name`,
      )
      .run(profileId, brand.id, brand.name, profileId);
  }

  setTimezone(profileId: string, id: string, timezone: string | null): BrandRecord | null {
    this.db.sql
      .prepare('UPDATE brands SET timezone = ? WHERE profile_id = ? AND id = ?')
      .run(timezone, profileId, id);
    return this.get(profileId, id);
  }

  /** Every brand of every profile with its colour, the profiles in the order they were connected. */
  listAll(): ColoredBrand[] {
    const rows = this.db.sql
      .prepare(
        `SELECT b.* FROM brands b JOIN profiles p ON p.id = b.profile_id
         ORDER BY p.created_at, p.id, b.position, b.name`,
      )
      .all();
    return parseRows(this.db, 'brands', ColoredRow, rows);
  }

  setColor(profileId: string, id: string, color: string | null): BrandRecord | null {
    this.db.sql
      .prepare('UPDATE brands SET color = ? WHERE profile_id = ? AND id = ?')
      .run(color, profileId, id);
    return this.get(profileId, id);
  }

  /** Marks the brand as refused by the service (null: it syncs); false when nothing changed. */
  setSyncProblem(profileId: string, id: string, problem: BrandSyncProblem | null): boolean {
    // Read first: an UPDATE that changes nothing still takes the write lock, and after every pull
    // of every brand it waited behind the pull worker's transaction (pull-worker.ts).
    const now = this.db.sql
      .prepare('SELECT 1 AS same FROM brands WHERE profile_id = ? AND id = ? AND sync_problem IS ?')
      .get(profileId, id, problem);
    if (now !== undefined) return false;
    const result = this.db.sql
      .prepare('UPDATE brands SET sync_problem = ? WHERE profile_id = ? AND id = ? AND sync_problem IS NOT ?')
      .run(problem, profileId, id, problem);
    return Number(result.changes) > 0;
  }

  /** Minutes one account's posts should keep apart (clash warnings); null = the default. */
  clashGap(profileId: string, id: string): number | null {
    const row = this.db.sql
      .prepare('SELECT id, clash_gap_minutes FROM brands WHERE profile_id = ? AND id = ?')
      .get(profileId, id);
    return parseRow(this.db, 'brands', GapRow, row)?.clash_gap_minutes ?? null;
  }

  setClashGap(profileId: string, id: string, minutes: number | null): void {
    this.db.sql
      .prepare('UPDATE brands SET clash_gap_minutes = ? WHERE profile_id = ? AND id = ?')
      .run(minutes, profileId, id);
  }
}

const GapRow = z.object({ id: z.string(), clash_gap_minutes: sqlInt.nullable() });

import { z } from 'zod';
import { Draft } from '../../shared/drafts/ipc.js';
import { forActiveBrand, type BrandOnScreen } from '../store/brand-scope.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow, parseRows } from '../store/rows.js';

/** Local drafts, stored whole as validated JSON with the columns lists need. */

const Row = z.object({ id: z.string(), draft_json: jsonText(Draft) }).transform((r) => r.draft_json);

export class DraftsRepo {
  constructor(private readonly db: AppDatabase) {}

  /** Drafts of a profile's brand (or its brand-less drafts when `brandId` is null), newest first. */
  list(profileId: string, brandId: string | null): Draft[] {
    const rows =
      brandId === null
        ? this.db.sql
            .prepare(
              'SELECT id, draft_json FROM drafts WHERE profile_id = ? AND brand_id IS NULL ORDER BY updated_at DESC',
            )
            .all(profileId)
        : this.db.sql
            .prepare(
              'SELECT id, draft_json FROM drafts WHERE profile_id = ? AND brand_id = ? ORDER BY updated_at DESC',
            )
            .all(profileId, brandId);
    return parseRows(this.db, 'drafts', Row, rows);
  }

  get(profileId: string, id: string): Draft | null {
    const row = this.db.sql
      .prepare('SELECT id, draft_json FROM drafts WHERE profile_id = ? AND id = ?')
      .get(profileId, id);
    return parseRow(this.db, 'drafts', Row, row);
  }

  /** The draft when it is the active brand's; null when there is none; another brand's is refused. */
  getForBrand(active: BrandOnScreen, id: string): Draft | null {
    const draft = this.get(active.profileId, id);
    return forActiveBrand(active, 'draft', draft, (d) => ({
      profileId: active.profileId,
      brandId: d.brandId,
    }));
  }

  save(profileId: string, draft: Draft): Draft {
    const d = Draft.parse(draft);
    this.db.sql
      .prepare(
        `INSERT INTO drafts (id, profile_id, brand_id, draft_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET brand_id = excluded.brand_id, draft_json = excluded.draft_json, updated_at = excluded.updated_at
         WHERE drafts.profile_id = excluded.profile_id`,
      )
      .run(d.id, profileId, d.brandId, JSON.stringify(d), d.createdAt, d.updatedAt);
    return d;
  }

  /** Whether a draft with this id exists under any profile. */
  exists(id: string): boolean {
    return this.db.sql.prepare('SELECT 1 AS one FROM drafts WHERE id = ?').get(id) !== undefined;
  }

  remove(profileId: string, id: string): boolean {
    return (
      this.db.sql.prepare('DELETE FROM drafts WHERE profile_id = ? AND id = ?').run(profileId, id).changes > 0
    );
  }
}

import type { AppDatabase } from '../store/database.js';

/** Fingerprints of imported rows per brand, so importing a file again creates nothing. */
export class FingerprintsRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
  ) {}

  all(profileId: string, brandId: string): Set<string> {
    const rows = this.db.sql
      .prepare('SELECT fingerprint FROM import_fingerprints WHERE profile_id = ? AND brand_id = ?')
      .all(profileId, brandId) as { fingerprint?: unknown }[];
    return new Set(rows.map((r) => String(r.fingerprint)));
  }

  record(profileId: string, brandId: string, fingerprint: string, draftId: string): void {
    this.db.sql
      .prepare(
        'INSERT OR IGNORE INTO import_fingerprints (profile_id, brand_id, fingerprint, draft_id, imported_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(profileId, brandId, fingerprint, draftId, this.now().toISOString());
  }
}

import { z } from 'zod';
import { Series } from '../../shared/series/model.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRows, sqlInt } from '../store/rows.js';

/*
 * A brand's recurring series and every date each one made. A date's row is keyed by (series,
 * date) and written in the same transaction as its outbox create, so a date becomes a post once,
 * across restarts, re-plans and two runs at once. The row stays when its post is moved or edited:
 * the series keeps that date as an exception and never makes it again.
 */

export interface Scope {
  profileId: string;
  brandId: string;
}

export interface MadeRow {
  seriesId: string;
  date: string;
  index: number;
  atMs: number;
  outboxId: string | null;
  /** The posts the create made, once the service confirmed it (empty until then). */
  postIds: string[];
}

const SeriesRow = z.object({ id: z.string(), series_json: jsonText(Series) }).transform((r) => r.series_json);

const MadeRowSchema = z
  .object({
    series_id: z.string(),
    occ_date: z.string(),
    idx: sqlInt,
    at_ms: sqlInt,
    outbox_id: z.string().nullable(),
    post_ids: jsonText(z.array(z.string()).max(100)),
  })
  .transform((r): MadeRow => ({
    seriesId: r.series_id,
    date: r.occ_date,
    index: r.idx,
    atMs: r.at_ms,
    outboxId: r.outbox_id,
    postIds: r.post_ids,
  }));

export class SeriesRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
  ) {}

  all(s: Scope): Series[] {
    const rows = this.db.sql
      .prepare(
        'SELECT id, series_json FROM series WHERE profile_id = ? AND brand_id = ? ORDER BY created_at, id',
      )
      .all(s.profileId, s.brandId);
    return parseRows(this.db, 'series', SeriesRow, rows);
  }

  get(s: Scope, id: string): Series | null {
    const rows = this.db.sql
      .prepare('SELECT id, series_json FROM series WHERE profile_id = ? AND brand_id = ? AND id = ?')
      .all(s.profileId, s.brandId, id);
    return parseRows(this.db, 'series', SeriesRow, rows)[0] ?? null;
  }

  save(s: Scope, series: Series): Series {
    const v = Series.parse(series);
    this.db.sql
      .prepare(
        `INSERT INTO series (id, profile_id, brand_id, series_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET series_json = excluded.series_json, updated_at = excluded.updated_at
         WHERE series.profile_id = excluded.profile_id AND series.brand_id = excluded.brand_id`,
      )
      .run(v.id, s.profileId, s.brandId, JSON.stringify(v), v.createdAt, v.updatedAt);
    return v;
  }

  /** Deletes a series and its rows (the posts it made stay on the service). */
  remove(s: Scope, id: string): boolean {
    return (
      this.db.sql
        .prepare('DELETE FROM series WHERE id = ? AND profile_id = ? AND brand_id = ?')
        .run(id, s.profileId, s.brandId).changes > 0
    );
  }

  /** Every date made by the brand's series (or one series'), in time order. */
  made(s: Scope, seriesId: string | null = null): MadeRow[] {
    const rows = this.db.sql
      .prepare(
        `SELECT o.series_id, o.occ_date, o.idx, o.at_ms, o.outbox_id, o.post_ids FROM series_occurrences o
         JOIN series s ON s.id = o.series_id
         WHERE s.profile_id = ? AND s.brand_id = ? AND (? IS NULL OR s.id = ?) ORDER BY o.at_ms, o.series_id`,
      )
      .all(s.profileId, s.brandId, seriesId, seriesId);
    return parseRows(this.db, 'series_occurrences', MadeRowSchema, rows);
  }

  /**
   * Claims a date: false when the series already made it (another run did). Call inside the
   * transaction that queues its create.
   */
  claim(row: Omit<MadeRow, 'postIds'>): boolean {
    return (
      this.db.sql
        .prepare(
          `INSERT OR IGNORE INTO series_occurrences (series_id, occ_date, idx, at_ms, outbox_id, post_ids, created_at)
           VALUES (?, ?, ?, ?, ?, '[]', ?)`,
        )
        .run(row.seriesId, row.date, row.index, row.atMs, row.outboxId, this.now().toISOString()).changes > 0
    );
  }

  /** The service's posts of a date, once its create is confirmed. */
  setPostIds(row: MadeRow, postIds: readonly string[]): void {
    this.db.sql
      .prepare('UPDATE series_occurrences SET post_ids = ? WHERE series_id = ? AND occ_date = ?')
      .run(JSON.stringify(postIds), row.seriesId, row.date);
  }

  /** Forgets a made date whose post was taken off (an edit remakes it, a skip keeps it off). */
  forget(row: Pick<MadeRow, 'seriesId' | 'date'>): void {
    this.db.sql
      .prepare('DELETE FROM series_occurrences WHERE series_id = ? AND occ_date = ?')
      .run(row.seriesId, row.date);
  }
}

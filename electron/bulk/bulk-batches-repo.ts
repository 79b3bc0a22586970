import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { IsoDateTime } from '../../shared/api/resources.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow } from '../store/rows.js';

/*
 * A bulk change as applied, kept so it can be undone in one step: each moved
 * post with the time it had, and each delete with the outbox operation that carries it.
 */

export const BatchUndo = z.object({
  moves: z.array(z.object({ postId: z.string(), from: IsoDateTime, to: IsoDateTime })),
  deletes: z.array(z.object({ group: z.string(), opId: z.string(), postIds: z.array(z.string()) })),
  /** The other brands' batches of the same change (a selection spanning brands): undone with this one. */
  linked: z.array(z.string()).optional(),
});
export type BatchUndo = z.infer<typeof BatchUndo>;

export interface BatchRecord {
  id: string;
  profileId: string;
  brandId: string;
  undo: BatchUndo;
  createdAt: string;
  undoneAt: string | null;
}

const Row = z
  .object({
    id: z.string(),
    profile_id: z.string(),
    brand_id: z.string(),
    undo_json: jsonText(BatchUndo),
    created_at: z.string(),
    undone_at: z.string().nullable(),
  })
  .transform((r): BatchRecord => ({
    id: r.id,
    profileId: r.profile_id,
    brandId: r.brand_id,
    undo: r.undo_json,
    createdAt: r.created_at,
    undoneAt: r.undone_at,
  }));

/**
 * How long a change can still be undone by its batch: the undo button of its notice, or Ctrl/Cmd+Z
 * within the session, is used within minutes; a week keeps a late click working across a night
 * without keeping every drag of the year.
 */
export const BATCH_KEPT_MS = 7 * 86_400_000;

export class BulkBatchesRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
  ) {}

  /** Keeps the change, and lets go of those older than BATCH_KEPT_MS (an old drag can no longer be undone). */
  add(scope: { profileId: string; brandId: string }, undo: BatchUndo): string {
    const id = randomUUID();
    const now = this.now();
    this.db.sql
      .prepare('DELETE FROM bulk_batches WHERE created_at < ?')
      .run(new Date(now.getTime() - BATCH_KEPT_MS).toISOString());
    this.db.sql
      .prepare(
        'INSERT INTO bulk_batches (id, profile_id, brand_id, undo_json, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(id, scope.profileId, scope.brandId, JSON.stringify(undo), now.toISOString());
    return id;
  }

  get(id: string): BatchRecord | null {
    const row = this.db.sql.prepare('SELECT * FROM bulk_batches WHERE id = ?').get(id);
    return parseRow(this.db, 'bulk_batches', Row, row);
  }

  markUndone(id: string): void {
    this.db.sql
      .prepare('UPDATE bulk_batches SET undone_at = ? WHERE id = ?')
      .run(this.now().toISOString(), id);
  }
}

import { z } from 'zod';
import { EvergreenItem, EvergreenList } from '../../shared/evergreen/model.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow, parseRows, sqlBool, sqlInt, deleteOwnedRow } from '../store/rows.js';

/*
 * Evergreen lists and posts of a brand, and every repeat made. A repeat's row
 * is keyed by (post, account, slot) and (post, account, repeat number): the row is written in the
 * same transaction as the outbox create, so a repeat is queued once, across restarts and runs.
 */

const ListRow = z
  .object({
    id: z.string(),
    name: z.string(),
    enabled: sqlBool,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }))
  .pipe(EvergreenList);

const ItemRow = z
  .object({ id: z.string(), item_json: jsonText(EvergreenItem) })
  .transform((r) => r.item_json);

export interface FillRow {
  itemId: string;
  integrationId: string;
  slotMs: number;
  repeat: number;
  of: number | null;
  version: number;
  outboxId: string | null;
  postId: string | null;
}

const FillRowSchema = z
  .object({
    item_id: z.string(),
    integration_id: z.string(),
    slot_ms: sqlInt,
    repeat: sqlInt,
    of_count: sqlInt.nullable(),
    version: sqlInt,
    outbox_id: z.string().nullable(),
    post_id: z.string().nullable(),
  })
  .transform((r): FillRow => ({
    itemId: r.item_id,
    integrationId: r.integration_id,
    slotMs: r.slot_ms,
    repeat: r.repeat,
    of: r.of_count,
    version: r.version,
    outboxId: r.outbox_id,
    postId: r.post_id,
  }));

export interface Scope {
  profileId: string;
  brandId: string;
}

export class EvergreenRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date,
  ) {}

  lists(s: Scope): EvergreenList[] {
    const rows = this.db.sql
      .prepare(
        'SELECT id, name, enabled, created_at, updated_at FROM evergreen_lists WHERE profile_id = ? AND brand_id = ? ORDER BY created_at, id',
      )
      .all(s.profileId, s.brandId);
    return parseRows(this.db, 'evergreen_lists', ListRow, rows);
  }

  list(s: Scope, id: string): EvergreenList | null {
    const row = this.db.sql
      .prepare(
        'SELECT id, name, enabled, created_at, updated_at FROM evergreen_lists WHERE profile_id = ? AND brand_id = ? AND id = ?',
      )
      .get(s.profileId, s.brandId, id);
    return parseRow(this.db, 'evergreen_lists', ListRow, row);
  }

  saveList(s: Scope, list: EvergreenList): EvergreenList {
    this.db.sql
      .prepare(
        `INSERT INTO evergreen_lists (id, profile_id, brand_id, name, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, enabled = excluded.enabled, updated_at = excluded.updated_at
         WHERE evergreen_lists.profile_id = excluded.profile_id AND evergreen_lists.brand_id = excluded.brand_id`,
      )
      .run(list.id, s.profileId, s.brandId, list.name, list.enabled ? 1 : 0, list.createdAt, list.updatedAt);
    return list;
  }

  removeList(s: Scope, id: string): boolean {
    return deleteOwnedRow(this.db, 'evergreen_lists', s, id);
  }

  /** The posts of the brand's lists (all, or one list's), in position order. */
  items(s: Scope, listId: string | null = null): EvergreenItem[] {
    const rows = this.db.sql
      .prepare(
        `SELECT i.id, i.item_json FROM evergreen_items i JOIN evergreen_lists l ON l.id = i.list_id
         WHERE l.profile_id = ? AND l.brand_id = ? AND (? IS NULL OR l.id = ?) ORDER BY i.position, i.created_at, i.id`,
      )
      .all(s.profileId, s.brandId, listId, listId);
    return parseRows(this.db, 'evergreen_items', ItemRow, rows);
  }

  item(s: Scope, id: string): EvergreenItem | null {
    return this.items(s).find((i) => i.id === id) ?? null;
  }

  nextPosition(listId: string): number {
    const row = this.db.sql
      .prepare('SELECT COALESCE(MAX(position), -1) + 1 AS next FROM evergreen_items WHERE list_id = ?')
      .get(listId) as { next?: unknown } | undefined;
    return Number(row?.next ?? 0);
  }

  saveItem(item: EvergreenItem): EvergreenItem {
    const i = EvergreenItem.parse(item);
    this.db.sql
      .prepare(
        `INSERT INTO evergreen_items (id, list_id, position, item_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET list_id = excluded.list_id, position = excluded.position, item_json = excluded.item_json, updated_at = excluded.updated_at`,
      )
      .run(i.id, i.listId, i.position, JSON.stringify(i), i.createdAt, i.updatedAt);
    return i;
  }

  removeItem(s: Scope, id: string): boolean {
    return (
      this.db.sql
        .prepare(
          `DELETE FROM evergreen_items WHERE id = ? AND list_id IN (SELECT id FROM evergreen_lists WHERE profile_id = ? AND brand_id = ?)`,
        )
        .run(id, s.profileId, s.brandId).changes > 0
    );
  }

  /** Every repeat made for the brand (they count for cooldowns and repeat numbers forever). */
  fills(s: Scope): FillRow[] {
    const rows = this.db.sql
      .prepare(
        `SELECT item_id, integration_id, slot_ms, repeat, of_count, version, outbox_id, post_id FROM evergreen_fills
         WHERE profile_id = ? AND brand_id = ? ORDER BY slot_ms, integration_id`,
      )
      .all(s.profileId, s.brandId);
    return parseRows(this.db, 'evergreen_fills', FillRowSchema, rows);
  }

  /**
   * Claims a repeat: false when this post already has a repeat in that slot or with that number
   * on that account (another run made it). Call inside the transaction that queues its create.
   */
  claimFill(s: Scope, fill: Omit<FillRow, 'outboxId' | 'postId'>, outboxId: string): boolean {
    const result = this.db.sql
      .prepare(
        `INSERT OR IGNORE INTO evergreen_fills (profile_id, brand_id, item_id, integration_id, slot_ms, repeat, of_count, version, outbox_id, post_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
      )
      .run(
        s.profileId,
        s.brandId,
        fill.itemId,
        fill.integrationId,
        fill.slotMs,
        fill.repeat,
        fill.of,
        fill.version,
        outboxId,
        this.now().toISOString(),
      );
    return result.changes > 0;
  }

  /** The service's id of a repeat's post, once the create is confirmed. */
  setPostId(fill: FillRow, postId: string): void {
    this.db.sql
      .prepare(
        'UPDATE evergreen_fills SET post_id = ? WHERE item_id = ? AND integration_id = ? AND slot_ms = ?',
      )
      .run(postId, fill.itemId, fill.integrationId, fill.slotMs);
  }
}

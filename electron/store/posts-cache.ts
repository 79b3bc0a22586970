import { z } from 'zod';
import { PostDetail, PostListItem, normalizePostState } from '../../shared/api/resources.js';
import type { AppDatabase } from './database.js';
import { jsonText, parseRow, parseRows, sqlInt } from './rows.js';

/*
 * The server's posts as last seen, per profile and brand, so the calendar
 * works offline. It holds the server's copy only: pending local changes live in the outbox and
 * are laid over these rows when read (see outbox/outbox-overlay.ts), so a discarded change needs no undo.
 */

export interface CachedPost {
  id: string;
  group: string | null;
  /** The server's own state name. */
  state: string;
  publishDate: string;
  publishMs: number;
  integrationId: string;
  content: string;
  blockCount: number;
  error: string | null;
  releaseURL: string | null;
  item: PostListItem;
  syncedAt: string;
}

/*
 * What a read takes from a row. The item is the server's answer as stored; its state, date,
 * account, error and link are also columns, written from it in the same statement, so that SQL can
 * index and filter by them, and are read back from the item alone: every value libsql hands to
 * JavaScript costs about a microsecond, and a month holds thousands of rows. Group, content and
 * block count are read from their columns, which keep what an earlier answer said when a later
 * one left them out.
 */
const COLUMNS = 'id, group_id, content, block_count, item_json, synced_at';

const Row = z
  .object({
    id: z.string().min(1),
    group_id: z.string().nullable(),
    content: z.string(),
    block_count: sqlInt,
    item_json: jsonText(PostListItem),
    synced_at: z.string(),
  })
  .transform((r): CachedPost => ({
    id: r.id,
    group: r.group_id,
    state: r.item_json.state,
    publishDate: r.item_json.publishDate,
    publishMs: Date.parse(r.item_json.publishDate),
    integrationId: r.item_json.integration.id,
    content: r.content,
    blockCount: r.block_count,
    error: r.item_json.error ?? null,
    releaseURL: r.item_json.releaseURL ?? null,
    item: r.item_json,
    syncedAt: r.synced_at,
  }));

const DetailRow = z
  .object({ id: z.string(), detail_json: jsonText(PostDetail) })
  .transform((r) => r.detail_json);

/** A post that reached a final state since the cache last saw it (the user's scheduled post went out, or failed). */
export interface PostOutcome {
  postId: string;
  state: string;
  content: string;
  error: string | null;
}

const FINAL = new Set(['published', 'error']);
const WAITING = new Set(['scheduled', 'publishing']);

export class PostsCache {
  constructor(private readonly db: AppDatabase) {}

  get(profileId: string, brandId: string, id: string): CachedPost | null {
    const row = this.db.sql
      .prepare(`SELECT ${COLUMNS} FROM posts WHERE profile_id = ? AND brand_id = ? AND id = ?`)
      .get(profileId, brandId, id);
    return parseRow(this.db, 'posts', Row, row);
  }

  /** Posts whose publish time lies in [startMs, endMs). */
  listRange(profileId: string, brandId: string, startMs: number, endMs: number): CachedPost[] {
    const rows = this.db.sql
      .prepare(
        `SELECT ${COLUMNS} FROM posts WHERE profile_id = ? AND brand_id = ? AND publish_ms >= ? AND publish_ms < ? ORDER BY publish_ms, id`,
      )
      .all(profileId, brandId, startMs, endMs);
    return parseRows(this.db, 'posts', Row, rows);
  }

  /** Which of these posts were stored after `at` (an ISO time), wherever they are now. */
  idsOfSyncedAfter(profileId: string, brandId: string, ids: readonly string[], at: string): string[] {
    const stmt = this.db.sql.prepare(
      'SELECT id FROM posts WHERE profile_id = ? AND brand_id = ? AND id = ? AND synced_at > ?',
    );
    return ids.filter((id) => stmt.get(profileId, brandId, id, at) !== undefined);
  }

  /** Ids of the posts in [startMs, endMs) stored after `at` (an ISO time): newer than an answer asked for then. */
  idsSyncedAfter(profileId: string, brandId: string, startMs: number, endMs: number, at: string): string[] {
    const rows = this.db.sql
      .prepare(
        'SELECT id FROM posts WHERE profile_id = ? AND brand_id = ? AND publish_ms >= ? AND publish_ms < ? AND synced_at > ?',
      )
      .all(profileId, brandId, startMs, endMs, at) as { id: unknown }[];
    return rows.map((r) => String(r.id));
  }

  listGroup(profileId: string, brandId: string, group: string): CachedPost[] {
    const rows = this.db.sql
      .prepare(
        `SELECT ${COLUMNS} FROM posts WHERE profile_id = ? AND brand_id = ? AND group_id = ? ORDER BY id`,
      )
      .all(profileId, brandId, group);
    return parseRows(this.db, 'posts', Row, rows);
  }

  /**
   * How many posts share each group of the posts in [startMs, endMs), over the whole cache, in one
   * query: a month's 2,000 groups counted one by one cost more than reading the month itself.
   */
  groupSizesInRange(profileId: string, brandId: string, startMs: number, endMs: number): Map<string, number> {
    const rows = this.db.sql
      .prepare(
        `SELECT group_id AS g, COUNT(*) AS n FROM posts WHERE profile_id = ? AND brand_id = ? AND group_id IN (
           SELECT group_id FROM posts WHERE profile_id = ? AND brand_id = ? AND publish_ms >= ? AND publish_ms < ?
         ) GROUP BY group_id`,
      )
      .all(profileId, brandId, profileId, brandId, startMs, endMs) as { g: unknown; n: unknown }[];
    return new Map(rows.map((r) => [String(r.g), Number(r.n)]));
  }

  /** How many posts share each group, over the whole cache (a group's copies may sit on other days). */
  groupSizes(profileId: string, brandId: string, groups: readonly string[]): Map<string, number> {
    const sizes = new Map<string, number>();
    const stmt = this.db.sql.prepare(
      'SELECT COUNT(*) AS n FROM posts WHERE profile_id = ? AND brand_id = ? AND group_id = ?',
    );
    for (const g of new Set(groups)) {
      const row = stmt.get(profileId, brandId, g) as { n?: unknown } | undefined;
      sizes.set(g, Number(row?.n ?? 0));
    }
    return sizes;
  }

  /** Writes server items as they are now; answers the posts that just reached a final state. */
  upsert(
    profileId: string,
    brandId: string,
    items: readonly PostListItem[],
    syncedAt: string,
  ): PostOutcome[] {
    const outcomes: PostOutcome[] = [];
    const stmt = this.db.sql.prepare(
      `INSERT INTO posts (profile_id, brand_id, id, group_id, state, publish_date, publish_ms, integration_id, content, block_count, error, release_url, item_json, synced_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile_id, brand_id, id) DO UPDATE SET group_id = excluded.group_id, state = excluded.state,
         publish_date = excluded.publish_date, publish_ms = excluded.publish_ms, integration_id = excluded.integration_id,
         content = excluded.content, block_count = excluded.block_count, error = excluded.error, release_url = excluded.release_url,
         item_json = excluded.item_json, synced_at = excluded.synced_at`,
    );
    this.db.tx(() => {
      for (const item of items) {
        const before = this.get(profileId, brandId, item.id);
        const now = normalizePostState(item.state) ?? item.state;
        const was = before ? (normalizePostState(before.state) ?? before.state) : null;
        if (was !== null && WAITING.has(was) && FINAL.has(now)) {
          outcomes.push({
            postId: item.id,
            state: now,
            content: item.content ?? before?.content ?? '',
            error: item.error ?? null,
          });
        }
        stmt.run(
          profileId,
          brandId,
          item.id,
          item.group ?? before?.group ?? null,
          item.state,
          item.publishDate,
          Date.parse(item.publishDate),
          item.integration.id,
          item.content ?? before?.content ?? '',
          item.blockCount ?? before?.blockCount ?? 1,
          item.error ?? null,
          item.releaseURL ?? null,
          JSON.stringify(item),
          syncedAt,
        );
      }
    });
    return outcomes;
  }

  /**
   * Makes [startMs, endMs) match the server's answer: upserts the items and drops cached posts in
   * the range the server no longer has, except `keep` (posts a pending local operation still needs).
   */
  replaceRange(
    profileId: string,
    brandId: string,
    startMs: number,
    endMs: number,
    items: readonly PostListItem[],
    syncedAt: string,
    keep: ReadonlySet<string>,
  ): { outcomes: PostOutcome[]; removed: number; changed: number } {
    return this.db.tx(() => {
      const present = new Set(items.map((i) => i.id));
      const stored = this.db.sql.prepare(
        'SELECT item_json FROM posts WHERE profile_id = ? AND brand_id = ? AND id = ?',
      );
      // What the service says now against what it said last time, so an unchanged pull stays quiet
      // and writes nothing: a row written again costs its search-index update too.
      const updated = items.filter((i) => {
        const row = stored.get(profileId, brandId, i.id) as { item_json?: unknown } | undefined;
        return row?.item_json !== JSON.stringify(i);
      });
      let removed = 0;
      // Only the ids: every row read and checked here cost more than writing the slice's changes.
      const inRange = this.db.sql
        .prepare(
          'SELECT id FROM posts WHERE profile_id = ? AND brand_id = ? AND publish_ms >= ? AND publish_ms < ?',
        )
        .all(profileId, brandId, startMs, endMs) as { id: unknown }[];
      for (const { id } of inRange) {
        const cachedId = String(id);
        if (!present.has(cachedId) && !keep.has(cachedId)) {
          this.remove(profileId, brandId, cachedId);
          removed++;
        }
      }
      return {
        outcomes: this.upsert(profileId, brandId, updated, syncedAt),
        removed,
        changed: removed + updated.length,
      };
    });
  }

  remove(profileId: string, brandId: string, id: string): void {
    this.db.sql
      .prepare('DELETE FROM posts WHERE profile_id = ? AND brand_id = ? AND id = ?')
      .run(profileId, brandId, id);
    this.db.sql
      .prepare('DELETE FROM post_details WHERE profile_id = ? AND brand_id = ? AND id = ?')
      .run(profileId, brandId, id);
  }

  removeGroup(profileId: string, brandId: string, group: string): number {
    return this.db.tx(() => {
      const posts = this.listGroup(profileId, brandId, group);
      for (const post of posts) this.remove(profileId, brandId, post.id);
      // Rows too damaged to list still belong to the group: they go too.
      const rest = this.db.sql
        .prepare('DELETE FROM posts WHERE profile_id = ? AND brand_id = ? AND group_id = ?')
        .run(profileId, brandId, group).changes;
      return posts.length + rest;
    });
  }

  /** A post as GET /posts/:id last answered (blocks, media, settings), for reading it offline. */
  getDetail(profileId: string, brandId: string, id: string): PostDetail | null {
    const row = this.db.sql
      .prepare('SELECT id, detail_json FROM post_details WHERE profile_id = ? AND brand_id = ? AND id = ?')
      .get(profileId, brandId, id);
    return parseRow(this.db, 'post_details', DetailRow, row);
  }

  saveDetail(profileId: string, brandId: string, detail: PostDetail, syncedAt: string): void {
    this.db.sql
      .prepare(
        `INSERT INTO post_details (profile_id, brand_id, id, detail_json, synced_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, brand_id, id) DO UPDATE SET detail_json = excluded.detail_json, synced_at = excluded.synced_at`,
      )
      .run(profileId, brandId, detail.id, JSON.stringify(detail), syncedAt);
  }
}

/** The posts cache as everything outside the posts module sees it: read only (lint forbids the rest). */
export type PostsCacheReads = Pick<
  PostsCache,
  'get' | 'listRange' | 'listGroup' | 'groupSizesInRange' | 'groupSizes' | 'getDetail'
>;

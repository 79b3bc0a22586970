import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { FeedItemView, FeedView } from '../../shared/feeds/model.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow, parseRows, sqlBool, sqlInt } from '../store/rows.js';
import { linkKey, titleDateKey, type FeedEntry } from './feed-parse.js';

/*
 * A brand's feeds and every item they ever brought. Items stay after their feed is removed and
 * after they are drafted or dismissed: they are how an item is known again.
 */

export type ItemState = 'waiting' | 'drafted' | 'queued' | 'dismissed';

export interface FeedRecord extends FeedView {
  profileId: string;
  brandId: string;
  etag: string | null;
  lastModified: string | null;
}

const FeedRow = z
  .object({
    id: z.string(),
    profile_id: z.string(),
    brand_id: z.string(),
    url: z.string(),
    title: z.string().nullable(),
    straight_to_queue: sqlBool,
    category_id: z.string().nullable(),
    account_ids_json: jsonText(z.array(z.string())),
    etag: z.string().nullable(),
    last_modified: z.string().nullable(),
    checked_at: z.string().nullable(),
    problem: z.string().nullable(),
    waiting: sqlInt,
  })
  .transform((r): FeedRecord => ({
    id: r.id,
    profileId: r.profile_id,
    brandId: r.brand_id,
    url: r.url,
    title: r.title,
    straightToQueue: r.straight_to_queue,
    categoryId: r.category_id,
    accountIds: r.account_ids_json,
    checkedAt: r.checked_at,
    problem: r.problem,
    waiting: r.waiting,
    etag: r.etag,
    lastModified: r.last_modified,
  }));

const ItemRow = z
  .object({
    id: z.string(),
    feed_id: z.string(),
    feed_title: z.string().nullable(),
    feed_url: z.string().nullable(),
    title: z.string(),
    link: z.string().nullable(),
    summary: z.string(),
    published_at: z.string().nullable(),
    image_url: z.string().nullable(),
  })
  .transform((r) => ({
    id: r.id,
    feedId: r.feed_id,
    feedTitle: r.feed_title ?? r.feed_url ?? 'A removed feed',
    title: r.title,
    link: r.link,
    summary: r.summary,
    publishedAt: r.published_at,
    imageUrl: r.image_url,
  }))
  .pipe(FeedItemView);

const FEED_COLUMNS = `f.id, f.profile_id, f.brand_id, f.url, f.title, f.straight_to_queue, f.category_id,
  f.account_ids_json, f.etag, f.last_modified, f.checked_at, f.problem,
  (SELECT COUNT(*) FROM feed_items i WHERE i.feed_id = f.id AND i.state = 'waiting') AS waiting`;

export class FeedsRepo {
  constructor(private readonly db: AppDatabase) {}

  /** Runs `fn` in one transaction: an item and its draft land together or not at all. */
  transaction(fn: () => void): void {
    this.db.tx(fn);
  }

  list(brand: ActiveBrand): FeedRecord[] {
    const rows = this.db.sql
      .prepare(
        `SELECT ${FEED_COLUMNS} FROM feeds f WHERE f.profile_id = ? AND f.brand_id = ? ORDER BY f.created_at, f.id`,
      )
      .all(brand.profileId, brand.brandId);
    return parseRows(this.db, 'feeds', FeedRow, rows);
  }

  /** Every feed of every brand, for the timer. */
  all(): FeedRecord[] {
    const rows = this.db.sql
      .prepare(`SELECT ${FEED_COLUMNS} FROM feeds f ORDER BY f.checked_at IS NOT NULL, f.checked_at`)
      .all();
    return parseRows(this.db, 'feeds', FeedRow, rows);
  }

  get(brand: ActiveBrand, id: string): FeedRecord | null {
    const row = this.db.sql
      .prepare(`SELECT ${FEED_COLUMNS} FROM feeds f WHERE f.profile_id = ? AND f.brand_id = ? AND f.id = ?`)
      .get(brand.profileId, brand.brandId, id);
    return parseRow(this.db, 'feeds', FeedRow, row);
  }

  add(brand: ActiveBrand, url: string, at: string): string {
    const id = randomUUID();
    this.db.sql
      .prepare('INSERT INTO feeds (id, profile_id, brand_id, url, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(id, brand.profileId, brand.brandId, url, at);
    return id;
  }

  /** What a read answered: the title and validators of a good read, or the sentence of a bad one. */
  saveRead(
    id: string,
    read: { checkedAt: string } & (
      | { ok: true; title: string | null; etag: string | null; lastModified: string | null }
      | { ok: false; problem: string }
    ),
  ): void {
    if (read.ok)
      this.db.sql
        .prepare(
          'UPDATE feeds SET title = COALESCE(?, title), etag = ?, last_modified = ?, checked_at = ?, problem = NULL WHERE id = ?',
        )
        .run(read.title, read.etag, read.lastModified, read.checkedAt, id);
    else
      this.db.sql
        .prepare('UPDATE feeds SET checked_at = ?, problem = ? WHERE id = ?')
        .run(read.checkedAt, read.problem, id);
  }

  setOptions(
    brand: ActiveBrand,
    id: string,
    o: { straightToQueue: boolean; categoryId: string | null; accountIds: string[] },
  ): boolean {
    return (
      this.db.sql
        .prepare(
          'UPDATE feeds SET straight_to_queue = ?, category_id = ?, account_ids_json = ? WHERE profile_id = ? AND brand_id = ? AND id = ?',
        )
        .run(
          o.straightToQueue ? 1 : 0,
          o.categoryId,
          JSON.stringify(o.accountIds),
          brand.profileId,
          brand.brandId,
          id,
        ).changes > 0
    );
  }

  /** Removes a feed; its waiting items leave the review list, but every item stays remembered. */
  remove(brand: ActiveBrand, id: string): boolean {
    return this.db.tx(() => {
      this.db.sql
        .prepare(
          "UPDATE feed_items SET state = 'dismissed' WHERE profile_id = ? AND brand_id = ? AND feed_id = ? AND state = 'waiting'",
        )
        .run(brand.profileId, brand.brandId, id);
      return (
        this.db.sql
          .prepare('DELETE FROM feeds WHERE profile_id = ? AND brand_id = ? AND id = ?')
          .run(brand.profileId, brand.brandId, id).changes > 0
      );
    });
  }

  /**
   * Whether the brand has seen this entry, in any feed: by its id, by its link as normalized, or
   * (when it has neither match) by its title and day.
   */
  seen(brand: ActiveBrand, entry: FeedEntry): boolean {
    const keys: [string, string | null][] = [
      ['guid', entry.guid],
      ['link_key', linkKey(entry.link)],
      ['title_key', titleDateKey(entry.title, entry.publishedAt)],
    ];
    return keys.some(
      ([column, value]) =>
        value !== null &&
        this.db.sql
          .prepare(
            `SELECT 1 AS one FROM feed_items WHERE profile_id = ? AND brand_id = ? AND ${column} = ? LIMIT 1`,
          )
          .get(brand.profileId, brand.brandId, value) !== undefined,
    );
  }

  addItem(brand: ActiveBrand, feedId: string, entry: FeedEntry, state: ItemState, at: string): string {
    const id = randomUUID();
    this.db.sql
      .prepare(
        `INSERT INTO feed_items (id, profile_id, brand_id, feed_id, guid, link_key, title_key, title, link, summary,
           published_at, image_url, state, seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        brand.profileId,
        brand.brandId,
        feedId,
        entry.guid,
        linkKey(entry.link),
        titleDateKey(entry.title, entry.publishedAt),
        entry.title,
        entry.link,
        entry.summary,
        entry.publishedAt,
        entry.imageUrl,
        state,
        at,
      );
    return id;
  }

  /** Items waiting for review, newest first (by the feed's date, else when they were seen). */
  waiting(brand: ActiveBrand): FeedItemView[] {
    const rows = this.db.sql
      .prepare(
        `SELECT i.id, i.feed_id, f.title AS feed_title, f.url AS feed_url, i.title, i.link, i.summary, i.published_at, i.image_url
         FROM feed_items i LEFT JOIN feeds f ON f.id = i.feed_id
         WHERE i.profile_id = ? AND i.brand_id = ? AND i.state = 'waiting'
         ORDER BY COALESCE(i.published_at, i.seen_at) DESC, i.id LIMIT 500`,
      )
      .all(brand.profileId, brand.brandId);
    return parseRows(this.db, 'feed_items', ItemRow, rows);
  }

  waitingItem(brand: ActiveBrand, id: string): FeedItemView | null {
    return this.waiting(brand).find((i) => i.id === id) ?? null;
  }

  /** Moves an item on from the review list; false when it had already left it. */
  settle(
    brand: ActiveBrand,
    id: string,
    state: Exclude<ItemState, 'waiting'>,
    draftId: string | null = null,
  ): boolean {
    return (
      this.db.sql
        .prepare(
          "UPDATE feed_items SET state = ?, draft_id = ? WHERE profile_id = ? AND brand_id = ? AND id = ? AND state = 'waiting'",
        )
        .run(state, draftId, brand.profileId, brand.brandId, id).changes > 0
    );
  }

  /** A drafted item whose draft went to the queue. */
  markQueued(brand: ActiveBrand, id: string): void {
    this.db.sql
      .prepare(
        "UPDATE feed_items SET state = 'queued' WHERE profile_id = ? AND brand_id = ? AND id = ? AND state = 'drafted'",
      )
      .run(brand.profileId, brand.brandId, id);
  }
}

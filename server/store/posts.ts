import { z } from 'zod';
import { PostState } from '../../shared/api/resources.js';
import { atomically, type Db, statement } from './db.js';
import type { NewShortLink } from './short-links.js';

/** A block as stored: the client's text and media refs, plus when and where it went out. */
export const StoredBlock = z.object({
  content: z.string(),
  image: z.array(z.looseObject({ id: z.string(), path: z.string() })),
  releaseURL: z.string().nullable(),
  publishedAt: z.number().nullable(),
});
export type StoredBlock = z.infer<typeof StoredBlock>;

const json = <T extends z.ZodType>(schema: T) =>
  z.string().transform((s): z.infer<T> => schema.parse(JSON.parse(s)));

const PostRow = z.object({
  id: z.string(),
  group_id: z.string(),
  brand_id: z.string(),
  integration_id: z.string(),
  state: PostState,
  publish_date: z.number(),
  blocks: json(z.array(StoredBlock)),
  settings: json(z.looseObject({ __type: z.string() })),
  comment_delays: z
    .string()
    .nullable()
    .transform((s) => (s === null ? null : z.array(z.number()).parse(JSON.parse(s)))),
  short_link: z.number().transform((n) => n !== 0),
  blocks_published: z.number(),
  next_block_at: z.number().nullable(),
  release_url: z.string().nullable(),
  published_at: z.number().nullable(),
  error: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type PostRecord = z.infer<typeof PostRow>;

/**
 * What a calendar list shows of a post: the scalar columns plus the first block's text and the
 * block count, worked out by SQLite. Reading only these keeps a month of posts cheap: no blocks or
 * settings JSON cross into JavaScript to be parsed, and libsql converts fewer values per row.
 */
const SummaryRow = z.object({
  id: z.string(),
  group_id: z.string(),
  integration_id: z.string(),
  state: PostState,
  publish_date: z.number(),
  first_content: z.string().nullable(),
  /** The thumbnail file of the first block's first media, when it is this service's own. */
  first_thumbnail: z.string().nullable(),
  block_count: z.number().int(),
  release_url: z.string().nullable(),
  published_at: z.number().nullable(),
  error: z.string().nullable(),
});
export type PostSummary = z.infer<typeof SummaryRow>;

/** The summary of a post already read whole, so one view serves both (`thumbnail`: its first media's thumbnail file). */
export function summaryOf(post: PostRecord, thumbnail: string | null): PostSummary {
  return {
    ...post,
    first_content: post.blocks[0]?.content ?? null,
    first_thumbnail: thumbnail,
    block_count: post.blocks.length,
  };
}

export interface NewPost {
  id: string;
  groupId: string;
  brandId: string;
  integrationId: string;
  state: PostState;
  publishDate: number;
  blocks: StoredBlock[];
  settings: { __type: string } & Record<string, unknown>;
  commentDelays: number[] | null;
  shortLink: boolean;
  blocksPublished?: number;
  releaseUrl?: string | null;
  publishedAt?: number | null;
  error?: string | null;
  createdAt?: number;
  /** The short links its text carries; they are deleted with the post. */
  shortLinks?: readonly NewShortLink[];
}

/** Posts: one row per platform copy; the rows of one create call share a group. */
export class PostStore {
  constructor(private readonly db: Db) {}

  /** Inserts the posts and their short links in one transaction: all of them or none. */
  insertMany(posts: readonly NewPost[]): void {
    const link = statement(
      this.db,
      'INSERT INTO short_links (code, url, created_at, post_id) VALUES (?, ?, ?, ?)',
    );
    const stmt = statement(
      this.db,
      `INSERT INTO posts (id, group_id, brand_id, integration_id, state, publish_date, blocks, settings, comment_delays,
        short_link, blocks_published, next_block_at, release_url, published_at, error, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`,
    );
    atomically(this.db, () => {
      for (const p of posts) {
        const created = p.createdAt ?? Date.now();
        stmt.run(
          p.id,
          p.groupId,
          p.brandId,
          p.integrationId,
          p.state,
          p.publishDate,
          JSON.stringify(p.blocks),
          JSON.stringify(p.settings),
          p.commentDelays === null ? null : JSON.stringify(p.commentDelays),
          p.shortLink ? 1 : 0,
          p.blocksPublished ?? 0,
          p.releaseUrl ?? null,
          p.publishedAt ?? null,
          p.error ?? null,
          created,
          created,
        );
        for (const l of p.shortLinks ?? []) link.run(l.code, l.url, created, p.id);
      }
    });
  }

  get(id: string): PostRecord | null {
    const raw = statement(this.db, 'SELECT * FROM posts WHERE id = ?').get(id);
    return raw === undefined ? null : PostRow.parse(raw);
  }

  /** Summaries of a brand's posts whose publish date lies in [start, end], in calendar order. */
  listByBrand(brandId: string, start: number, end: number): PostSummary[] {
    return statement(
      this.db,
      `SELECT id, group_id, integration_id, state, publish_date, json_extract(blocks, '$[0].content') AS first_content,
           (SELECT thumbnail_file FROM media WHERE media.id = json_extract(posts.blocks, '$[0].image[0].id')) AS first_thumbnail,
           json_array_length(blocks) AS block_count, release_url, published_at, error
         FROM posts WHERE brand_id = ? AND publish_date BETWEEN ? AND ? ORDER BY publish_date, id`,
    )
      .all(brandId, start, end)
      .map((r) => SummaryRow.parse(r));
  }

  /** Published posts of one account, newest first. */
  publishedByIntegration(integrationId: string): PostRecord[] {
    return statement(
      this.db,
      "SELECT * FROM posts WHERE integration_id = ? AND state = 'published' ORDER BY published_at DESC, id",
    )
      .all(integrationId)
      .map((r) => PostRow.parse(r));
  }

  /** Moves a post; false when there was no such post to move. */
  reschedule(id: string, publishDate: number, state: PostState): boolean {
    return (
      statement(
        this.db,
        'UPDATE posts SET publish_date = ?, state = ?, error = NULL, updated_at = ? WHERE id = ?',
      ).run(publishDate, state, Date.now(), id).changes > 0
    );
  }

  deleteGroup(brandId: string, groupId: string): number {
    return statement(this.db, 'DELETE FROM posts WHERE brand_id = ? AND group_id = ?').run(brandId, groupId)
      .changes;
  }

  /** Scheduled posts whose time has come, and threads whose next block is due. */
  due(now: number): PostRecord[] {
    return statement(
      this.db,
      `SELECT * FROM posts WHERE (state = 'scheduled' AND publish_date <= ?)
           OR (state = 'publishing' AND next_block_at IS NOT NULL AND next_block_at <= ?)
         ORDER BY publish_date, id`,
    )
      .all(now, now)
      .map((r) => PostRow.parse(r));
  }

  /**
   * Records one publishing step. Guarded by the state the caller saw, so a post deleted or moved
   * meanwhile is left alone; returns whether the step applied.
   */
  recordProgress(
    id: string,
    expected: { state: PostState; blocksPublished: number },
    next: {
      state: PostState;
      blocks: StoredBlock[];
      blocksPublished: number;
      nextBlockAt: number | null;
      releaseUrl: string | null;
      publishedAt: number | null;
      error: string | null;
    },
  ): boolean {
    return (
      statement(
        this.db,
        `UPDATE posts SET state = ?, blocks = ?, blocks_published = ?, next_block_at = ?, release_url = ?, published_at = ?,
             error = ?, updated_at = ? WHERE id = ? AND state = ? AND blocks_published = ?`,
      ).run(
        next.state,
        JSON.stringify(next.blocks),
        next.blocksPublished,
        next.nextBlockAt,
        next.releaseUrl,
        next.publishedAt,
        next.error,
        Date.now(),
        id,
        expected.state,
        expected.blocksPublished,
      ).changes === 1
    );
  }
}

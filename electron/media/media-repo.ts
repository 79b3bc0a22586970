import { z } from 'zod';
import {
  MediaObject,
  MediaRef,
  type PostCreateRequest,
  type PostCreateResultItem,
} from '../../shared/api/resources.js';
import { mediaKindFromPath } from '../../shared/platforms/validate.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow, parseRows } from '../store/rows.js';

/*
 * Media the service already stores, per profile and brand, so it can be
 * reused without uploading again. A file is known by the SHA-256 of its bytes (`contentHash`), a
 * link imported with upload-from-url by that link (`sourceUrl`), and every local file that was
 * uploaded as (or found to be) a media by its path (table media_files): that is how a draft's
 * local file finds its media once the upload is confirmed, even when two files hold the same
 * bytes and share one media.
 */

export interface MediaOrigin {
  kind: 'image' | 'video' | null;
  localPath: string | null;
  localSize: number | null;
  contentHash?: string | null;
  sourceUrl?: string | null;
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
}

export interface MediaRecord {
  media: MediaObject;
  kind: 'image' | 'video' | null;
  localPath: string | null;
  localSize: number | null;
  contentHash: string | null;
  sourceUrl: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  tags: string[];
  createdAt: string;
}

/** A post that uses a media, as far as this device knows (the posts it created or opened). */
export interface MediaUse {
  mediaId: string;
  postId: string;
  publishDate: string;
}

const int = z
  .union([z.number(), z.bigint()])
  .nullable()
  .transform((v) => (v === null ? null : Number(v)));

const Row = z
  .object({
    id: z.string(),
    kind: z.enum(['image', 'video']).nullable(),
    local_path: z.string().nullable(),
    local_size: int,
    media_json: jsonText(MediaObject),
    content_hash: z.string().nullable(),
    source_url: z.string().nullable(),
    width: int,
    height: int,
    duration_ms: int,
    tags_json: jsonText(z.array(z.string())),
    created_at: z.string(),
  })
  .transform((r): MediaRecord => ({
    media: r.media_json,
    kind: r.kind,
    localPath: r.local_path,
    localSize: r.local_size,
    contentHash: r.content_hash,
    sourceUrl: r.source_url,
    width: r.width,
    height: r.height,
    durationMs: r.duration_ms,
    tags: r.tags_json,
    createdAt: r.created_at,
  }));

const UseRow = z.object({ media_id: z.string(), post_id: z.string(), publish_date: z.string() });
const SeenRow = z.object({
  image_json: jsonText(MediaRef),
  block_text: z.unknown(),
  synced_at: z.string(),
});

/** A media a post read in full carries (GET /posts/:id), known by what the post says of it. */
export interface SeenMedia {
  media: MediaObject;
  seenAt: string;
}

/**
 * The service names a block's media by id and path only, and its file name is an id: the tile is
 * named by the post's words instead ("Picture in “Spring menu is…”"), as a person would say it.
 */
function mediaOfRef(ref: MediaRef, blockText: string | null): MediaObject {
  const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
  const what = mediaKindFromPath(ref) === 'video' ? 'Video' : 'Picture';
  const words = (blockText ?? '').replace(/\s+/g, ' ').trim();
  const quoted = words.length > 40 ? `${words.slice(0, 39).trimEnd()}…` : words;
  return {
    id: ref.id,
    name: text(ref['name']) ?? (quoted ? `${what} in “${quoted}”` : `${what} in a post`),
    path: ref.path,
    thumbnail: text(ref['thumbnail']) ?? ref.path,
    alt: text(ref['alt']),
  };
}

export class MediaRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(profileId: string, brandId: string): MediaRecord[] {
    const rows = this.db.sql
      .prepare('SELECT * FROM media WHERE profile_id = ? AND brand_id = ? ORDER BY created_at DESC, id')
      .all(profileId, brandId);
    return parseRows(this.db, 'media', Row, rows);
  }

  get(profileId: string, brandId: string, id: string): MediaRecord | null {
    const row = this.db.sql
      .prepare('SELECT * FROM media WHERE profile_id = ? AND brand_id = ? AND id = ?')
      .get(profileId, brandId, id);
    return parseRow(this.db, 'media', Row, row);
  }

  record(profileId: string, brandId: string, media: MediaObject, origin: MediaOrigin): MediaRecord {
    const at = this.now().toISOString();
    this.db.sql
      .prepare(
        `INSERT INTO media (profile_id, brand_id, id, kind, local_path, local_size, media_json, content_hash, source_url, width, height, duration_ms, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, brand_id, id) DO UPDATE SET media_json = excluded.media_json,
           kind = COALESCE(excluded.kind, media.kind), local_path = COALESCE(excluded.local_path, media.local_path),
           local_size = COALESCE(excluded.local_size, media.local_size),
           content_hash = COALESCE(excluded.content_hash, media.content_hash),
           source_url = COALESCE(excluded.source_url, media.source_url),
           width = COALESCE(excluded.width, media.width), height = COALESCE(excluded.height, media.height),
           duration_ms = COALESCE(excluded.duration_ms, media.duration_ms)`,
      )
      .run(
        profileId,
        brandId,
        media.id,
        origin.kind,
        origin.localPath,
        origin.localSize,
        JSON.stringify(media),
        origin.contentHash ?? null,
        origin.sourceUrl ?? null,
        origin.width ?? null,
        origin.height ?? null,
        origin.durationMs ?? null,
        at,
      );
    if (origin.localPath) this.linkFile(profileId, brandId, origin.localPath, media.id);
    return (
      this.get(profileId, brandId, media.id) ?? {
        media,
        kind: origin.kind,
        localPath: origin.localPath,
        localSize: origin.localSize,
        contentHash: origin.contentHash ?? null,
        sourceUrl: origin.sourceUrl ?? null,
        width: origin.width ?? null,
        height: origin.height ?? null,
        durationMs: origin.durationMs ?? null,
        tags: [],
        createdAt: at,
      }
    );
  }

  /**
   * A media the service no longer has, uploaded again as `media`: the new row takes the old one's
   * place (its tags, the files and the posts that pointed at it), so the library shows one tile, not two.
   */
  replace(
    profileId: string,
    brandId: string,
    oldId: string,
    media: MediaObject,
    origin: MediaOrigin,
  ): MediaRecord {
    return this.db.tx(() => {
      const old = this.get(profileId, brandId, oldId);
      this.db.sql
        .prepare('DELETE FROM media WHERE profile_id = ? AND brand_id = ? AND id = ?')
        .run(profileId, brandId, oldId);
      this.db.sql
        .prepare('UPDATE media_files SET media_id = ? WHERE profile_id = ? AND brand_id = ? AND media_id = ?')
        .run(media.id, profileId, brandId, oldId);
      // The posts that used the old copy show the same picture: the tile keeps counting them.
      this.db.sql
        .prepare(
          'UPDATE OR IGNORE media_uses SET media_id = ? WHERE profile_id = ? AND brand_id = ? AND media_id = ?',
        )
        .run(media.id, profileId, brandId, oldId);
      this.db.sql
        .prepare('DELETE FROM media_uses WHERE profile_id = ? AND brand_id = ? AND media_id = ?')
        .run(profileId, brandId, oldId);
      this.record(profileId, brandId, media, origin);
      if (old && old.tags.length > 0) this.setTags(profileId, brandId, media.id, old.tags);
      return this.get(profileId, brandId, media.id)!;
    });
  }

  /** The media holding exactly these bytes (SHA-256, hex), if this brand has one. */
  findByHash(profileId: string, brandId: string, contentHash: string): MediaRecord | null {
    const row = this.db.sql
      .prepare(
        'SELECT * FROM media WHERE profile_id = ? AND brand_id = ? AND content_hash = ? ORDER BY created_at DESC LIMIT 1',
      )
      .get(profileId, brandId, contentHash);
    return parseRow(this.db, 'media', Row, row);
  }

  /** The media the service made from this link (upload-from-url), if any. */
  findBySourceUrl(profileId: string, brandId: string, url: string): MediaRecord | null {
    const row = this.db.sql
      .prepare(
        'SELECT * FROM media WHERE profile_id = ? AND brand_id = ? AND source_url = ? ORDER BY created_at DESC LIMIT 1',
      )
      .get(profileId, brandId, url);
    return parseRow(this.db, 'media', Row, row);
  }

  /** The media this local file was uploaded as (or found to be), if any. */
  findByLocalPath(profileId: string, brandId: string, localPath: string): MediaRecord | null {
    const row = this.db.sql
      .prepare(
        `SELECT media.* FROM media_files f JOIN media ON media.profile_id = f.profile_id AND media.brand_id = f.brand_id AND media.id = f.media_id
         WHERE f.profile_id = ? AND f.brand_id = ? AND f.local_path = ?
         UNION ALL
         SELECT * FROM (SELECT * FROM media WHERE profile_id = ? AND brand_id = ? AND local_path = ? ORDER BY created_at DESC LIMIT 1)`,
      )
      .get(profileId, brandId, localPath, profileId, brandId, localPath);
    return parseRow(this.db, 'media', Row, row);
  }

  /** Tags are the user's own words for finding media; kept on this device only. */
  setTags(profileId: string, brandId: string, id: string, tags: readonly string[]): MediaRecord | null {
    this.db.sql
      .prepare('UPDATE media SET tags_json = ? WHERE profile_id = ? AND brand_id = ? AND id = ?')
      .run(JSON.stringify(tags), profileId, brandId, id);
    return this.get(profileId, brandId, id);
  }

  /** Remembers which posts use which media (a create this app sent, a post it read). */
  recordUses(profileId: string, brandId: string, uses: readonly { mediaId: string; postId: string }[]): void {
    const insert = this.db.sql.prepare(
      'INSERT OR IGNORE INTO media_uses (profile_id, brand_id, media_id, post_id) VALUES (?, ?, ?, ?)',
    );
    for (const u of uses) insert.run(profileId, brandId, u.mediaId, u.postId);
  }

  /** A post read in full says exactly which media it uses now: its earlier uses are replaced. */
  replaceUsesOfPost(profileId: string, brandId: string, postId: string, mediaIds: readonly string[]): void {
    this.db.tx(() => {
      this.db.sql
        .prepare('DELETE FROM media_uses WHERE profile_id = ? AND brand_id = ? AND post_id = ?')
        .run(profileId, brandId, postId);
      this.recordUses(
        profileId,
        brandId,
        mediaIds.map((mediaId) => ({ mediaId, postId })),
      );
    });
  }

  /** Uses of the brand's media by posts still in this device's copy of the calendar, newest first. */
  uses(profileId: string, brandId: string): MediaUse[] {
    const rows = this.db.sql
      .prepare(
        `SELECT u.media_id, u.post_id, p.publish_date FROM media_uses u
         JOIN posts p ON p.profile_id = u.profile_id AND p.brand_id = u.brand_id AND p.id = u.post_id
         WHERE u.profile_id = ? AND u.brand_id = ? ORDER BY p.publish_ms DESC`,
      )
      .all(profileId, brandId);
    return parseRows(this.db, 'media_uses', UseRow, rows).map((r) => ({
      mediaId: r.media_id,
      postId: r.post_id,
      publishDate: r.publish_date,
    }));
  }

  /**
   * Media in the blocks of the posts this device read in full (the post details it keeps), newest
   * read first, one entry per media: how media uploaded elsewhere reach the library.
   */
  seenInPosts(profileId: string, brandId: string): SeenMedia[] {
    const rows = this.db.sql
      .prepare(
        `SELECT img.value AS image_json, json_extract(b.value, '$.content') AS block_text, d.synced_at FROM post_details d,
           json_each(d.detail_json, '$.value') b, json_each(b.value, '$.image') img
         WHERE d.profile_id = ? AND d.brand_id = ? AND json_valid(d.detail_json)
         ORDER BY d.synced_at DESC, d.id`,
      )
      .all(profileId, brandId);
    const seen = new Map<string, SeenMedia>();
    for (const r of parseRows(this.db, 'post_details', SeenRow, rows)) {
      if (!seen.has(r.image_json.id))
        seen.set(r.image_json.id, {
          media: mediaOfRef(r.image_json, typeof r.block_text === 'string' ? r.block_text : null),
          seenAt: r.synced_at,
        });
    }
    return [...seen.values()];
  }

  private linkFile(profileId: string, brandId: string, localPath: string, mediaId: string): void {
    this.db.sql
      .prepare(
        `INSERT INTO media_files (profile_id, brand_id, local_path, media_id) VALUES (?, ?, ?, ?)
         ON CONFLICT (profile_id, brand_id, local_path) DO UPDATE SET media_id = excluded.media_id`,
      )
      .run(profileId, brandId, localPath, mediaId);
  }
}

/** Which media each created post uses: the images of the request's entry for its account. */
export function usesOfCreate(
  request: PostCreateRequest,
  results: readonly PostCreateResultItem[],
): { mediaId: string; postId: string }[] {
  return results.flatMap((r) => {
    const target = request.posts?.find((p) => p.integration.id === r.integration);
    const ids = new Set((target?.value ?? []).flatMap((b) => (b.image ?? []).map((i) => i.id)));
    return [...ids].map((mediaId) => ({ mediaId, postId: r.postId }));
  });
}

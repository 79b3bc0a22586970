import { z } from 'zod';
import { MediaObject } from '../../shared/api/resources.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow, parseRows } from '../store/rows.js';

/*
 * Media the service already stores, per profile and brand, so it can be
 * reused without uploading again; `localPath` ties an upload to the file it came from, which is
 * how a draft's local file finds its media once the upload is confirmed.
 */

export interface MediaRecord {
  media: MediaObject;
  kind: 'image' | 'video' | null;
  localPath: string | null;
  localSize: number | null;
  createdAt: string;
}

const Row = z
  .object({
    id: z.string(),
    kind: z.enum(['image', 'video']).nullable(),
    local_path: z.string().nullable(),
    local_size: z.union([z.number(), z.bigint()]).nullable(),
    media_json: jsonText(MediaObject),
    created_at: z.string(),
  })
  .transform((r): MediaRecord => ({
    media: r.media_json,
    kind: r.kind,
    localPath: r.local_path,
    localSize: r.local_size === null ? null : Number(r.local_size),
    createdAt: r.created_at,
  }));

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

  record(
    profileId: string,
    brandId: string,
    media: MediaObject,
    origin: { kind: 'image' | 'video' | null; localPath: string | null; localSize: number | null },
  ): MediaRecord {
    const at = this.now().toISOString();
    this.db.sql
      .prepare(
        `INSERT INTO media (profile_id, brand_id, id, kind, local_path, local_size, media_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (profile_id, brand_id, id) DO UPDATE SET media_json = excluded.media_json,
           kind = COALESCE(excluded.kind, media.kind), local_path = COALESCE(excluded.local_path, media.local_path),
           local_size = COALESCE(excluded.local_size, media.local_size)`,
      )
      .run(
        profileId,
        brandId,
        media.id,
        origin.kind,
        origin.localPath,
        origin.localSize,
        JSON.stringify(media),
        at,
      );
    return { media, ...origin, createdAt: at };
  }

  /** The newest media uploaded from this local file, if any. */
  findByLocalPath(profileId: string, brandId: string, localPath: string): MediaRecord | null {
    const row = this.db.sql
      .prepare(
        'SELECT * FROM media WHERE profile_id = ? AND brand_id = ? AND local_path = ? ORDER BY created_at DESC LIMIT 1',
      )
      .get(profileId, brandId, localPath);
    return parseRow(this.db, 'media', Row, row);
  }
}

import { z } from 'zod';
import type { MediaKind } from '../../shared/platforms/types.js';
import { scalar, type Db, statement } from './db.js';

const MediaRow = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  file: z.string(),
  thumbnail_file: z.string(),
  mime: z.string(),
  kind: z.enum(['image', 'video']),
  size: z.number(),
  alt: z.string().nullable(),
});
export type MediaRecord = z.infer<typeof MediaRow>;

/** Uploaded files: the row names the file under DATA_DIR/media; the URL is built when answering. */
export class MediaStore {
  constructor(private readonly db: Db) {}

  insert(m: MediaRecord & { kind: MediaKind }): void {
    statement(
      this.db,
      'INSERT INTO media (id, organization_id, name, file, thumbnail_file, mime, kind, size, alt, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      m.id,
      m.organization_id,
      m.name,
      m.file,
      m.thumbnail_file,
      m.mime,
      m.kind,
      m.size,
      m.alt,
      Date.now(),
    );
  }

  get(id: string): MediaRecord | null {
    const raw = statement(this.db, 'SELECT * FROM media WHERE id = ?').get(id);
    return raw === undefined ? null : MediaRow.parse(raw);
  }

  /** Bytes an organization stores (files only; thumbnails are the service's own cost). */
  usedBytes(organizationId: string): number {
    return Number(
      scalar(this.db, 'SELECT COALESCE(SUM(size), 0) FROM media WHERE organization_id = ?', organizationId),
    );
  }
}

import { z } from 'zod';
import type { AppDatabase } from './database.js';
import { jsonText, parseRow } from './rows.js';

/**
 * Small settings (window bounds, view preferences, the active profile), each
 * read through the caller's schema so a stale or hand-edited value falls back instead of crashing.
 */
export class SettingsRepo {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get<T extends z.ZodType>(key: string, schema: T): z.output<T> | null {
    const row = this.db.sql.prepare('SELECT key AS id, value_json FROM kv WHERE key = ?').get(key);
    const parsed = parseRow(this.db, 'kv', z.object({ value_json: jsonText(schema) }), row);
    return parsed ? parsed.value_json : null;
  }

  set(key: string, value: unknown): void {
    this.db.sql
      .prepare(
        `INSERT INTO kv (key, value_json, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json, updated_at = excluded.updated_at`,
      )
      .run(key, JSON.stringify(value), this.now().toISOString());
  }

  delete(key: string): void {
    this.db.sql.prepare('DELETE FROM kv WHERE key = ?').run(key);
  }
}

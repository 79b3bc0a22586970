import { z } from 'zod';
import type { AppDatabase } from './database.js';

/*
 * Every row read from disk goes through a schema: a file edited by hand, a
 * half-written value from an old bug or a disk error becomes a reported, skipped row, never a crash.
 */

/** A TEXT column holding JSON, parsed and then checked against `schema`. */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z.string().transform((text, ctx): z.output<T> => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not valid JSON' });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return parsed.data;
  });
}

/** SQLite stores booleans as 0/1. */
export const sqlBool = z.union([z.number(), z.bigint()]).transform((v) => Number(v) !== 0);
/** INTEGER columns may come back as bigint from some drivers. */
export const sqlInt = z.union([z.number(), z.bigint()]).transform((v) => Number(v));

/** Parses one row; a row that does not fit is reported and answered as null. */
export function parseRow<T extends z.ZodType>(
  db: AppDatabase,
  table: string,
  schema: T,
  row: unknown,
): z.output<T> | null {
  if (row === undefined || row === null) return null;
  const key = typeof row === 'object' && 'id' in row ? String((row as { id: unknown }).id) : '?';
  let parsed: ReturnType<T['safeParse']>;
  try {
    parsed = schema.safeParse(row) as ReturnType<T['safeParse']>;
  } catch (error) {
    // A transform that throws (a schema's parse() inside it) is a row that does not fit, too.
    db.reportCorrupt({ table, key, problem: error instanceof Error ? error.message : String(error) });
    return null;
  }
  if (parsed.success) return parsed.data as z.output<T>;
  const problem = parsed.error.issues.map((i) => `${i.path.join('.') || '(row)'}: ${i.message}`).join('; ');
  db.reportCorrupt({ table, key, problem });
  return null;
}

/** Parses many rows, keeping the good ones. */
export function parseRows<T extends z.ZodType>(
  db: AppDatabase,
  table: string,
  schema: T,
  rows: unknown[],
): z.output<T>[] {
  const out: z.output<T>[] = [];
  for (const row of rows) {
    const value = parseRow(db, table, schema, row);
    if (value !== null) out.push(value);
  }
  return out;
}

/** The brand-owned tables a row is deleted from by its id (a fixed list: the name goes into SQL). */
type BrandOwnedTable = 'evergreen_lists' | 'labels' | 'post_notes' | 'snippets';

/** Deletes one row of a brand by its id; another brand's row of the same id is never touched. */
export function deleteOwnedRow(
  db: AppDatabase,
  table: BrandOwnedTable,
  brand: { profileId: string; brandId: string },
  id: string,
): boolean {
  return (
    db.sql
      .prepare(`DELETE FROM ${table} WHERE profile_id = ? AND brand_id = ? AND id = ?`)
      .run(brand.profileId, brand.brandId, id).changes > 0
  );
}

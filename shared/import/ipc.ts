import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';
import { PlatformType } from '../platforms/types.js';
import { MAX_IMPORT_CELL_CHARS } from '../posts-file/columns.js';
import { FileToken } from '../ipc/models.js';
import { Id, m } from '../ipc/method.js';
import { PostsWritten } from '../posts/ipc.js';

/*
 * Bulk import: a CSV or JSON file of posts, read and checked in main in chunks (with importProgress
 * events), then sent through the outbox.
 */

/** One problem of an import row, on the column (or post field) it concerns. */
export const ImportProblem = z.object({ field: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;

/** One row of an import file, read and checked, before anything is sent. */
export const ImportRowView = z.object({
  index: z.number().int(),
  /** The file's cells by column name, as the user may edit them. */
  cells: z.record(z.string(), z.string()),
  text: z.string(),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), platform: PlatformType.nullable() })),
  date: IsoDateTime.nullable(),
  queue: z.boolean(),
  problems: z.array(ImportProblem),
  /** The same row (accounts, date, text) was imported before: importing it again creates nothing. */
  alreadyImported: z.boolean(),
});
export type ImportRowView = z.infer<typeof ImportRowView>;

export const ImportPreview = z.object({
  importId: z.string(),
  fileName: z.string(),
  columns: z.array(z.string()),
  timezone: z.string(),
  rows: z.array(ImportRowView),
  /** How the file was read: its text encoding (utf-8, utf-16le, utf-16be, windows-1252) and CSV delimiter (null: JSON). */
  encoding: z.string(),
  delimiter: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({
  created: z.number().int(),
  alreadyImported: z.number().int(),
  dropped: z.number().int(),
  failed: z.array(z.object({ index: z.number().int(), message: z.string() })),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const importMethods = {
  previewImport: m(
    z.object({ file: FileToken }),
    ImportPreview,
    'Reads a CSV or JSON file of posts and checks every row; nothing is sent.',
  ),
  editImportRow: m(
    z.object({
      importId: Id,
      index: z.number().int().min(0),
      cells: z.record(z.string().max(200), z.string().max(MAX_IMPORT_CELL_CHARS)),
    }),
    ImportRowView,
    'Changes cells of one previewed row and checks it again.',
  ),
  runImport: m(
    z.object({ importId: Id, drop: z.array(z.number().int().min(0)).max(100_000) }),
    ImportResult.extend(PostsWritten.shape),
    'Sends every kept row without problems through the outbox; rows imported before are skipped.',
  ),
} as const;

export const importEvents = {
  /** How far reading, checking or importing a file has come. */
  importProgress: z.object({
    importId: z.string(),
    phase: z.enum(['reading', 'checking', 'importing']),
    done: z.number().int(),
    total: z.number().int(),
  }),
} as const;

import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { z } from 'zod';
import { MAX_JSON_NESTING, nestsDeeperThan } from '../../shared/json/nesting.js';
import { AppFailure } from '../core/app-failure.js';
import { CsvError, readCsv, type CsvDelimiter } from './csv.js';
import { decodeText, type TextEncodingName } from './decode.js';

/*
 * Reads an import file (CSV, or JSON with the same fields) into rows of
 * named cells, the one shape the checks and the preview's cell editor work on.
 */

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

export interface ImportFile {
  fileName: string;
  columns: string[];
  rows: Record<string, string>[];
  /** How the bytes were read: the preview says it, so a wrong guess is visible. */
  encoding: TextEncodingName;
  /** The CSV delimiter found; null for JSON. */
  delimiter: CsvDelimiter | null;
}

const JsonCell = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);
const JsonRows = z.union([
  z.array(z.record(z.string(), JsonCell)),
  z.object({ posts: z.array(z.record(z.string(), JsonCell)) }).transform((o) => o.posts),
]);

/** A JSON value as the cell a CSV would hold: lists `;`-joined, a thread's blocks split by `---`, objects as JSON. */
function cellOf(key: string, value: z.infer<typeof JsonCell>): string {
  if (value === null) return '';
  if (Array.isArray(value)) {
    if (key === 'text' || key === 'blocks' || key === 'thread') return value.map(String).join('\n---\n');
    return value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(';');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function fromJson(text: string): { columns: string[]; rows: Record<string, string>[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `This JSON file cannot be read (${(err as Error).message}); check it in an editor.`,
    );
  }
  if (nestsDeeperThan(value, MAX_JSON_NESTING)) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `This JSON file nests lists or objects more than ${MAX_JSON_NESTING} levels deep; a post's fields need only a few.`,
    );
  }
  const parsed = JsonRows.safeParse(value);
  if (!parsed.success) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'A JSON import is a list of posts (or {"posts": [...]}), each an object of fields such as text, accounts and date.',
    );
  }
  const columns = new Set<string>();
  const rows = parsed.data.map((obj) => {
    const row: Record<string, string> = {};
    for (const [key, v] of Object.entries(obj)) {
      const name = key === 'blocks' || key === 'thread' ? 'text' : key;
      row[name] = cellOf(key, v);
      columns.add(name);
    }
    return row;
  });
  return { columns: [...columns], rows };
}

function fromCsv(text: string): {
  columns: string[];
  rows: Record<string, string>[];
  delimiter: CsvDelimiter;
} {
  let records: string[][];
  let delimiter: CsvDelimiter;
  try {
    ({ records, delimiter } = readCsv(text));
  } catch (err) {
    if (err instanceof CsvError) throw new AppFailure('INVALID_ARGUMENT', err.message);
    throw err;
  }
  const [header, ...body] = records;
  if (!header)
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'This CSV file is empty; its first line names the columns (text, accounts, date…).',
    );
  const columns = header.map((h) => h.trim());
  const rows = body.map((cells) => {
    const row: Record<string, string> = {};
    columns.forEach((c, i) => {
      if (c !== '') row[c] = cells[i] ?? '';
    });
    return row;
  });
  return { columns: columns.filter((c) => c !== ''), rows, delimiter };
}

/** Reads a CSV or JSON file of posts; a clear AppFailure for anything it cannot use. */
export async function readImportFile(path: string): Promise<ImportFile> {
  const ext = extname(path).toLowerCase();
  if (ext !== '.csv' && ext !== '.json') {
    throw new AppFailure('INVALID_ARGUMENT', 'Choose a .csv or .json file of posts.');
  }
  let info: Stats;
  try {
    info = await stat(path);
  } catch {
    throw new AppFailure('NOT_FOUND', 'This file cannot be opened; it may have been moved or deleted.');
  }
  // A pipe, a device or a folder named like a CSV would block the read or never end it.
  if (!info.isFile())
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'This is not a regular file; choose a .csv or .json file of posts.',
    );
  const size = info.size;
  if (size > MAX_IMPORT_BYTES)
    throw new AppFailure('INVALID_ARGUMENT', 'This file is larger than 50 MB; split it into smaller files.');
  const { text, encoding } = decodeText(await readFile(path));
  const { columns, rows, delimiter } =
    ext === '.json' ? { ...fromJson(text), delimiter: null } : fromCsv(text);
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `This file has ${rows.length} posts; import at most ${MAX_IMPORT_ROWS} at a time.`,
    );
  }
  return { fileName: basename(path), columns, rows, encoding, delimiter };
}

import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { MAX_JSON_NESTING, nestsDeeperThan } from '../../shared/json/nesting.js';
import { AppFailure } from '../core/app-failure.js';
import { CsvError, readCsv, type CsvDelimiter } from './csv.js';
import { decodeText, type TextEncodingName } from './decode.js';
import { NotRegularFileError, openRegularFile } from '../files/open-regular.js';
import { MAX_IMPORT_CELL_CHARS } from '../../shared/posts-file/columns.js';

/*
 * Reads an import file (CSV, or JSON with the same fields) into rows of
 * named cells, the one shape the checks and the preview's cell editor work on. Main opens the file
 * (once, checked as opened); the parsing runs in a worker thread (parse-worker.ts), so a hostile
 * file (a 40 MB cell, 200,000 keys) never holds main's event loop, and comes back in slices of rows.
 */

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;
/** Distinct columns a file may have (a post uses a few dozen at most: text_N, media_N, settings). */
export const MAX_IMPORT_COLUMNS = 500;
/** Rows the worker sends main in one message: each is a short task for main to take in. */
const ROWS_PER_MESSAGE = 250;
/** A worker that has not answered by then is stopped (the file is far past what a person writes). */
const PARSE_TIMEOUT_MS = 60_000;

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
  } catch {
    // JSON.parse's message quotes the file's text, which would reach the log: said without it.
    throw new AppFailure('INVALID_ARGUMENT', 'This JSON file is not valid JSON; check it in an editor.');
  }
  if (nestsDeeperThan(value, MAX_JSON_NESTING)) {
    throw new AppFailure(
      'INVALID_ARGUMENT',
      `This JSON file nests lists or objects more than ${MAX_JSON_NESTING} levels deep; a post's fields need only a few.`,
    );
  }
  const list = Array.isArray(value)
    ? (value as unknown[])
    : value && typeof value === 'object' && Array.isArray((value as { posts?: unknown }).posts)
      ? ((value as { posts: unknown[] }).posts as unknown[])
      : [];
  if (list.length > MAX_IMPORT_ROWS) throw tooManyRows(list.length);
  const keys = new Set<string>();
  for (const row of list) {
    if (!row || typeof row !== 'object') continue;
    for (const key in row) {
      keys.add(key);
      if (keys.size > MAX_IMPORT_COLUMNS) throw tooManyColumns();
    }
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
  if (header.length > MAX_IMPORT_COLUMNS) throw tooManyColumns();
  if (body.length > MAX_IMPORT_ROWS) throw tooManyRows(body.length);
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

const tooManyRows = (n: number) =>
  new AppFailure(
    'INVALID_ARGUMENT',
    `This file has ${n} posts; import at most ${MAX_IMPORT_ROWS} at a time.`,
  );
const tooManyColumns = () =>
  new AppFailure(
    'INVALID_ARGUMENT',
    `This file has more than ${MAX_IMPORT_COLUMNS} columns; a post needs a few (text, accounts, date…).`,
  );

export type ImportKind = 'csv' | 'json';
export type ParsedImport = Omit<ImportFile, 'fileName'>;

/**
 * Pure: a file's bytes as rows of cells, with the caps (rows, columns, characters a cell), in time
 * linear in the file. Runs in the parse worker; a clear AppFailure for anything it cannot use.
 */
export function parseImportBytes(bytes: Uint8Array, kind: ImportKind): ParsedImport {
  const { text, encoding } = decodeText(bytes);
  const { columns, rows, delimiter } =
    kind === 'json' ? { ...fromJson(text), delimiter: null } : fromCsv(text);
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows(rows.length);
  for (const [i, row] of rows.entries()) {
    for (const [column, cell] of Object.entries(row)) {
      if (cell.length > MAX_IMPORT_CELL_CHARS) {
        throw new AppFailure(
          'INVALID_ARGUMENT',
          `Row ${i + 1}'s ${column.slice(0, 40)} holds ${cell.length} characters; a cell may hold at most ${MAX_IMPORT_CELL_CHARS}.`,
        );
      }
    }
  }
  return { columns, rows, encoding, delimiter };
}

/** What the parse worker sends main, checked as it arrives (a boundary like any other). */
export const WorkerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('head'),
    columns: z.array(z.string()),
    encoding: z.enum(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']),
    delimiter: z.enum([',', ';', '\t']).nullable(),
    total: z.number().int(),
  }),
  z.object({ type: z.literal('rows'), rows: z.array(z.record(z.string(), z.string())) }),
  z.object({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), code: z.enum(['INVALID_ARGUMENT', 'INTERNAL']), message: z.string() }),
]);
export type WorkerMessage = z.infer<typeof WorkerMessage>;
export { ROWS_PER_MESSAGE };

/**
 * What the worker reads: the descriptor main opened and checked (threads share it), its size then,
 * and how to parse it. The bytes are read in the worker, so main never holds a 50 MB buffer (its
 * allocation alone made the collector stall main for a few hundred ms).
 */
export interface WorkerFile {
  fd: number;
  size: number;
  kind: ImportKind;
}

/** The worker built from source once per process (tests and the browser bridge run TypeScript). */
let builtFromSource: string | null = null;

/**
 * The parse worker: the bundle scripts/build.mjs puts beside main.cjs, or, when main runs from its
 * TypeScript sources (vitest, the e2e bridge), the same entry bundled on the spot with esbuild the
 * way the build does (a worker cannot load TypeScript by itself).
 */
async function startWorker(file: WorkerFile): Promise<Worker> {
  const here = import.meta.url;
  let url = new URL('./import-worker.cjs', here);
  if (here.endsWith('.ts')) {
    // A test run bundles it once before any test (test/support/import-worker-setup.ts).
    builtFromSource ??= process.env.POSTDECK_IMPORT_WORKER ?? null;
    if (!builtFromSource) {
      const { build } = await import('esbuild');
      const outfile = join(tmpdir(), `postdeck-import-worker-${process.pid}.cjs`);
      await build({
        entryPoints: [fileURLToPath(new URL('./parse-worker.ts', here))],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        logLevel: 'error',
      });
      builtFromSource = outfile;
    }
    url = pathToFileURL(builtFromSource);
  }
  return new Worker(url, { workerData: file, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
}

/** Parses in the worker; rows arrive in slices, each a short task here. */
async function parseOffThread(file: WorkerFile): Promise<ParsedImport> {
  const worker = await startWorker(file);
  return new Promise<ParsedImport>((resolve, reject) => {
    let head: Extract<WorkerMessage, { type: 'head' }> | null = null;
    const rows: Record<string, string>[] = [];
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else if (!head) reject(unreadable());
      else resolve({ columns: head.columns, rows, encoding: head.encoding, delimiter: head.delimiter });
    };
    const timer = setTimeout(() => finish(unreadable()), PARSE_TIMEOUT_MS);
    worker.on('message', (raw: unknown) => {
      const message = WorkerMessage.safeParse(raw);
      if (!message.success) return finish(unreadable());
      const m = message.data;
      if (m.type === 'head') head = m;
      else if (m.type === 'rows') for (const row of m.rows) rows.push(row);
      else if (m.type === 'done') finish(null);
      else finish(new AppFailure(m.code, m.message));
    });
    worker.on('error', () => finish(unreadable()));
    worker.on('exit', () => finish(unreadable()));
  });
}

const unreadable = () =>
  new AppFailure('INVALID_ARGUMENT', 'This file could not be read as posts; check it in an editor.');

/** Reads a CSV or JSON file of posts; a clear AppFailure for anything it cannot use. */
export async function readImportFile(path: string): Promise<ImportFile> {
  const ext = extname(path).toLowerCase();
  if (ext !== '.csv' && ext !== '.json') {
    throw new AppFailure('INVALID_ARGUMENT', 'Choose a .csv or .json file of posts.');
  }
  let opened;
  try {
    opened = await openRegularFile(path);
  } catch (error) {
    // A pipe, a device or a folder named like a CSV would block the read or never end it.
    if (error instanceof NotRegularFileError)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'This is not a regular file; choose a .csv or .json file of posts.',
      );
    throw new AppFailure('NOT_FOUND', 'This file cannot be opened; it may have been moved or deleted.');
  }
  const { handle, size } = opened;
  let parsed: ParsedImport;
  try {
    if (size > MAX_IMPORT_BYTES)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'This file is larger than 50 MB; split it into smaller files.',
      );
    parsed = await parseOffThread({ fd: handle.fd, size, kind: ext === '.json' ? 'json' : 'csv' });
  } finally {
    await handle.close();
  }
  return { fileName: basename(path), ...parsed };
}

import Libsql from 'libsql';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { createLogger } from '../log.js';
import { migrations } from './migrations.js';

/*
 * Opens the app's libsql file: WAL so readers never wait on the writer, a busy
 * timeout so a second connection (the test bridge, a crash-recovery child) waits instead of failing,
 * foreign keys on, and the numbered migrations applied each in its own transaction.
 */

const log = createLogger('store');

export type SqlDatabase = Libsql.Database;

/** A database file written by a newer Postdeck: opening it would risk corrupting it. */
export class DatabaseTooNewError extends Error {
  readonly fileVersion: number;
  readonly appVersion: number;
  constructor(fileVersion: number, appVersion: number) {
    super(
      `This data file was written by a newer version of Postdeck (schema ${fileVersion}; this app knows ${appVersion}). ` +
        'Update Postdeck to open it; nothing was changed.',
    );
    this.name = 'DatabaseTooNewError';
    this.fileVersion = fileVersion;
    this.appVersion = appVersion;
  }
}

/** A row on disk that no longer matches its schema; it is skipped and reported, never a crash. */
export interface CorruptRow {
  table: string;
  key: string;
  problem: string;
}

export interface AppDatabase {
  readonly sql: SqlDatabase;
  readonly path: string;
  /** Runs `fn` in one immediate transaction: every write inside lands together or not at all. */
  tx<T>(fn: () => T): T;
  /**
   * tx for writes that only copy what the service holds (a pull): committed without waiting for
   * the disk, which held main for hundreds of ms per commit on a busy disk. A power cut may lose
   * the last of them, at the cost of one more pull; SQLite keeps the order of commits, so the next
   * FULL one makes them durable too. Inside another transaction it joins it.
   */
  copyTx<T>(fn: () => T): T;
  /**
   * A counter in memory shared with a worker thread that writes the same file (the pull worker):
   * raised while this connection writes or waits to (every transaction, every statement run
   * outside one), so the worker starts no transaction meanwhile and this side waits at most for
   * the one it is in.
   */
  shareWriteIntent(flag: Int32Array): void;
  /** Called by repositories when a row fails its schema. */
  reportCorrupt(row: CorruptRow): void;
  /** Corrupt rows seen since the database was opened (for diagnostics and tests). */
  readonly corruptRows: readonly CorruptRow[];
  close(): void;
}

export interface OpenDatabaseOptions {
  busyTimeoutMs?: number;
  onCorruptRow?: (row: CorruptRow) => void;
}

export const SCHEMA_VERSION = migrations.length;

function readUserVersion(sql: SqlDatabase): number {
  const row = sql.prepare('PRAGMA user_version').get() as { user_version?: unknown } | undefined;
  const v = row?.user_version;
  return typeof v === 'number' ? v : Number(v ?? 0);
}

/** Applies every migration above the file's user_version, each one with its version bump atomically. */
function migrate(sql: SqlDatabase): void {
  const current = readUserVersion(sql);
  if (current > migrations.length) throw new DatabaseTooNewError(current, migrations.length);
  for (let version = current + 1; version <= migrations.length; version++) {
    const migration = migrations[version - 1];
    if (!migration) continue;
    sql.exec('BEGIN IMMEDIATE');
    try {
      sql.exec(migration.sql);
      sql.exec(`PRAGMA user_version = ${version}`);
      sql.exec('COMMIT');
    } catch (err) {
      sql.exec('ROLLBACK');
      throw new Error(
        `Could not upgrade the local data file to schema ${version} (${migration.name}): ${String(err)}`,
        {
          cause: err,
        },
      );
    }
    log.info(`migrated to schema ${version} (${migration.name})`);
  }
}

/**
 * The file holds every profile, draft and cached post: its folder is made 0700 and the file 0600,
 * also when an older version left them 0755/0644. The file is created 0600 before SQLite opens it,
 * because SQLite gives its -wal and -shm files the database's mode.
 */
function makePrivate(path: string): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) chmodSync(file, 0o600);
}

/** Statements kept at most; past it the kept ones are let go (SQL built per call stays bounded). */
const KEPT_STATEMENTS = 1_000;

/**
 * Keeps each prepared statement by its SQL text. The repositories prepare on every call, and in the
 * outbox's path preparing cost more than running (a profile of the fault run: 2.4–6 s of ~20 s of
 * CPU). Nothing in the app toggles a statement's raw or pluck mode or iterates one, so a kept
 * statement can serve every caller.
 */
function keepStatements(sql: SqlDatabase, guardRun: (run: () => unknown) => unknown): void {
  const kept = new Map<string, ReturnType<SqlDatabase['prepare']>>();
  const prepare = sql.prepare.bind(sql);
  sql.prepare = ((text: string) => {
    let statement = kept.get(text);
    if (!statement) {
      if (kept.size >= KEPT_STATEMENTS) kept.clear();
      statement = prepare(text);
      const run = statement.run.bind(statement) as (...args: unknown[]) => unknown;
      statement.run = ((...args: unknown[]) => guardRun(() => run(...args))) as typeof statement.run;
      kept.set(text, statement);
    }
    return statement;
  }) as SqlDatabase['prepare'];
}

/** Waits while another thread's connection raised its write intent (at most `maxMs`). */
export function waitForWriteIntent(flag: Int32Array, maxMs = 2_000): void {
  const until = performance.now() + maxMs;
  for (let v = Atomics.load(flag, 0); v !== 0; v = Atomics.load(flag, 0)) {
    const left = until - performance.now();
    if (left <= 0) return;
    Atomics.wait(flag, 0, v, Math.min(left, 50));
  }
}

/** Opens (creating when missing, with its folder) and migrates the database file at `path`. */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): AppDatabase {
  makePrivate(path);
  const sql = new Libsql(path, { timeout: options.busyTimeoutMs ?? 5000 });
  try {
    sql.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
    sql.exec('PRAGMA journal_mode = WAL');
    sql.exec('PRAGMA foreign_keys = ON');
    // FULL: a confirmed outbox change must survive a power cut, not only a crash.
    sql.exec('PRAGMA synchronous = FULL');
    migrate(sql);
  } catch (err) {
    sql.close();
    throw err;
  }
  const corruptRows: CorruptRow[] = [];
  let depth = 0;
  let intent: Int32Array | null = null;
  const raise = () => {
    if (intent) Atomics.add(intent, 0, 1);
  };
  const lower = () => {
    if (!intent) return;
    Atomics.sub(intent, 0, 1);
    Atomics.notify(intent, 0);
  };
  keepStatements(sql, (run) => {
    if (depth > 0 || !intent) return run();
    raise();
    try {
      return run();
    } finally {
      lower();
    }
  });
  return {
    sql,
    path,
    copyTx<T>(fn: () => T): T {
      if (depth > 0) return fn();
      sql.exec('PRAGMA synchronous = NORMAL');
      try {
        return this.tx(fn);
      } finally {
        sql.exec('PRAGMA synchronous = FULL');
      }
    },
    tx<T>(fn: () => T): T {
      // Nested calls join the outer transaction so repositories can be composed.
      if (depth > 0) return fn();
      raise();
      try {
        sql.exec('BEGIN IMMEDIATE');
      } catch (err) {
        lower();
        throw err;
      }
      depth++;
      try {
        const result = fn();
        sql.exec('COMMIT');
        return result;
      } catch (err) {
        if (sql.inTransaction) sql.exec('ROLLBACK');
        throw err;
      } finally {
        depth--;
        lower();
      }
    },
    shareWriteIntent(flag) {
      intent = flag;
    },
    reportCorrupt(row) {
      corruptRows.push(row);
      log.warn(`skipped a corrupt row in ${row.table} (${row.key}): ${row.problem}`);
      options.onCorruptRow?.(row);
    },
    corruptRows,
    close() {
      if (sql.open) sql.close();
    },
  };
}

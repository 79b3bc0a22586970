import Database from 'libsql';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { migrations } from './migrations.js';
import { makePrivateDir, makePrivateFiles, PRIVATE_FILE_MODE } from './private-files.js';

export type Db = InstanceType<typeof Database>;
type Statement = Database.Statement;

/** Raised when the data dir holds a database written by a newer version of this service. */
export class DatabaseTooNewError extends Error {
  constructor(found: number, known: number) {
    super(
      `The database in this data dir is at schema version ${found}, but this service knows only up to ${known}. ` +
        'Use a newer version of the service, or another data dir.',
    );
    this.name = 'DatabaseTooNewError';
  }
}

/**
 * Opens (creating when absent) `DATA_DIR/service.db` in WAL mode and brings its schema up to date:
 * each numbered migration runs in its own transaction together with its `user_version` bump, so a
 * crash never leaves a half-migrated file. A newer file is refused rather than misread.
 */
export function openDatabase(dataDir: string): Db {
  makePrivateDir(dataDir);
  const path = join(dataDir, 'service.db');
  // Created 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  makePrivateFiles([path, `${path}-wal`, `${path}-shm`]);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  // SQLite's default page cache is 2 MB, less than one month of a large calendar touches (a month of
  // 2,000 posts reads about 8 MB of pages, scattered as posts were written), so every list read went
  // back to the file. 32 MB keeps a few months in memory; it fills only as pages are read.
  db.pragma('cache_size = -32768');
  try {
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * Runs `fn` atomically. Inside an outer transaction it becomes a savepoint, so store methods that
 * are atomic on their own still compose into a larger unit (the seed is one).
 */
export function atomically<T>(db: Db, fn: () => T): T {
  const nested = db.inTransaction;
  db.exec(nested ? 'SAVEPOINT nested' : 'BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec(nested ? 'RELEASE nested' : 'COMMIT');
    return result;
  } catch (err) {
    db.exec(nested ? 'ROLLBACK TO nested; RELEASE nested' : 'ROLLBACK');
    throw err;
  }
}

const statements = new WeakMap<Db, Map<string, Statement>>();

/**
 * The statement for `sql`, prepared once per connection. libsql compiles the SQL again on every
 * `prepare`, which every request paid several times over (key, brand, accounts, posts).
 */
export function statement(db: Db, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let stmt = cache.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

/**
 * Changes whenever the database may have changed: SQLite's data_version moves when another
 * connection (the admin CLI, a benchmark's seeder) commits, total_changes() on every row this
 * connection inserts, updates or deletes, committed or not. Equal stamps mean equal data, so an
 * answer computed under one stamp can be served again while the stamp holds.
 */
export function changeStamp(db: Db): string {
  const row = statement(db, 'SELECT data_version, total_changes() FROM pragma_data_version').raw().get();
  if (!Array.isArray(row)) throw new Error('SQLite answered no change stamp');
  return `${String(row[0])}:${String(row[1])}`;
}

/** The first column of the first row, or undefined (libsql's `pluck()` does not pluck). */
export function scalar(db: Db, sql: string, ...params: unknown[]): unknown {
  const row = db
    .prepare(sql)
    .raw()
    .get(...params);
  return Array.isArray(row) ? row[0] : undefined;
}

function migrate(db: Db): void {
  const current = Number(scalar(db, 'PRAGMA user_version'));
  if (current > migrations.length) throw new DatabaseTooNewError(current, migrations.length);
  for (let v = current; v < migrations.length; v++) {
    const sql = migrations[v] as string;
    atomically(db, () => {
      db.exec(sql);
      db.pragma(`user_version = ${v + 1}`);
    });
  }
}

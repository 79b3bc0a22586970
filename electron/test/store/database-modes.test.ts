import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../store/database.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** The app's database holds profiles, drafts and the cache of every post: only its user may read it. */
describe("the app's database file is private to its user", () => {
  it.each([
    ['a new folder', false],
    ['a folder and file an older version left 0755/0644', true],
  ])('in %s: folder 0700, database and its WAL files 0600', (_what, older) => {
    const parent = mkdtempSync(join(tmpdir(), 'postdeck-modes-'));
    dirs.push(parent);
    const folder = join(parent, 'Postdeck');
    const path = join(folder, 'postdeck.db');
    mkdirSync(folder, { recursive: true }); // as the app makes its data folder, with the umask's mode
    if (older) {
      openDatabase(path).close();
      chmodSync(folder, 0o755);
      chmodSync(path, 0o644);
    }
    const db = openDatabase(path);
    try {
      db.tx(() => db.sql.exec('PRAGMA user_version = user_version'));
      expect(modeOf(folder)).toBe('700');
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        if (file === path || existsSync(file)) expect(modeOf(file), file).toBe('600');
      }
      expect(existsSync(`${path}-wal`)).toBe(true);
    } finally {
      db.close();
    }
  });
});

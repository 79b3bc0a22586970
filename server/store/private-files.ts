import { chmodSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The data dir holds the keys (sandbox.json), every post and every upload: only its user may read
 * it. Files are written 0600 and dirs made 0700 whatever the umask, and what an older version left
 * open (0755, 0644) is tightened at start.
 */

export const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents) and makes it 0700, also when it already existed. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes each of these files 0600; missing ones are skipped. */
export function makePrivateFiles(paths: readonly string[]): void {
  for (const path of paths) if (existsSync(path)) chmodSync(path, PRIVATE_FILE_MODE);
}

/** Makes every file directly in `dir` 0600. */
export function makeDirFilesPrivate(dir: string): void {
  makePrivateFiles(readdirSync(dir).map((name) => join(dir, name)));
}

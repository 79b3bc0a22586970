import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/*
 * Whether the electron package has its binary (it has none
 * after ELECTRON_SKIP_BINARY_DOWNLOAD): then the specs run against the browser bridge instead.
 * Answered from the package's files (path.txt names the binary under dist/), never by requiring
 * the package: since Electron 45 that starts a download when the binary is missing.
 */

function electronPackageDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

export function installedElectron(packageDir: string | null = electronPackageDir()): string | null {
  if (!packageDir) return null;
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

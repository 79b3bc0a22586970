import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/*
 * Runs in the Playwright test process. The electron npm package exports the path of its binary,
 * and throws when the binary was never downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD): then the specs
 * run against the browser bridge instead.
 */

export function installedElectron(): string | null {
  try {
    const path: unknown = createRequire(import.meta.url)('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

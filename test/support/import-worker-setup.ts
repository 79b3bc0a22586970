import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

/*
 * vitest globalSetup: bundles the import parse worker once, as scripts/build.mjs does for the app,
 * and tells main's code where it is (POSTDECK_IMPORT_WORKER). Without it, main run from sources
 * bundles the worker on its first import, and esbuild's start-up (a synchronous version check of
 * its binary) held the test's event loop for over a second.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const outfile = join(tmpdir(), `postdeck-import-worker-${process.pid}.cjs`);
  await build({
    entryPoints: ['electron/import/parse-worker.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'error',
  });
  process.env.POSTDECK_IMPORT_WORKER = outfile;
  return async () => {
    await rm(outfile, { force: true });
  };
}

import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { bundlePullWorker } from '../../electron/sync/pull-worker-bundle.js';

/*
 * vitest globalSetup: bundles the import parse worker (and the pull worker) once, as scripts/build.mjs does for the app,
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
  // The pull worker likewise (electron/sync/pull-thread.ts).
  const pullWorker = join(tmpdir(), `postdeck-pull-worker-${process.pid}.cjs`);
  await bundlePullWorker(pullWorker);
  process.env.POSTDECK_PULL_WORKER = pullWorker;
  return async () => {
    await rm(outfile, { force: true });
    await rm(pullWorker, { force: true });
  };
}

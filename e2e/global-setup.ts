import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { bundlePullWorker } from '../electron/sync/pull-worker-bundle.js';
import { installedElectron } from './support/electron-binary.js';

/*
 * Builds what the specs load, fresh for every run so a spec never meets a stale build. The bridge
 * gets its own private copy of the renderer, so parallel runs in one checkout never collide; real
 * Electron needs the whole app in dist/.
 */
export default async function globalSetup(): Promise<void> {
  if (installedElectron()) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    return;
  }
  const outDir = join(mkdtempSync(join(tmpdir(), 'postdeck-e2e-renderer-')), 'renderer');
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false },
  });
  process.env.POSTDECK_E2E_RENDERER_DIR = outDir;
  // The bridge runs main from its sources: its pull worker is bundled once here, not at a spec's
  // first pull (esbuild's start-up holds the process for a second).
  const pullWorker = join(outDir, '..', 'pull-worker.cjs');
  await bundlePullWorker(pullWorker);
  process.env.POSTDECK_PULL_WORKER = pullWorker;
}

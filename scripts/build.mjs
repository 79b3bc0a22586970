// Builds what Electron loads: the renderer (vite) into dist/renderer, and the main process and
// preload (esbuild) into dist/electron. Any failure exits non-zero with the reason.
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild } from 'vite';
import { build as esbuild } from 'esbuild';
import { NODE_TARGET } from './electron-targets.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
// What is built is what ships: React's production build, whatever the caller's NODE_ENV. Vite
// follows NODE_ENV, and a build started from a test runner (NODE_ENV=test) bundled React's
// development build: a first bundle of 803 KB instead of 470 KB, and an app.asar past its budget.
process.env.NODE_ENV = 'production';
// Tests build into a temporary folder of their own, so they never race a build in dist/.
const out = process.env.POSTDECK_DIST_DIR ? resolve(process.env.POSTDECK_DIST_DIR) : 'dist';

// Native modules and packages that read their own files at run time stay in node_modules.
const MAIN_EXTERNALS = [
  'electron',
  // Only main run from its TypeScript sources (tests) builds its import worker with esbuild.
  'esbuild',
  'keytar',
  'libsql',
  '@libsql/*',
  'sharp',
  '@img/*',
  '@fastify/swagger-ui',
  '@fastify/static',
  'fsevents',
  'bufferutil',
  'utf-8-validate',
  'pino-pretty',
];

async function buildRenderer() {
  await viteBuild({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    build: { outDir: resolve(out, 'renderer') },
  });
  console.log(`renderer -> ${join(out, 'renderer')}`);
}

/** One Node bundle for main's process (main itself, and the import and pull workers beside it). */
async function bundleForMain(entry, outfile) {
  await esbuild({
    entryPoints: [entry],
    outfile: join(out, outfile),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: NODE_TARGET,
    sourcemap: true,
    // Whitespace and syntax only, names kept (stack traces in the log still name every function):
    // main's bundles shrink by a third, so the packaged app stays small and main parses it faster.
    minifyWhitespace: true,
    minifySyntax: true,
    keepNames: true,
    external: MAIN_EXTERNALS,
    // ESM sources use import.meta.url; in the CommonJS bundle it is derived from __filename.
    define: { 'import.meta.url': '__postdeckImportMetaUrl' },
    banner: { js: "const __postdeckImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
  });
}

async function buildMain() {
  await bundleForMain('electron/main.ts', 'electron/main.cjs');
  console.log(`main -> ${join(out, 'electron/main.cjs')}`);
  // The import parse worker, beside main.cjs, where electron/import/import-file.ts looks for it.
  await bundleForMain('electron/import/parse-worker.ts', 'electron/import-worker.cjs');
  console.log(`import worker -> ${join(out, 'electron/import-worker.cjs')}`);
  // The pull worker, beside main.cjs, where electron/sync/pull-thread.ts looks for it.
  await bundleForMain('electron/sync/pull-worker.ts', 'electron/pull-worker.cjs');
  console.log(`pull worker -> ${join(out, 'electron/pull-worker.cjs')}`);
}

async function buildPreload() {
  // A sandboxed preload can require only 'electron' (and a few built-ins): everything else is bundled.
  await esbuild({
    entryPoints: ['electron/preload.ts'],
    outfile: join(out, 'electron/preload.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: NODE_TARGET,
    sourcemap: true,
    external: ['electron'],
    logLevel: 'warning',
  });
  console.log(`preload -> ${join(out, 'electron/preload.cjs')}`);
}

/**
 * A page main writes for someone outside the app (renderer/review-pack/, renderer/client-report/):
 * one script and one stylesheet beside main.cjs, which main inlines into every file it writes
 * (electron/desktop/offline-page.ts).
 */
async function buildOfflinePage(name, what) {
  await esbuild({
    entryPoints: { [name]: `renderer/${name}/main.tsx` },
    outdir: join(out, 'electron'),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    logLevel: 'warning',
  });
  console.log(`${what} page -> ${join(out, `electron/${name}.js`)}`);
}

async function main() {
  await rm(join(out, 'electron'), { recursive: true, force: true });
  await buildRenderer();
  await buildMain();
  await buildPreload();
  await buildOfflinePage('review-pack', 'review pack');
  await buildOfflinePage('client-report', 'client report');
}

main().catch((error) => {
  console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

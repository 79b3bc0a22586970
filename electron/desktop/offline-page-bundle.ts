import type { OfflinePageAssets } from './offline-page.js';

/*
 * Bundles a page written for someone outside the app (renderer/review-pack/,
 * renderer/client-report/) into one script and one stylesheet, the way scripts/build.mjs does for
 * the app's build. Used by main run from its sources (tests, the
 * e2e bridge); the built app reads the files the build wrote.
 */
export async function bundleOfflinePage(entry: string): Promise<OfflinePageAssets> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    minify: true,
    outdir: 'offline-page',
    define: { 'process.env.NODE_ENV': '"production"' },
    jsx: 'automatic',
    loader: { '.svg': 'dataurl', '.png': 'dataurl', '.woff2': 'dataurl' },
    logLevel: 'error',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '';
  const css = result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  return { js, css };
}

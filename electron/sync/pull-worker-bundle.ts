import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/*
 * Bundles the pull worker from its TypeScript source, as scripts/build.mjs does for the app, for
 * main run from its sources (vitest, the e2e bridge, the benches): a worker cannot load TypeScript.
 * The bundle may be written anywhere (a temporary folder): libsql, a native module, is required by
 * its absolute path in this checkout.
 */
export async function bundlePullWorker(outfile: string): Promise<void> {
  const { build } = await import('esbuild');
  const require = createRequire(import.meta.url);
  await build({
    entryPoints: [fileURLToPath(new URL('./pull-worker.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'error',
    define: { 'import.meta.url': '__postdeckImportMetaUrl' },
    banner: { js: "const __postdeckImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [
      {
        name: 'native-from-checkout',
        setup(b) {
          b.onResolve({ filter: /^libsql$/ }, (args) => ({
            path: require.resolve(args.path),
            external: true,
          }));
        },
      },
    ],
  });
}

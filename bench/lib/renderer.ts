import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { serveStatic } from '../../e2e/support/static-server.js';
import { BENCH_DIR } from './results.js';

/*
 * Runs under Node (tsx). The app's renderer as users get it (vite.config.ts, a production build)
 * in a folder of its own, served over loopback: what the benches that open the real app load
 * through the test bridge.
 */

export interface ServedRenderer {
  url: string;
  /** Stops serving, and removes the build unless it was handed in. */
  close(): Promise<void>;
}

/**
 * Builds and serves the renderer. `reuseDir`: one built before (BENCH_RENDERER_DIR), served as it
 * is and kept; `minify: false` keeps function names for a CPU profile.
 */
export async function serveBuiltRenderer(
  o: { reuseDir?: string | undefined; minify?: boolean } = {},
): Promise<ServedRenderer> {
  const parent = o.reuseDir ? null : mkdtempSync(join(tmpdir(), 'postdeck-bench-renderer-'));
  const dir = o.reuseDir ?? join(parent!, 'renderer');
  if (!o.reuseDir)
    await build({
      configFile: join(BENCH_DIR, '..', 'vite.config.ts'),
      logLevel: 'warn',
      build: {
        outDir: dir,
        emptyOutDir: true,
        sourcemap: false,
        ...(o.minify === false ? { minify: false } : {}),
      },
    });
  const server = await serveStatic(dir);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      if (parent) rmSync(parent, { recursive: true, force: true });
    },
  };
}

/**
 * The longest task (ms, 0 when none reached 50 ms) that started at or after `from` (page clock),
 * from the long tasks a page's init script keeps in `window.__benchClock.tasks`.
 */
export async function longestTaskSince(page: Page, from: number): Promise<number> {
  return page.evaluate(
    (since) =>
      Math.max(
        0,
        ...(
          window as unknown as { __benchClock: { tasks: { start: number; ms: number }[] } }
        ).__benchClock.tasks
          .filter((t) => t.start >= since)
          .map((t) => t.ms),
      ),
    from,
  );
}

import { defineConfig } from 'vitest/config';
import { shareShiftedClock } from './test/support/shifted-clock.mjs';

// E2E_NOW (an ISO instant) runs the suites that seed the sandbox under one shifted, ticking clock.
shareShiftedClock();

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'server/**/*.test.ts',
      'electron/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'test/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    pool: 'forks',
    // Bundles the import parse worker once (main run from its sources cannot load it as TypeScript).
    globalSetup: ['test/support/import-worker-setup.ts'],
  },
});

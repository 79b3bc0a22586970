import { defineConfig } from '@playwright/test';
import { debianChromium } from './e2e/support/debian-chromium.js';
import { shareShiftedClock } from './test/support/shifted-clock.mjs';

// E2E_NOW (an ISO instant) runs every spec, the service and main under one shifted, ticking clock.
shareShiftedClock();

/**
 * The specs whose sandbox posts depend on the day (the service seeds its month around "now"): they
 * run again at the instants where dates break, each under one clock shared by the service, main
 * and the page (e2e/fixtures.ts `clockAt`).
 */
const DATE_BOUND = /\/(calendar[\w-]*|composer[\w-]*|queue|grid-planner|evergreen|series)\.spec\.ts$/;
export const CLOCK_RUNS = [
  { name: 'the last evening of a month', at: '2026-11-30T22:30:00Z' },
  { name: "Europe's spring DST change", at: '2027-03-28T00:30:00Z' },
  { name: "New Year's Eve", at: '2026-12-31T23:10:00Z' },
];

/*
 * End-to-end specs: the real renderer against the real main-process services and the real local
 * service. `e2e/fixtures.ts` picks real Electron when its binary is installed, else Debian's
 * Chromium with the browser bridge. Every test has its own service, data folders and keychain
 * namespace, so two workers run side by side (`--project now` runs only today's clock).
 */
export default defineConfig<{ clockAt: string | undefined }>({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: debianChromium,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
  },
  projects: [
    { name: 'now' },
    ...CLOCK_RUNS.map(({ name, at }) => ({
      name: `${at} (${name})`,
      testMatch: DATE_BOUND,
      use: { clockAt: at },
    })),
  ],
});

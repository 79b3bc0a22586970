import { defineConfig } from '@playwright/test';
import { debianChromium } from './e2e/support/debian-chromium.js';

/*
 * End-to-end specs: the real renderer against the real main-process services and the real local
 * service. `e2e/fixtures.ts` picks real Electron when its binary is installed, else Debian's
 * Chromium with the browser bridge.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 1,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: debianChromium,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
  },
});

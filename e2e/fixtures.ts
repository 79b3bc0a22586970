import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  test as base,
  expect,
  _electron,
  type Browser,
  type ElectronApplication,
  type Page,
  type TestInfo,
} from '@playwright/test';
import keytar from 'keytar';
import type { IpcResult } from '../shared/ipc/errors.js';
import { createAppServices, type AppServices } from '../electron/app-services.js';
import { setLogSink } from '../electron/log.js';
import { openLogFile } from '../electron/logs/log-file.js';
import { createSandboxStarter } from '../electron/profiles/sandbox.js';
import { KeytarSecretStore } from '../electron/secrets/keytar-secret-store.js';
import { startService, type RunningService } from '../server/index.js';
import { sandboxKey, type SandboxFile, type SandboxKeyLabel } from '../server/sandbox-file.js';
import { clockForChild, clockIsShifted, setClockAt } from '../test/support/shifted-clock.mjs';
import { attachBridge } from './support/bridge.js';
import { printWithChromium } from './support/print-pdf.js';
import { installedElectron } from './support/electron-binary.js';
import { serveStatic } from './support/static-server.js';

/*
 * One fixture, two hosts: real Electron when its binary is
 * installed, otherwise Debian's Chromium with `window.api` bridged to the real main-process services
 * running here. Specs use `page`, `service` and `connectWithSandboxKey` and never know which.
 * Every test gets its own local service, data folders and keychain namespace.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ELECTRON = installedElectron();

/** The local Social Publishing service this test's app talks to. */
export interface TestService {
  baseUrl: string;
  origin: string;
  cdnUrl: string;
  sandbox: SandboxFile;
  /** The token of a seeded sandbox key, by its label (`full-test`, `revoked`, `posts-read`…). */
  key(label: SandboxKeyLabel): string;
  /** The brands a seeded key may act on, first one first (the service needs one in every call). */
  brandsOf(label: SandboxKeyLabel): { id: string; name: string }[];
  /** Takes the service off the network, as a lost connection would. */
  stop(): Promise<void>;
  /** Brings it back on the same address with the same data. */
  start(): Promise<void>;
}

/**
 * POST /posts straight to the service, as another client of the brand would: the `full-test` key
 * on its first brand, unless another brand is named.
 */
/** The sandbox's first brand and its connected X account: the account most specs post through. */
export function firstBrandX(service: TestService) {
  const brand = service.sandbox.organizations[0]!.brands[0]!;
  return { brand, x: brand.integrations.find((i) => i.platform === 'x' && !i.disconnected)! };
}

export function createOnService(service: TestService, body: unknown, brandId?: string): Promise<Response> {
  return fetch(`${service.baseUrl}/posts`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${service.key('full-test')}`,
      'x-brand-id': brandId ?? service.brandsOf('full-test')[0]!.id,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

/** The app under test, whichever host runs it. */
export interface TestApp {
  host: 'electron' | 'bridge';
  page: Page;
  /** The main-process services, where they run in this process (the bridge); null under Electron. */
  services: AppServices | null;
  /** Every IPC result the page received (the bridge records them); null under Electron. */
  ipcResults: IpcResult<unknown>[] | null;
  /** The method of every call the page made (the bridge records them); null under Electron. */
  ipcCalls: string[] | null;
  /** Every event main sent the page (the bridge records them); null under Electron. */
  ipcEvents: { name: string; payload: unknown }[] | null;
  /** Every line the main-process services logged (the bridge records them); null under Electron. */
  mainLog: string[] | null;
  /** Where exports are saved without a dialog (bridge: the test's folder); null under Electron. */
  exportsDir: string | null;
  /** Every path main was asked to show in the file manager (bridge: recorded, not shown); null under Electron. */
  shownInFolder: string[] | null;
  /** Makes a file on disk droppable/choosable under its base name (Electron knows paths itself). */
  registerFile(path: string, name: string): Promise<void>;
}

interface TestFixtures {
  service: TestService;
  app: TestApp;
  services: AppServices | null;
  ipcResults: IpcResult<unknown>[] | null;
  ipcCalls: string[] | null;
  ipcEvents: { name: string; payload: unknown }[] | null;
  mainLog: string[] | null;
  /** Connects the app with a seeded sandbox key (default `full-test`) and waits for the shell. */
  connectWithSandboxKey(label?: SandboxKeyLabel): Promise<void>;
  /** How often main pulls the recent ranges again (bridge only): a spec that counts calls sets it. */
  pullEveryMs: number | undefined;
  /**
   * The OS's 12/24-hour setting main reports (bridge only). Default null: the browser's language
   * decides, so the specs read the same times whatever clock the machine running them shows.
   */
  systemHour12: boolean | null;
}

interface WorkerFixtures {
  bridgeBrowser: Browser | null;
  rendererUrl: string | null;
  /**
   * The instant this worker's clock starts at (a project's option: playwright.config.ts runs the
   * date-bound specs at a month's end, a DST change and New Year's Eve). Unset: E2E_NOW, else the
   * real time.
   */
  clockAt: string | undefined;
  /** Shifts this worker's clock (the service, main and, per test, the page) to `clockAt`. */
  runClock: number;
}

const launchService = async (dataDir: string): Promise<RunningService> =>
  startService({ dataDir, port: 0, host: '127.0.0.1', log: false });

export const test = base.extend<TestFixtures, WorkerFixtures>({
  clockAt: [undefined, { scope: 'worker', option: true }],
  runClock: [
    async ({ clockAt }, use) => use(clockAt ? setClockAt(clockAt) : 0),
    { scope: 'worker', auto: true },
  ],

  bridgeBrowser: [
    async ({ playwright, launchOptions }, use) => {
      if (ELECTRON) return use(null);
      const browser = await playwright.chromium.launch(launchOptions);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],

  rendererUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const dir = process.env.POSTDECK_E2E_RENDERER_DIR;
      if (ELECTRON || !dir) return use(null);
      const server = await serveStatic(dir);
      await use(server.url);
      await server.close();
    },
    { scope: 'worker' },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  service: async ({}, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'postdeck-e2e-service-'));
    const first = await launchService(dataDir);
    const port = Number(new URL(first.origin).port);
    let running: RunningService | null = first;
    await use({
      baseUrl: first.baseUrl,
      origin: first.origin,
      cdnUrl: first.cdnUrl,
      sandbox: first.sandbox,
      key: (label) => sandboxKey(first.sandbox, label).token,
      brandsOf: (label) => brandsOf(first.sandbox, label),
      stop: async () => {
        await running?.close();
        running = null;
      },
      start: async () => {
        running ??= await startService({ dataDir, port, host: '127.0.0.1', log: false });
      },
    });
    await running?.close();
    await rm(dataDir, { recursive: true, force: true });
  },

  // Depends on `service` so the app is torn down first and never talks to a stopped service.
  pullEveryMs: [undefined, { option: true }],
  systemHour12: [null, { option: true }],

  app: async (
    { bridgeBrowser, rendererUrl, viewport, pullEveryMs, systemHour12, service: _service },
    use,
    testInfo,
  ) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'postdeck-e2e-app-'));
    try {
      if (ELECTRON) await runInElectron(ELECTRON, dataDir, use);
      else
        await runInBridge(bridgeBrowser, rendererUrl, viewport, dataDir, testInfo, use, {
          pullEveryMs,
          systemHour12,
        });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  },

  page: async ({ app }, use) => use(app.page),
  services: async ({ app }, use) => use(app.services),
  ipcResults: async ({ app }, use) => use(app.ipcResults),
  ipcCalls: async ({ app }, use) => use(app.ipcCalls),
  ipcEvents: async ({ app }, use) => use(app.ipcEvents),
  mainLog: async ({ app }, use) => use(app.mainLog),

  connectWithSandboxKey: async ({ app, service }, use) => {
    await use(async (label = 'full-test') => {
      const result = await app.page.evaluate((input) => window.api.connectProfile(input), {
        baseUrl: service.baseUrl,
        apiKey: service.key(label),
        brandId: service.brandsOf(label)[0]?.id,
      });
      if (!result.ok) throw new Error(`Connecting with the "${label}" key failed: ${result.error.message}`);
      await app.page.reload();
      await expect(app.page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    });
  },
});

export { expect };

function brandsOf(sandbox: SandboxFile, label: SandboxKeyLabel): { id: string; name: string }[] {
  const key = sandboxKey(sandbox, label);
  const org = sandbox.organizations.find((o) => o.id === key.organizationId);
  return (org?.brands ?? [])
    .filter((b) => key.brandIds === null || key.brandIds.includes(b.id))
    .map(({ id, name }) => ({ id, name }));
}

/** The real app: main.ts builds the same services inside Electron, in a fresh user-data folder. */
async function runInElectron(executablePath: string, dataDir: string, use: (app: TestApp) => Promise<void>) {
  const electronApp: ElectronApplication = await _electron.launch({
    executablePath,
    // Chromium's switch, honoured by Electron: app.getPath('userData') becomes this fresh folder.
    args: [ROOT, `--user-data-dir=${dataDir}`],
    env: { ...process.env, POSTDECK_USER_DATA_DIR: dataDir, ...clockForChild() },
  });
  try {
    const page = await electronApp.firstWindow();
    if (clockIsShifted()) {
      await electronApp.context().clock.install({ time: Date.now() });
      await page.reload();
    }
    await use({
      host: 'electron',
      page,
      services: null,
      ipcResults: null,
      ipcCalls: null,
      ipcEvents: null,
      mainLog: null,
      exportsDir: null,
      shownInFolder: null,
      registerFile: async () => undefined,
    });
  } finally {
    await electronApp.close();
  }
}

/** The browser bridge: the real services here, the real renderer in Chromium, the contract between. */
async function runInBridge(
  browser: Browser | null,
  rendererUrl: string | null,
  viewport: { width: number; height: number } | null,
  dataDir: string,
  testInfo: TestInfo,
  use: (app: TestApp) => Promise<void>,
  { pullEveryMs, systemHour12 }: { pullEveryMs: number | undefined; systemHour12: boolean | null },
) {
  if (!browser || !rendererUrl) {
    throw new Error(
      'The renderer was not built for the bridge: run the specs with `npx playwright test` (its global setup builds it).',
    );
  }
  // A keychain namespace of its own, so tests never see each other's keys.
  const keychainService = `Postdeck-e2e-${randomUUID()}`;
  const secretStore = new KeytarSecretStore({ service: keychainService });
  if (process.env.POSTDECK_REQUIRE_KEYCHAIN === '1' && !(await secretStore.available())) {
    throw new Error(
      'No unlocked keychain: run the specs inside dbus-run-session with gnome-keyring (scripts/test.sh).',
    );
  }
  // Main's log lines go to this test (attached to its report when it fails), not to the runner's output.
  const mainLog: string[] = [];
  // And to a real log file, as in the app, for the diagnostics view.
  const logFile = openLogFile(join(dataDir, 'logs'));
  const restoreLog = setLogSink((level, line) => {
    mainLog.push(`${level.toUpperCase()} ${line}`);
    logFile.write(level, line);
  }, 'debug');
  // The same built-in sandbox main.ts starts, in this test's folder.
  const sandbox = createSandboxStarter(join(dataDir, 'sandbox'));
  // Electron's userData folder always exists; this one is made the same way.
  const appDir = join(dataDir, 'app');
  await mkdir(appDir, { recursive: true });
  const exportsDir = join(dataDir, 'exports');
  const shownInFolder: string[] = [];
  const services = await createAppServices({
    dataDir: appDir,
    secretStore,
    startSandbox: () => sandbox.start(),
    diagnostics: { appVersion: 'e2e', versions: process.versions, logFile },
    // The save dialog answers the suggested name in this test's folder.
    chooseSavePath: async ({ defaultName }) => join(exportsDir, defaultName),
    // The folder dialog of monthly reports answers a folder of this test.
    chooseFolder: async () => {
      const folder = join(exportsDir, 'monthly reports');
      await mkdir(folder, { recursive: true });
      return folder;
    },
    showInFolder: (path) => void shownInFolder.push(path),
    // A review pack's PDF: Chromium's page.pdf() stands in for Electron's printToPDF, offline.
    printToPdf: (html) => printWithChromium(browser, html),
    ...(pullEveryMs ? { pullEveryMs } : {}),
    systemClock: async () => ({ hour12: systemHour12 }),
  });
  const context = await browser.newContext({ viewport });
  try {
    // The page keeps the run's clock (E2E_NOW or the project's): this process's Date is shifted, and ticks.
    if (clockIsShifted()) await context.clock.install({ time: Date.now() });
    const page = await context.newPage();
    const bridge = await attachBridge(context, page, services);
    await page.goto(rendererUrl);
    await use({
      host: 'bridge',
      page,
      services,
      ipcResults: bridge.results,
      ipcCalls: bridge.calls,
      ipcEvents: bridge.events,
      mainLog,
      exportsDir,
      shownInFolder,
      registerFile: bridge.registerFile,
    });
    bridge.dispose();
  } finally {
    await context.close();
    await services.close();
    await sandbox.stop();
    for (const { account } of await keytar.findCredentials(keychainService).catch(() => [])) {
      await keytar.deletePassword(keychainService, account).catch(() => false);
    }
    restoreLog();
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('main-process.log', { body: mainLog.join('\n'), contentType: 'text/plain' });
    }
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcEventName, IpcInput, IpcMethodName, IpcOutput } from '../../../shared/ipc/contract.js';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import { createAppServices, type AppServicesOptions } from '../../app-services.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';
import { afterAll, beforeAll } from 'vitest';
import { startTestService, type TestService } from './service.js';

/*
 * The app's services connected to the real local service, called through
 * invoke() as the renderer calls them, for every suite that drives the app as the window does.
 */

export async function openConnectedApp(svc: TestService, extra: Partial<AppServicesOptions> = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-queue-'));
  const services = await createAppServices({
    dataDir: dir,
    secretStore: new MemorySecretStore(),
    apiTimeoutMs: 10_000,
    ...extra,
  });
  const events: { name: IpcEventName; payload: unknown }[] = [];
  services.onEvent((name, payload) => events.push({ name, payload }));
  const call = async <K extends IpcMethodName>(name: K, input: IpcInput<K> | Record<string, never> = {}) => {
    return services.invoke(name, input);
  };
  const ok = async <K extends IpcMethodName>(
    name: K,
    input: IpcInput<K> | Record<string, never> = {},
  ): Promise<IpcOutput<K>> => {
    const result = await call(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
    return result.value as IpcOutput<K>;
  };
  const fails = async <K extends IpcMethodName>(name: K, input: IpcInput<K>) => {
    const result = await call(name, input);
    if (result.ok) throw new Error(`${name} unexpectedly succeeded`);
    return result.error;
  };
  /** A file the user chose (as the dialog or a drop would register it): its token. */
  const chosen = async (path: string): Promise<string> => {
    const result = await services.registerFile({ path });
    if (!result.ok)
      throw new Error(`registering ${path} failed: ${result.error.code} ${result.error.message}`);
    return result.value.token;
  };
  /** Why choosing a file and previewing it as an import fails (at either step). */
  const previewFails = async (path: string) => {
    const registered = await services.registerFile({ path });
    if (!registered.ok) return registered.error;
    return fails('previewImport', { file: registered.value.token });
  };
  await ok('connectProfile', {
    baseUrl: svc.service.baseUrl,
    apiKey: svc.token('full-test'),
    brandId: svc.brandIds[0],
  });
  // Main learns the brand's accounts from a wide pull of its posts right after connecting.
  let accounts = await ok('listIntegrations');
  for (const deadline = Date.now() + 30_000; accounts.length === 0 && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 50));
    accounts = await ok('listIntegrations');
  }
  /** Connected accounts whose platform needs no media or settings: plain text posts pass. */
  const textAccounts: IntegrationView[] = accounts.filter(
    (a) =>
      !a.disconnected &&
      a.platform !== null &&
      ['x', 'linkedin', 'threads', 'bluesky', 'facebook', 'linkedin-page'].includes(a.platform),
  );
  /** The coming `days`' posts of one account, as the calendar lists them. */
  const postsOf = async (integrationId: string, days = 91) => {
    const start = Date.now();
    const { posts } = await ok('listPosts', {
      start: new Date(start).toISOString(),
      end: new Date(start + days * 86_400_000).toISOString(),
    });
    return posts.filter((p) => p.integration.id === integrationId);
  };
  return {
    services,
    events,
    postsOf,
    call,
    ok,
    fails,
    chosen,
    previewFails,
    accounts,
    textAccounts,
    close: async () => {
      await services.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type ConnectedApp = Awaited<ReturnType<typeof openConnectedApp>>;

/** A suite's running service, its connected app, the X account (else the first text one) and a folder. */
export interface ConnectedSuite {
  svc: TestService;
  app: ConnectedApp;
  acc: IntegrationView;
  /** A folder of the suite's own, removed after it: the app's saves land here, numbered. */
  dir: string;
}

/**
 * Starts the local service and a connected app before the suite's tests and closes both after,
 * so a suite names only what it checks. `saves`: "Save as…" writes into the suite's folder; else
 * the folder is the app's data folder.
 */
export function connectedSuite(name: string, o: { saves?: boolean } = {}): ConnectedSuite {
  const suite = {} as ConnectedSuite;
  beforeAll(async () => {
    suite.svc = await startTestService();
    suite.dir = await mkdtemp(join(tmpdir(), `postdeck-${name}-`));
    let n = 0;
    suite.app = await openConnectedApp(
      suite.svc,
      o.saves
        ? { chooseSavePath: async ({ defaultName }) => join(suite.dir, `${n++}-${defaultName}`) }
        : { dataDir: suite.dir },
    );
    suite.acc =
      suite.app.textAccounts.find((a) => a.platform === 'x') ??
      (suite.app.textAccounts[0] as IntegrationView);
  }, 60_000);
  afterAll(async () => {
    await suite.app?.close();
    await suite.svc?.close();
    if (suite.dir) await rm(suite.dir, { recursive: true, force: true });
  });
  return suite;
}

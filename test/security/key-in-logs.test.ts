import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppServices, type AppServices } from '../../electron/app-services.js';
import { setLogSink } from '../../electron/log.js';
import { MemorySecretStore } from '../../electron/secrets/memory-secret-store.js';
import { startTestService, type TestService } from '../../electron/test/support/service.js';

/*
 * The key never reaches a log. The real services connect to the real local service with sandbox
 * keys, succeed, fail in every way a user can make them fail (refused key, unreachable address,
 * a key pasted into the wrong field), and every line they write (the logger at debug level, and
 * anything printed to the console around it) is searched for the keys.
 */

let svc: TestService;
let services: AppServices;
let dataDir: string;
const lines: string[] = [];
const answers: unknown[] = [];
let restoreLog: () => void;

beforeAll(async () => {
  svc = await startTestService();
  dataDir = await mkdtemp(join(tmpdir(), 'postdeck-security-logs-'));
  restoreLog = setLogSink((level, line) => lines.push(`${level} ${line}`), 'debug');
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(`console.${method} ${args.map(String).join(' ')}`);
    });
  }
  services = await createAppServices({ dataDir, secretStore: new MemorySecretStore(), apiTimeoutMs: 3_000 });
});

afterAll(async () => {
  await services?.close();
  restoreLog?.();
  vi.restoreAllMocks();
  await svc?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const call = async (name: string, input?: unknown) => {
  const answer = await services.invoke(name, input, { caller: 'test' });
  answers.push(answer);
  return answer;
};

describe('API keys in logs', () => {
  it('never appear, whatever the user did', async () => {
    const good = svc.token('full-test');
    const live = svc.token('full-live');
    const revoked = svc.token('revoked');
    const brandId = svc.brandIds[0];

    // Refused, unreachable, a key in the address, a live key over plain http to a remote host.
    expect(
      await call('connectProfile', { baseUrl: svc.service.baseUrl, apiKey: revoked, brandId }),
    ).toMatchObject({ ok: false });
    expect(
      await call('connectProfile', { baseUrl: 'http://127.0.0.1:9/v1', apiKey: good, brandId }),
    ).toMatchObject({ ok: false });
    expect(
      await call('connectProfile', { baseUrl: `${svc.service.baseUrl}/${good}`, apiKey: good, brandId }),
    ).toMatchObject({ ok: false });
    expect(
      await call('connectProfile', { baseUrl: 'http://postdeck.example/v1', apiKey: live, brandId }),
    ).toMatchObject({ ok: false });
    // A key pasted where a label or a brand id goes.
    await call('connectProfile', {
      baseUrl: svc.service.baseUrl,
      apiKey: revoked,
      label: good,
      brandId: live,
    });

    // Connected, then the ordinary calls, then keys pasted where ids go.
    const connected = await call('connectProfile', { baseUrl: svc.service.baseUrl, apiKey: good, brandId });
    expect(connected).toMatchObject({ ok: true });
    await call('getMe');
    await call('listBrands');
    await call('listPosts', {
      start: new Date(Date.now() - 7 * 86_400_000).toISOString(),
      end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    await call('syncNow');
    await call('getPost', { id: live });
    await call('switchBrand', { brandId: good });
    await call('addIntegration', { id: live, platform: 'x' });
    await call('getProfileAnalytics', { integrationId: good });
    expect(
      await call('replaceKey', {
        profileId: (connected as { value: { id: string } }).value.id,
        apiKey: revoked,
      }),
    ).toMatchObject({ ok: false });

    // The capture works: failures were logged, at least the refused connection.
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('\n')).toMatch(/connectProfile answered/);

    const everything = lines.join('\n');
    const returned = JSON.stringify(answers);
    for (const key of [good, live, revoked]) {
      // The secret part alone too, in case a prefix were stripped or the key split across a line.
      for (const text of [key, key.slice(9), key.slice(-16)]) {
        expect(everything).not.toContain(text);
        expect(returned).not.toContain(text);
      }
    }
  });
});

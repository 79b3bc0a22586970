import { homedir } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../app-services.js';
import { openLogFile } from '../../logs/log-file.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';

/* The About / diagnostics calls through the same gate as the renderer's, with a real log file. */

let dir: string;
let services: AppServices | null = null;
beforeEach(async () => {
  // Under the home folder, so the view's ~ shortening shows.
  dir = await mkdtemp(join(homedir(), '.postdeck-diagnostics-test-'));
});
afterEach(async () => {
  await services?.close();
  services = null;
  await rm(dir, { recursive: true, force: true });
});

describe('diagnostics', () => {
  it('answers versions, the folder with ~ and the last lines, and opens the folder', async () => {
    const logFile = openLogFile(join(dir, 'logs'));
    for (let i = 0; i < 250; i++) logFile.write('info', `line ${i} pst_live_Tail${i}Key`);
    const opened: string[] = [];
    services = await createAppServices({
      dataDir: join(dir, 'data'),
      secretStore: new MemorySecretStore(),
      diagnostics: {
        appVersion: '1.2.3',
        versions: { node: '24.21.0', electron: '45.4.1', chrome: '156.0.1' },
        logFile,
      },
      openFolder: async (path) => {
        opened.push(path);
      },
    });
    const result = await services.invoke('getDiagnostics', {});
    if (!result.ok) throw new Error(result.error.message);
    const value = result.value as {
      versions: Record<string, string | null>;
      logFolder: string;
      logLines: string[];
    };
    expect(value.versions).toMatchObject({
      app: '1.2.3',
      electron: '45.4.1',
      chromium: '156.0.1',
      node: '24.21.0',
    });
    expect(value.logFolder).toMatch(/^~\/\.postdeck-diagnostics-test-.*\/logs$/);
    expect(value.logLines).toHaveLength(200);
    expect(value.logLines.at(-1)).toBe('line 249 pst_live_[redacted]');
    expect(await services.invoke('openLogsFolder', {})).toEqual({ ok: true, value: { opened: true } });
    expect(opened).toEqual([join(dir, 'logs')]);
  });

  it('says nothing was opened where there is no log file or no file manager', async () => {
    services = await createAppServices({ dataDir: join(dir, 'data'), secretStore: new MemorySecretStore() });
    expect(await services.invoke('openLogsFolder', {})).toEqual({ ok: true, value: { opened: false } });
    const result = await services.invoke('getDiagnostics', {});
    expect(result).toMatchObject({
      ok: true,
      value: { logFolder: null, logLines: [], versions: { electron: null } },
    });
  });
});

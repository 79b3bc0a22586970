import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DesktopSettings } from '../../../shared/desktop/ipc.js';
import { createAppServices, type AppServices } from '../../app-services.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';

/* The desktop settings and main's open requests, through the renderer's gate, on a real libsql file. */

let dir: string;
let services: AppServices | null = null;
let applied: DesktopSettings[];
const open = () =>
  createAppServices({
    dataDir: dir,
    secretStore: new MemorySecretStore(),
    applyDesktopSettings: (s) => applied.push(s),
  });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postdeck-desktop-settings-'));
  applied = [];
});
afterEach(async () => {
  await services?.close();
  services = null;
  await rm(dir, { recursive: true, force: true });
});

describe('desktop settings', () => {
  it('start as: keep running in the background on, open at login off', async () => {
    services = await open();
    expect(await services.invoke('getDesktopSettings', {})).toEqual({
      ok: true,
      value: { keepRunningInBackground: true, openAtLogin: false },
    });
  });

  it('are applied by main when changed, and kept across restarts', async () => {
    services = await open();
    const changed = await services.invoke('setDesktopSettings', { openAtLogin: true });
    expect(changed).toEqual({ ok: true, value: { keepRunningInBackground: true, openAtLogin: true } });
    expect(applied).toEqual([{ keepRunningInBackground: true, openAtLogin: true }]);
    await services.invoke('setDesktopSettings', { keepRunningInBackground: false });
    await services.close();
    services = await open();
    expect(services.desktopSettings()).toEqual({ keepRunningInBackground: false, openAtLogin: true });
  });

  it('refuse what is not a setting', async () => {
    services = await open();
    const result = await services.invoke('setDesktopSettings', { openAtLogin: 'yes' });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(applied).toEqual([]);
  });
});

describe('open requests', () => {
  it('are taken once by the window, the latest replacing an earlier one, with an event to ask', async () => {
    services = await open();
    const events: string[] = [];
    services.onEvent((name) => events.push(name));
    services.requestOpen({ kind: 'post', postId: 'p1' });
    services.requestOpen({ kind: 'compose', text: 'Hello' });
    expect(events.filter((e) => e === 'openRequested')).toHaveLength(2);
    expect(await services.invoke('takeOpenRequest', {})).toEqual({
      ok: true,
      value: { request: { kind: 'compose', text: 'Hello' } },
    });
    expect(await services.invoke('takeOpenRequest', {})).toEqual({ ok: true, value: { request: null } });
  });
});

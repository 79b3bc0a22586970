import { describe, expect, it, vi } from 'vitest';
import {
  IPC_EVENT_NAMES,
  IPC_METHOD_NAMES,
  methodChannel,
  eventChannel,
  REGISTER_FILE_CHANNEL,
} from '../shared/ipc/contract.js';
import { installWindowApi, type BridgeWindow } from '../e2e/support/bridge.js';

/*
 * `window.api` has two hosts: the preload in Electron, and the browser bridge the end-to-end tests
 * put in Chromium when there is no Electron binary. The page must not be able to tell them apart,
 * so the same contract checks run against both: the preload with Electron's modules stood in for,
 * the bridge's page script with Node's globalThis as its window.
 */

type Api = Record<string, (...args: never[]) => unknown>;

interface Host {
  name: string;
  /** Builds the host's window.api; main answers every call with `{ ok: true, value: { method } }`. */
  api(): Promise<Api>;
  /** The calls main received, as [method, input]. */
  calls: [string, unknown][];
  /** The paths main was asked to register as chosen by the user (what fileToken sends main). */
  registered: string[];
  /** Main sends an event to the page (on the channel an event of that name would use). */
  emit(event: string, payload: unknown): void;
}

// The preload: Electron's contextBridge, ipcRenderer and webUtils stood in for.
const exposed = new Map<string, unknown>();
const ipcListeners = new Map<string, ((event: unknown, payload: unknown) => void)[]>();
const preloadCalls: [string, unknown][] = [];
const preloadRegistered: string[] = [];
/** The token main answers for a registered file in these tests. */
const TOKEN = `file_${'A'.repeat(43)}`;
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  ipcRenderer: {
    invoke: async (channel: string, input: unknown) => {
      if (channel === REGISTER_FILE_CHANNEL) {
        preloadRegistered.push((input as { path: string }).path);
        return { ok: true, value: { token: TOKEN } };
      }
      const method = IPC_METHOD_NAMES.find((name) => methodChannel(name) === channel) ?? channel;
      preloadCalls.push([method, input]);
      return { ok: true, value: { method } };
    },
    on: (channel: string, fn: (event: unknown, payload: unknown) => void) =>
      ipcListeners.set(channel, [...(ipcListeners.get(channel) ?? []), fn]),
    removeListener: (channel: string, fn: unknown) =>
      ipcListeners.set(
        channel,
        (ipcListeners.get(channel) ?? []).filter((f) => f !== fn),
      ),
  },
  webUtils: { getPathForFile: (file: { name: string }) => `/home/me/${file.name}` },
}));

const preload: Host = {
  name: 'the preload (Electron)',
  api: async () => {
    await import('../electron/preload.js');
    return exposed.get('api') as Api;
  },
  calls: preloadCalls,
  registered: preloadRegistered,
  emit: (event, payload) => {
    for (const fn of ipcListeners.get(eventChannel(event as never)) ?? []) fn({}, payload);
  },
};

// The bridge: its page script run with globalThis as the page, main's side a recorder.
const page = globalThis as unknown as BridgeWindow;
const bridgeCalls: [string, unknown][] = [];
const bridgeRegistered: string[] = [];
const bridge: Host = {
  name: 'the browser bridge (Playwright)',
  api: async () => {
    if (!('api' in globalThis)) {
      page.__postdeckInvoke = async (method, input) => {
        bridgeCalls.push([method, input]);
        return JSON.stringify({ ok: true, value: { method } });
      };
      // The test host knows the files it made choosable; it registers the chosen one with main.
      page.__postdeckRegisterFile = async (name) => {
        if (name !== 'clip.mp4') return null;
        bridgeRegistered.push('/home/me/clip.mp4');
        return TOKEN;
      };
      installWindowApi({ methods: IPC_METHOD_NAMES, events: IPC_EVENT_NAMES });
    }
    return page.api as Api;
  },
  calls: bridgeCalls,
  registered: bridgeRegistered,
  emit: (event, payload) => page.__postdeckEmit?.(event, payload),
};

describe.each([preload, bridge])('window.api from $name', (host) => {
  it('has exactly the contract methods plus on and fileToken, and no raw IPC', async () => {
    const api = await host.api();
    expect(Object.keys(api).sort()).toEqual([...IPC_METHOD_NAMES, 'on', 'fileToken'].sort());
    for (const raw of ['invoke', 'send', 'sendSync', 'ipcRenderer']) expect(api[raw]).toBeUndefined();
  });

  it('sends each method to main with its input as given, and answers with what main answered', async () => {
    const api = await host.api();
    host.calls.length = 0;
    for (const name of IPC_METHOD_NAMES) {
      const call = api[name] as (input: unknown) => Promise<unknown>;
      expect(await call({ probe: name })).toEqual({ ok: true, value: { method: name } });
    }
    expect(host.calls).toEqual(IPC_METHOD_NAMES.map((name) => [name, { probe: name }]));
  });

  it('delivers an event to its listeners until they unsubscribe', async () => {
    const api = await host.api();
    const on = api.on as (event: string, listener: (payload: unknown) => void) => () => void;
    const got: unknown[] = [];
    const off = on('postsChanged', (payload) => got.push(payload));
    const payload = { brandId: 'brand_1', range: null, update: null };
    host.emit('postsChanged', payload);
    off();
    host.emit('postsChanged', { brandId: 'brand_2', range: null, update: null });
    expect(got).toEqual([payload]);
  });

  it('an unknown event subscribes to nothing and returns a no-op, without throwing', async () => {
    const api = await host.api();
    const on = api.on as (event: string, listener: (payload: unknown) => void) => () => void;
    const got: unknown[] = [];
    const off = on('notAnEvent', (payload) => got.push(payload));
    expect(typeof off).toBe('function');
    expect(() => off()).not.toThrow();
    host.emit('notAnEvent', { sneaky: true });
    expect(got).toEqual([]);
  });

  it('gives a chosen file a token from main, never its path or its bytes', async () => {
    const api = await host.api();
    const fileToken = api.fileToken as (file: File) => Promise<unknown>;
    expect(await fileToken(new File([], 'clip.mp4'))).toBe(TOKEN);
    expect(host.registered).toEqual(['/home/me/clip.mp4']);
    // No method of window.api carried the path.
    expect(JSON.stringify(host.calls)).not.toContain('/home/me');
  });
});

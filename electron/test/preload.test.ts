import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  eventChannel,
  IPC_METHOD_NAMES,
  methodChannel,
  REGISTER_FILE_CHANNEL,
} from '../../shared/ipc/contract.js';

/*
 * The preload under plain Node: Electron's modules are stood in for (there is no Electron binary
 * here), and we check what the page would receive as window.api.
 */

const exposed = new Map<string, unknown>();
const invoke = vi.fn(async (channel: string, input: unknown) =>
  channel === REGISTER_FILE_CHANNEL
    ? { ok: true, value: { token: `file_${'B'.repeat(43)}` } }
    : { ok: true, value: { channel, input } },
);
const listeners = new Map<string, ((event: unknown, payload: unknown) => void)[]>();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
  ipcRenderer: {
    invoke,
    on: (channel: string, fn: (event: unknown, payload: unknown) => void) =>
      listeners.set(channel, [...(listeners.get(channel) ?? []), fn]),
    removeListener: (channel: string, fn: unknown) =>
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((f) => f !== fn),
      ),
  },
  webUtils: { getPathForFile: (file: { name: string }) => `/home/me/${file.name}` },
}));

type Api = Record<string, (...args: unknown[]) => unknown>;
let api: Api;

beforeAll(async () => {
  await import('../preload.js');
  api = exposed.get('api') as Api;
});

describe('window.api from the preload', () => {
  it('has exactly the contract methods plus on and fileToken, and no raw IPC', () => {
    expect(Object.keys(api).sort()).toEqual([...IPC_METHOD_NAMES, 'on', 'fileToken'].sort());
    for (const raw of ['invoke', 'send', 'sendSync', 'ipcRenderer']) expect(api[raw]).toBeUndefined();
  });

  it('sends each method on its own channel with the input as given', async () => {
    for (const name of IPC_METHOD_NAMES) {
      const answer = await api[name]!({ probe: name });
      expect(answer).toEqual({ ok: true, value: { channel: methodChannel(name), input: { probe: name } } });
    }
    expect(invoke).toHaveBeenCalledTimes(IPC_METHOD_NAMES.length);
  });

  it('subscribes to events and unsubscribes', () => {
    const got: unknown[] = [];
    const off = api.on!('postsChanged', (p: unknown) => got.push(p)) as () => void;
    const channel = eventChannel('postsChanged');
    const payload = { brandId: 'brand_1', range: null, update: null };
    listeners.get(channel)!.forEach((fn) => fn({}, payload));
    off();
    expect(listeners.get(channel)).toEqual([]);
    expect(got).toEqual([payload]);
    const noop = api.on!('notAnEvent', () => undefined) as () => void;
    expect(listeners.has('event:notAnEvent')).toBe(false);
    noop();
  });

  it("registers a chosen file's path with main and gives the page only the token", async () => {
    invoke.mockClear();
    expect(await api.fileToken!(new File([], 'clip.mp4'))).toBe(`file_${'B'.repeat(43)}`);
    expect(invoke).toHaveBeenCalledWith(REGISTER_FILE_CHANNEL, { path: '/home/me/clip.mp4' });
    // Something the page made up is not a File: nothing is registered.
    invoke.mockClear();
    expect(await api.fileToken!({ name: 'clip.mp4' })).toBeNull();
    expect(await api.fileToken!('/etc/passwd')).toBeNull();
    expect(invoke).not.toHaveBeenCalled();
  });
});

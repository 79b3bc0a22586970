import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcEventName } from '../../../shared/ipc/contract.js';
import type { IpcResult } from '../../../shared/ipc/errors.js';

/*
 * The background wiring with Electron stood in at its API boundary (app, Tray, Menu, dialog): the
 * last window closing, the badge and tray following sync, the question before quitting.
 */

const electron = vi.hoisted(() => {
  const appListeners = new Map<string, (() => void)[]>();
  const state = {
    badge: -1,
    tooltip: '',
    menu: [] as { label?: string; click?: () => void }[],
    quits: 0,
    dialogAnswer: 0,
    dialogs: [] as { message: string; buttons: string[] }[],
    loginItem: null as null | { openAtLogin: boolean },
  };
  class Tray {
    on() {
      return this;
    }
    setToolTip(text: string) {
      state.tooltip = text;
    }
    setTitle() {}
    setContextMenu(menu: { template: typeof state.menu }) {
      state.menu = menu.template;
    }
  }
  return {
    state,
    appListeners,
    module: {
      app: {
        on: (name: string, listener: () => void) =>
          appListeners.set(name, [...(appListeners.get(name) ?? []), listener]),
        quit: () => state.quits++,
        setBadgeCount: (n: number) => (state.badge = n),
        setLoginItemSettings: (s: { openAtLogin: boolean }) => (state.loginItem = s),
      },
      Tray,
      nativeImage: { createFromPath: () => ({ resize: () => ({}) }), createEmpty: () => ({}) },
      powerMonitor: {
        on: (name: string, listener: () => void) => appListeners.set(`power:${name}`, [listener]),
      },
      Menu: { buildFromTemplate: (template: typeof state.menu) => ({ template }) },
      dialog: {
        showMessageBox: async (opts: { message: string; buttons: string[] }) => {
          state.dialogs.push(opts);
          return { response: state.dialogAnswer };
        },
      },
    },
  };
});
vi.mock('electron', () => electron.module);

const { setupBackground } = await import('../../desktop/setup-background.js');

describe('setupBackground', () => {
  let emit: (name: IpcEventName, payload: unknown) => void = () => undefined;
  let settings = { keepRunningInBackground: true, openAtLogin: false };
  let windowOpen = true;

  async function start(status = { pending: 0, failed: 0, needsDecision: 0 }) {
    const services = {
      invoke: async (): Promise<IpcResult<unknown>> => ({
        ok: true,
        value: { online: true, lastSyncAt: null, lastError: null, ...status },
      }),
      onEvent: (listener: typeof emit) => {
        emit = listener;
        return () => undefined;
      },
      desktopSettings: () => settings,
    } as unknown as Parameters<typeof setupBackground>[0]['services'];
    return setupBackground({
      services,
      iconPath: null,
      showWindow: () => undefined,
      openOutbox: () => undefined,
      hasWindow: () => windowOpen,
    });
  }
  const closeLastWindow = () => electron.appListeners.get('window-all-closed')!.at(-1)!();
  const sync = (pending: number, failed: number, needsDecision: number) =>
    emit('syncStatus', { online: true, pending, failed, needsDecision, lastSyncAt: null, lastError: null });

  beforeEach(() => {
    electron.appListeners.clear();
    Object.assign(electron.state, {
      badge: -1,
      tooltip: '',
      menu: [],
      quits: 0,
      dialogAnswer: 0,
      dialogs: [],
    });
    settings = { keepRunningInBackground: true, openAtLogin: false };
    windowOpen = true;
  });

  it('shows what needs the user on the badge and the tray, and follows sync', async () => {
    await start({ pending: 3, failed: 1, needsDecision: 1 });
    expect(electron.state.badge).toBe(2);
    expect(electron.state.tooltip).toBe('Postdeck — 2 changes need you — 1 change waiting to be sent');
    sync(0, 0, 0);
    expect(electron.state.badge).toBe(0);
    expect(electron.state.tooltip).toBe('Postdeck');
    expect(electron.state.menu.map((i) => i.label)).toContain('Quit Postdeck');
  });

  it('stays when the last window closes with the setting on, or with work in the outbox', async () => {
    await start();
    closeLastWindow();
    expect(electron.state.quits).toBe(0);
    settings = { keepRunningInBackground: false, openAtLogin: false };
    sync(1, 0, 0);
    closeLastWindow();
    expect(electron.state.quits).toBe(0);
    sync(0, 0, 0);
    closeLastWindow();
    expect(electron.state.quits).toBe(1);
  });

  it('kept only for the outbox, quits once it is empty and no window is open', async () => {
    settings = { keepRunningInBackground: false, openAtLogin: false };
    await start({ pending: 1, failed: 0, needsDecision: 0 });
    windowOpen = false;
    closeLastWindow();
    expect(electron.state.quits).toBe(0);
    sync(1, 0, 0);
    expect(electron.state.quits).toBe(0);
    sync(0, 0, 0);
    expect(electron.state.quits).toBe(1);
  });

  it('does not quit at start, before the first window is open', async () => {
    settings = { keepRunningInBackground: false, openAtLogin: false };
    windowOpen = false;
    await start();
    sync(0, 0, 0);
    expect(electron.state.quits).toBe(0);
  });

  it('stays after the outbox empties when the window is open or the setting is on', async () => {
    settings = { keepRunningInBackground: false, openAtLogin: false };
    await start({ pending: 1, failed: 0, needsDecision: 0 });
    sync(0, 0, 0);
    expect(electron.state.quits).toBe(0);
    settings = { keepRunningInBackground: true, openAtLogin: false };
    windowOpen = false;
    sync(0, 0, 0);
    expect(electron.state.quits).toBe(0);
  });

  it('asks before quitting with changes unsent, and goes on only when told', async () => {
    const background = await start();
    expect(await background.mayQuit()).toBe(true);
    expect(electron.state.dialogs).toHaveLength(0);
    sync(2, 0, 0);
    electron.state.dialogAnswer = 1;
    expect(await background.mayQuit()).toBe(false);
    expect(electron.state.dialogs[0]).toMatchObject({
      message: '2 changes have not been sent yet. Quit anyway?',
      buttons: ['Quit Anyway', 'Cancel'],
    });
    electron.state.dialogAnswer = 0;
    expect(await background.mayQuit()).toBe(true);
  });

  it('does not ask when the system shuts down or the user logs out', async () => {
    const background = await start({ pending: 2, failed: 0, needsDecision: 0 });
    electron.appListeners.get('power:shutdown')!.at(-1)!();
    expect(await background.mayQuit()).toBe(true);
    const windows = await start({ pending: 2, failed: 0, needsDecision: 0 });
    windows.systemEnding();
    expect(await windows.mayQuit()).toBe(true);
    expect(electron.state.dialogs).toHaveLength(0);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcEventName } from '../../../shared/ipc/contract.js';

/*
 * The wiring, with Electron stood in at its API boundary only (menu, notifications, app): a menu
 * click reaches the window as a menuCommand event, and a postOutcome from sync shows a notification.
 */

const electron = vi.hoisted(() => {
  const shown: { title: string; body: string; click: () => void }[] = [];
  const sent: { channel: string; payload: unknown }[] = [];
  const popups: unknown[] = [];
  let template: { id?: string; click?: () => void; submenu?: unknown }[] = [];
  class Notification {
    static isSupported = () => true;
    private click: () => void = () => undefined;
    constructor(readonly opts: { title: string; body: string }) {}
    on(event: string, listener: () => void) {
      if (event === 'click') this.click = listener;
      return this;
    }
    show() {
      shown.push({ title: this.opts.title, body: this.opts.body, click: () => this.click() });
    }
  }
  return {
    shown,
    sent,
    popups,
    template: () => template,
    module: {
      app: {
        setName: vi.fn(),
        setAppUserModelId: vi.fn(),
        getAppPath: () => '/nowhere',
        on: vi.fn(),
        dock: undefined,
      },
      BrowserWindow: { getAllWindows: () => [] },
      nativeImage: { createFromPath: vi.fn() },
      Menu: {
        buildFromTemplate: (t: typeof template) => {
          template = t;
          return { popup: () => popups.push(t) };
        },
        setApplicationMenu: vi.fn(),
      },
      Notification,
    },
  };
});
vi.mock('electron', () => electron.module);

const { attachContextMenu, setupDesktop } = await import('../../desktop/setup-desktop.js');

function find(
  items: { id?: string; click?: () => void; submenu?: unknown }[],
  id: string,
): { click?: () => void } | undefined {
  for (const i of items) {
    if (i.id === id) return i;
    if (Array.isArray(i.submenu)) {
      const inner = find(i.submenu as typeof items, id);
      if (inner) return inner;
    }
  }
  return undefined;
}

describe('setupDesktop', () => {
  let emit: (name: IpcEventName, payload: unknown) => void = () => undefined;
  let requests: unknown[] = [];
  let shownWindow = 0;

  beforeEach(() => {
    electron.shown.length = 0;
    electron.sent.length = 0;
    requests = [];
    shownWindow = 0;
    const services = {
      onEvent: (listener: typeof emit) => {
        emit = listener;
        return () => undefined;
      },
      requestOpen: (request: unknown) => requests.push(request),
    } as unknown as Parameters<typeof setupDesktop>[0]['services'];
    const win = {
      isDestroyed: () => false,
      webContents: { send: (channel: string, payload: unknown) => electron.sent.push({ channel, payload }) },
    } as unknown as import('electron').BrowserWindow;
    setupDesktop({
      services,
      window: () => win,
      showWindow: () => shownWindow++,
      openLogsFolder: () => undefined,
      checkForUpdates: () => undefined,
    });
  });

  it('names the app and sends menu commands to the window', () => {
    expect(electron.module.app.setName).toHaveBeenCalledWith('Postdeck');
    find(electron.template(), 'newPost')!.click!();
    find(electron.template(), 'viewWeek')!.click!();
    expect(electron.sent).toEqual([
      { channel: 'event:menuCommand', payload: { command: 'newPost' } },
      { channel: 'event:menuCommand', payload: { command: 'viewWeek' } },
    ]);
  });

  it('shows a notification when sync sees a post published or failed, and none for other events', () => {
    emit('postOutcome', { postId: 'p1', state: 'published', content: 'Autumn blend', error: null });
    emit('postOutcome', { postId: 'p2', state: 'error', content: 'Thread', error: 'Reconnect the account.' });
    emit('postOutcome', { postId: 'p3', state: 'scheduled', content: 'Later', error: null });
    emit('postsChanged', { brandId: null });
    emit('postOutcome', { nonsense: true });
    expect(electron.shown.map(({ title, body }) => ({ title, body }))).toEqual([
      { title: 'Post published', body: 'Autumn blend' },
      { title: 'A post could not be published', body: 'Thread\nReconnect the account.' },
    ]);
  });

  it('opens that post in the calendar when its notification is clicked, the window reopened if closed', () => {
    emit('postOutcome', { postId: 'p2', state: 'error', content: 'Thread', error: 'Reconnect the account.' });
    electron.shown[0]!.click();
    expect(requests).toEqual([{ kind: 'post', postId: 'p2' }]);
    expect(shownWindow).toBe(1);
  });
});

describe('attachContextMenu', () => {
  it('pops up the spelling menu on right-click and replaces or learns the word', () => {
    const listeners: ((event: unknown, params: unknown) => void)[] = [];
    const done: string[] = [];
    attachContextMenu({
      on: (_name: string, listener: (event: unknown, params: unknown) => void) => listeners.push(listener),
      replaceMisspelling: (word: string) => done.push(`replace ${word}`),
      showDefinitionForSelection: () => done.push('look up'),
      session: { addWordToSpellCheckerDictionary: (word: string) => done.push(`learn ${word}`) },
    } as unknown as Parameters<typeof attachContextMenu>[0]);
    const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
    electron.popups.length = 0;
    listeners[0]!(
      {},
      {
        isEditable: true,
        selectionText: '',
        misspelledWord: 'teh',
        dictionarySuggestions: ['the'],
        editFlags: flags,
      },
    );
    expect(electron.popups).toHaveLength(1);
    const items = electron.template() as { label?: string; click?: () => void }[];
    items.find((i) => i.label === 'the')!.click!();
    items.find((i) => i.label === 'Add to Dictionary')!.click!();
    expect(done).toEqual(['replace the', 'learn teh']);
    // Nothing to offer (no selection, not a field): no empty menu.
    listeners[0]!(
      {},
      {
        isEditable: false,
        selectionText: '',
        misspelledWord: '',
        dictionarySuggestions: [],
        editFlags: flags,
      },
    );
    expect(electron.popups).toHaveLength(1);
  });
});

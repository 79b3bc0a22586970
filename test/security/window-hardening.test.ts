import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * Electron's security checklist, read from the real window module: webPreferences, navigation,
 * new windows, webviews, permissions. Only Electron's own objects are stood in for (there is no
 * Electron binary here); every rule under test is the app's code.
 */

type Listener = (...args: unknown[]) => unknown;

const electron = vi.hoisted(() => {
  class FakeContents {
    readonly listeners = new Map<string, Listener[]>();
    openHandler: ((details: { url: string }) => { action: string }) | null = null;
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.openHandler = handler;
    }
    on(name: string, listener: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    /** Emits like Electron: returns whether some listener called preventDefault. */
    emitCancelable(name: string, ...args: unknown[]): boolean {
      let prevented = false;
      const event = { preventDefault: () => (prevented = true) };
      for (const listener of this.listeners.get(name) ?? []) listener(event, ...args);
      return prevented;
    }
  }
  class FakeBrowserWindow {
    static created: FakeBrowserWindow[] = [];
    readonly webContents = new FakeContents();
    readonly loaded: string[] = [];
    constructor(readonly options: Record<string, unknown>) {
      FakeBrowserWindow.created.push(this);
    }
    on() {
      return this;
    }
    once() {
      return this;
    }
    maximize() {}
    async loadURL(url: string) {
      this.loaded.push(url);
    }
  }
  const session = {
    requestHandler: null as
      | null
      | ((contents: unknown, permission: string, callback: (ok: boolean) => void, details: unknown) => void),
    checkHandler: null as null | ((...args: unknown[]) => boolean),
    headersHandler: null as null | ((details: unknown, callback: (response: unknown) => void) => void),
  };
  const protocol = {
    schemes: [] as unknown[],
    handlers: new Map<string, (request: Request) => Promise<Response>>(),
  };
  return {
    FakeBrowserWindow,
    FakeContents,
    session,
    protocol,
    openExternal: vi.fn(async (_url: string) => undefined),
  };
});

vi.mock('electron', () => ({
  BrowserWindow: electron.FakeBrowserWindow,
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => electron.protocol.schemes.push(...schemes),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
      electron.protocol.handlers.set(scheme, handler),
  },
  // Electron's net.fetch reads file: URLs; plain Node's fetch does not, so the stand-in reads the file.
  net: {
    fetch: async (url: string) => new Response(await readFile(fileURLToPath(url))),
  },
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  shell: { openExternal: electron.openExternal },
  session: {
    defaultSession: {
      setPermissionRequestHandler: (handler: typeof electron.session.requestHandler) =>
        (electron.session.requestHandler = handler),
      setPermissionCheckHandler: (handler: typeof electron.session.checkHandler) =>
        (electron.session.checkHandler = handler),
      webRequest: {
        onHeadersReceived: (handler: typeof electron.session.headersHandler) =>
          (electron.session.headersHandler = handler),
      },
    },
  },
}));

const { createMainWindow, guardWebContents, hardenSession } =
  await import('../../electron/window/main-window.js');
const { contentSecurityPolicy, rendererEntry } = await import('../../electron/window/security.js');
const { registerAppScheme, serveRenderer } = await import('../../electron/window/app-protocol.js');
const { setLogSink } = await import('../../electron/log.js');

const ENTRY = rendererEntry(undefined);
const PRELOAD = '/opt/Postdeck/resources/app.asar/dist/electron/preload.cjs';
let dir: string;
let win: InstanceType<typeof electron.FakeBrowserWindow>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'postdeck-security-window-'));
  await createMainWindow({
    preloadPath: PRELOAD,
    entryUrl: ENTRY,
    boundsFile: join(dir, 'window-state.json'),
  });
  win = electron.FakeBrowserWindow.created.at(-1)!;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => electron.openExternal.mockClear());

describe('webPreferences of the main window', () => {
  it('isolate the page, sandbox it, and give it no Node', () => {
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
    });
    // Options that must never be turned on (absent means Electron's safe default).
    for (const risky of [
      'nodeIntegrationInSubFrames',
      'allowRunningInsecureContent',
      'experimentalFeatures',
      'enableBlinkFeatures',
      'enableRemoteModule',
    ]) {
      expect(prefs[risky], risky).toBeFalsy();
    }
    expect(String(prefs.disableBlinkFeatures)).toContain('Auxclick');
  });

  it('load our own page, not a remote one', () => {
    expect(win.loaded).toEqual([ENTRY]);
    expect(ENTRY.startsWith('app://postdeck/')).toBe(true);
  });
});

describe('navigation', () => {
  it('stays on our page: moving within it is allowed', () => {
    expect(win.webContents.emitCancelable('will-navigate', 'app://postdeck/index.html#/calendar')).toBe(
      false,
    );
  });

  it('to another site is blocked and the link handed to the system browser', () => {
    expect(win.webContents.emitCancelable('will-navigate', 'https://attacker.example/login')).toBe(true);
    expect(electron.openExternal).toHaveBeenCalledWith('https://attacker.example/login');
    expect(electron.openExternal).toHaveBeenCalledTimes(1);
  });

  it('to a non-web scheme is blocked and opens nothing', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://other/index.html',
      'data:text/html,hi',
    ]) {
      expect(win.webContents.emitCancelable('will-navigate', url), url).toBe(true);
    }
    expect(electron.openExternal).not.toHaveBeenCalled();
  });

  it('by redirect to anywhere else is blocked', () => {
    expect(win.webContents.emitCancelable('will-redirect', 'https://attacker.example/')).toBe(true);
    expect(win.webContents.emitCancelable('will-redirect', 'app://postdeck/index.html')).toBe(false);
  });

  it('never attaches a webview', () => {
    expect(
      win.webContents.emitCancelable('will-attach-webview', {}, { src: 'https://attacker.example' }),
    ).toBe(true);
  });
});

describe('window.open', () => {
  it('is always denied; an http(s) target opens in the system browser instead', () => {
    const open = win.webContents.openHandler!;
    expect(open({ url: 'https://example.com/help' })).toEqual({ action: 'deny' });
    expect(electron.openExternal).toHaveBeenCalledWith('https://example.com/help');
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://postdeck/index.html',
      'about:blank',
      'ms-msdt:/id',
    ]) {
      expect(open({ url }), url).toEqual({ action: 'deny' });
    }
    expect(electron.openExternal).toHaveBeenCalledTimes(1);
  });

  it('is guarded once per contents, so a link never opens twice', () => {
    const contents = new electron.FakeContents();
    guardWebContents(contents as never, ENTRY);
    guardWebContents(contents as never, ENTRY);
    expect(contents.emitCancelable('will-navigate', 'https://example.com/')).toBe(true);
    expect(electron.openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('permissions', () => {
  const logged: string[] = [];
  let restoreLog: () => void;
  beforeAll(() => {
    restoreLog = setLogSink((_level, line) => logged.push(line));
    hardenSession(undefined);
  });
  afterAll(() => restoreLog());

  it('every request is refused', () => {
    const handler = electron.session.requestHandler!;
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
      'midiSysex',
      'pointerLock',
      'unknown',
    ]) {
      const answer = vi.fn();
      handler({}, permission, answer, {});
      expect(answer, permission).toHaveBeenCalledWith(false);
    }
    expect(logged.filter((line) => line.includes('denied a permission request'))).toHaveLength(9);
  });

  it('every check says no', () => {
    const check = electron.session.checkHandler!;
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-sanitized-write',
      'hid',
      'serial',
      'usb',
    ]) {
      expect(check(null, permission, 'app://postdeck', {}), permission).toBe(false);
    }
  });

  it('the packaged app adds no header rewriting (app:// sets the CSP itself)', () => {
    expect(electron.session.headersHandler).toBeNull();
  });
});

describe('the app:// scheme serving the renderer', () => {
  let serve: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    const renderer = join(dir, 'renderer');
    await mkdir(join(renderer, 'assets'), { recursive: true });
    await writeFile(join(renderer, 'index.html'), '<!doctype html><title>Postdeck</title>');
    await writeFile(join(renderer, 'assets', 'app.js'), 'export {};');
    await writeFile(join(dir, 'secret.txt'), 'outside the build');
    registerAppScheme();
    serveRenderer(renderer, contentSecurityPolicy());
    serve = electron.protocol.handlers.get('app')!;
  });

  it('is a secure standard scheme, so the page has a real origin for the CSP and the sender check', () => {
    expect(electron.protocol.schemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
  });

  it('puts the CSP and nosniff on every response', async () => {
    for (const url of ['app://postdeck/', 'app://postdeck/index.html', 'app://postdeck/assets/app.js']) {
      const response = await serve(new Request(url));
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-security-policy'), url).toBe(contentSecurityPolicy());
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
  });

  it('serves nothing outside the build folder or from another host', async () => {
    for (const url of [
      'app://postdeck/../secret.txt',
      'app://postdeck/%2e%2e/secret.txt',
      'app://postdeck/assets/..%2f..%2fsecret.txt',
      'app://other/index.html',
      'app://postdeck/missing.js',
    ]) {
      const response = await serve(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('outside the build');
    }
  });
});

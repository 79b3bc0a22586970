import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { senderRefusal } from '../ipc/sender.js';
import { resolveRendererFile } from '../window/renderer-files.js';
import {
  APP_ORIGIN,
  contentSecurityPolicy,
  isExternalWebUrl,
  isOwnPage,
  rendererEntry,
} from '../window/security.js';
import {
  DEFAULT_SIZE,
  fitToDisplays,
  loadWindowBounds,
  MIN_SIZE,
  saveWindowBounds,
} from '../window/window-state.js';

/* The window's rules, tested without Electron: which page is ours, what may leave, CSP, bounds. */

const ENTRY = rendererEntry(undefined);

describe('our own page', () => {
  it('is the app:// origin in a build, the dev server in development', () => {
    expect(ENTRY).toBe(`${APP_ORIGIN}/index.html`);
    expect(isOwnPage('app://postdeck/index.html#/calendar', ENTRY)).toBe(true);
    expect(isOwnPage('app://evil/index.html', ENTRY)).toBe(false);
    expect(isOwnPage('https://postdeck.example/index.html', ENTRY)).toBe(false);
    expect(isOwnPage('file:///etc/passwd', ENTRY)).toBe(false);
    expect(isOwnPage(undefined, ENTRY)).toBe(false);
    const dev = rendererEntry('http://localhost:5173/');
    expect(isOwnPage('http://localhost:5173/src/x.ts', dev)).toBe(true);
    expect(isOwnPage('http://localhost:5174/', dev)).toBe(false);
  });

  it('alone may call main, from its top frame', () => {
    expect(senderRefusal({ url: 'app://postdeck/index.html', isTop: true }, ENTRY)).toBeNull();
    expect(senderRefusal({ url: 'app://postdeck/index.html', isTop: false }, ENTRY)?.code).toBe(
      'FORBIDDEN_SENDER',
    );
    expect(senderRefusal({ url: 'https://example.com/', isTop: true }, ENTRY)?.code).toBe('FORBIDDEN_SENDER');
    expect(senderRefusal(null, ENTRY)?.code).toBe('FORBIDDEN_SENDER');
  });
});

describe('links leaving the app', () => {
  it('are http(s) only', () => {
    expect(isExternalWebUrl('https://example.com/a')).toBe(true);
    expect(isExternalWebUrl('http://example.com')).toBe(true);
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'app://postdeck/',
      'not a url',
    ]) {
      expect(isExternalWebUrl(url), url).toBe(false);
    }
  });
});

describe('Content-Security-Policy', () => {
  it('allows no inline or remote script, no objects, no framing, no form posts', () => {
    const csp = contentSecurityPolicy();
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directive('img-src')).toContain('https:');
  });

  it('lets the dev server and its websocket in, in development only', () => {
    const csp = contentSecurityPolicy('http://localhost:5173');
    expect(csp).toContain("script-src 'self' http://localhost:5173");
    expect(csp).toContain('ws://localhost:5173');
  });
});

describe('renderer files served from app://', () => {
  const root = '/opt/postdeck/dist/renderer';
  it('map inside the build folder only', () => {
    expect(resolveRendererFile(root, 'app://postdeck/')).toBe(`${root}/index.html`);
    expect(resolveRendererFile(root, 'app://postdeck/assets/index-1.js')).toBe(`${root}/assets/index-1.js`);
    expect(resolveRendererFile(root, 'app://other/index.html')).toBeNull();
    expect(resolveRendererFile(root, 'app://postdeck/a%00.js')).toBeNull();
    for (const url of [
      'app://postdeck/../../etc/passwd',
      'app://postdeck/%2e%2e/%2e%2e/etc/passwd',
      'app://postdeck/assets/..%2f..%2f..%2fetc/passwd',
      'app://postdeck/a%00.js',
      'app://other/index.html',
      'app://postdeck/%E0%A4%A',
    ]) {
      // The URL parser folds ../ at the root, so a traversal at worst names a file inside the build.
      const file = resolveRendererFile(root, url);
      expect(file === null || file.startsWith(`${root}/`), url).toBe(true);
    }
  });
});

describe('window bounds', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'postdeck-window-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('are saved atomically and read back', async () => {
    const file = join(dir, 'window-state.json');
    await saveWindowBounds(file, { x: 10, y: 20, width: 1000, height: 700, maximized: false });
    await saveWindowBounds(file, { x: 30, y: 40, width: 1100, height: 750, maximized: true });
    expect(await loadWindowBounds(file)).toEqual({ x: 30, y: 40, width: 1100, height: 750, maximized: true });
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(JSON.parse(await readFile(file, 'utf8')).width).toBe(1100);
  });

  it('fall back to the default when the file is missing, broken or absurd', async () => {
    expect(await loadWindowBounds(join(dir, 'none.json'))).toBeNull();
    const broken = join(dir, 'broken.json');
    await writeFile(broken, '{"x": 1, "y":');
    expect(await loadWindowBounds(broken)).toBeNull();
    await writeFile(broken, JSON.stringify({ x: 0, y: 0, width: 5, height: 5, maximized: false }));
    expect(await loadWindowBounds(broken)).toBeNull();
    expect(fitToDisplays(null, [{ x: 0, y: 0, width: 1920, height: 1080 }])).toEqual(DEFAULT_SIZE);
  });

  it('come back onto a visible screen when the saved one is gone', () => {
    const screens = [{ x: 0, y: 0, width: 1440, height: 900 }];
    expect(fitToDisplays({ x: 100, y: 50, width: 1200, height: 800, maximized: false }, screens)).toEqual({
      x: 100,
      y: 50,
      width: 1200,
      height: 800,
    });
    // Saved on a second monitor that was unplugged: size kept (within the screen), position left to the system.
    expect(fitToDisplays({ x: 2500, y: 100, width: 1600, height: 1000, maximized: false }, screens)).toEqual({
      width: 1440,
      height: 900,
    });
  });

  it('open no smaller than the minimum, where the calendar stays readable', () => {
    const screens = [{ x: 0, y: 0, width: 1920, height: 1080 }];
    expect(MIN_SIZE.width).toBeGreaterThanOrEqual(960);
    expect(fitToDisplays({ x: 10, y: 10, width: 800, height: 560, maximized: false }, screens)).toEqual({
      x: 10,
      y: 10,
      ...MIN_SIZE,
    });
  });
});

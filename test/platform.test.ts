import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ELECTRON_CHROMIUM, ELECTRON_NODE } from '../scripts/electron-targets.mjs';

/*
 * The platform the app is built for, kept in step: the Electron package.json pins, the Node and
 * Chromium the bundles are compiled for, the Node developers run (.nvmrc, engines) and the Node
 * types the main process is checked against. An Electron bump that forgets one of them fails here.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFile(`${ROOT}/${path}`, 'utf8');
const json = async (path: string): Promise<Record<string, unknown>> =>
  JSON.parse(await read(path)) as Record<string, unknown>;
const major = (version: string) => Number(version.split('.')[0]);

describe('the platform', () => {
  it('is the installed Electron, pinned in package.json', async () => {
    const pkg = (await json('package.json')) as { devDependencies: Record<string, string> };
    const electron = (await json('node_modules/electron/package.json')) as { version: string };
    expect(pkg.devDependencies.electron).toBe(electron.version);
    expect(major(electron.version)).toBeGreaterThanOrEqual(45);
  });

  it("compiles the renderer for that Electron's Chromium", async () => {
    const electron = (await json('node_modules/electron/package.json')) as { version: string };
    // electron-to-chromium (browserslist's own table) maps every Electron release to its Chromium.
    const chromium = (await json('node_modules/electron-to-chromium/full-versions.json'))[electron.version];
    expect(chromium, `electron-to-chromium knows Electron ${electron.version}`).toBeTypeOf('string');
    expect(String(major(chromium as string))).toBe(ELECTRON_CHROMIUM);
  });

  it("develops on, type-checks against and compiles main for that Electron's Node", async () => {
    expect((await read('.nvmrc')).trim()).toBe(ELECTRON_NODE);
    const pkg = (await json('package.json')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(major(pkg.devDependencies['@types/node']!)).toBe(major(ELECTRON_NODE));
    // The toolchain's floor (vite, eslint and electron-builder need 22.12); the test command fetches
    // .nvmrc's Node where a machine has less.
    expect(pkg.engines.node).toBe('>=22.12');
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * Help → Check for Updates… with Electron's app and dialog and electron-updater stood in at their
 * API boundary; the feed file is a real app-update.yml in a real resources folder.
 */

const fakes = vi.hoisted(() => {
  const dialogs: { message: string; buttons?: string[] }[] = [];
  let answer = 1;
  const updater = {
    checks: 0,
    installs: 0,
    logger: null as unknown,
    listeners: new Map<string, (event: { version: string }) => void>(),
    on(name: string, listener: (event: { version: string }) => void) {
      this.listeners.set(name, listener);
      return this;
    },
    async checkForUpdates() {
      this.checks++;
      return { isUpdateAvailable: true, updateInfo: { version: '9.9.9' } };
    },
    quitAndInstall() {
      this.installs++;
    },
  };
  return {
    dialogs,
    updater,
    setAnswer: (n: number) => (answer = n),
    electron: {
      app: { isPackaged: true, getVersion: () => '0.1.0' },
      dialog: {
        showMessageBox: async (opts: { message: string; buttons?: string[] }) => {
          dialogs.push(opts);
          return { response: answer };
        },
      },
    },
  };
});
vi.mock('electron', () => fakes.electron);
vi.mock('electron-updater', () => ({ autoUpdater: fakes.updater }));

const { createUpdateChecker } = await import('../../desktop/setup-updates.js');

let resources: string;
beforeAll(async () => {
  resources = await mkdtemp(join(tmpdir(), 'postdeck-setup-updates-'));
  Object.defineProperty(process, 'resourcesPath', { value: resources, configurable: true });
});
afterAll(async () => {
  await rm(resources, { recursive: true, force: true });
});
beforeEach(() => {
  fakes.dialogs.length = 0;
  fakes.updater.checks = 0;
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('Check for Updates…', () => {
  it('says the build has no feed, and never asks electron-updater, while the url is empty', async () => {
    await writeFile(join(resources, 'app-update.yml'), "provider: generic\nurl: ''\n");
    createUpdateChecker()();
    await vi.waitFor(() => expect(fakes.dialogs).toHaveLength(1));
    expect(fakes.dialogs[0]!.message).toBe('This build has no update feed.');
    expect(fakes.updater.checks).toBe(0);
  });

  it('with a feed, checks, says a version is coming, and offers to restart when it is downloaded', async () => {
    await writeFile(
      join(resources, 'app-update.yml'),
      'provider: generic\nurl: https://updates.example.com/postdeck\n',
    );
    const check = createUpdateChecker();
    check();
    check(); // a second click while the first check runs does nothing more
    await vi.waitFor(() => expect(fakes.dialogs).toHaveLength(1));
    expect(fakes.updater.checks).toBe(1);
    expect(fakes.dialogs[0]!.message).toBe('Version 9.9.9 is available.');
    fakes.setAnswer(0);
    fakes.updater.listeners.get('update-downloaded')!({ version: '9.9.9' });
    await settle();
    expect(fakes.dialogs[1]).toMatchObject({
      message: 'Version 9.9.9 is ready.',
      buttons: ['Restart Now', 'Later'],
    });
    expect(fakes.updater.installs).toBe(1);
  });
});

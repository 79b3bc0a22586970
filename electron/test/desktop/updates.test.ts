import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkForUpdates, readUpdateFeed, updateMessage, type UpdateCheck } from '../../desktop/updates.js';

/* "Check for updates…" against a real resources folder, with electron-updater's check stood in. */

let resources: string;
beforeEach(async () => {
  resources = await mkdtemp(join(tmpdir(), 'postdeck-updates-'));
});
afterEach(async () => {
  await rm(resources, { recursive: true, force: true });
});

const feed = (yaml: string) => writeFile(join(resources, 'app-update.yml'), yaml);
let checks = 0;
const check = (answer: Awaited<ReturnType<UpdateCheck['check']>> | Error): UpdateCheck => ({
  isPackaged: true,
  currentVersion: '0.1.0',
  resourcesDir: resources,
  check: async () => {
    checks++;
    if (answer instanceof Error) throw answer;
    return answer;
  },
});

describe('the update feed', () => {
  it('is the url electron-builder wrote, or none when it is empty or missing', async () => {
    expect(await readUpdateFeed(resources)).toBeNull();
    await feed("provider: generic\nurl: ''\nupdaterCacheDirName: postdeck-updater\n");
    expect(await readUpdateFeed(resources)).toBeNull();
    await feed('provider: generic\nurl: https://updates.example.com/postdeck\n');
    expect(await readUpdateFeed(resources)).toBe('https://updates.example.com/postdeck');
  });
});

describe('checking for updates', () => {
  beforeEach(() => {
    checks = 0;
  });

  it('says there is no feed, without asking electron-updater, when the url is empty', async () => {
    await feed("provider: generic\nurl: ''\n");
    const outcome = await checkForUpdates(check(null));
    expect(outcome).toEqual({ kind: 'no-feed' });
    expect(checks).toBe(0);
    expect(updateMessage(outcome).message).toBe('This build has no update feed.');
  });

  it('says a development run does not update', async () => {
    expect(await checkForUpdates({ ...check(null), isPackaged: false })).toEqual({ kind: 'not-installed' });
  });

  it('reports up to date, a new version downloading, or the failure in words', async () => {
    await feed('provider: generic\nurl: https://updates.example.com/postdeck\n');
    expect(
      await checkForUpdates(check({ isUpdateAvailable: false, updateInfo: { version: '0.1.0' } })),
    ).toEqual({
      kind: 'up-to-date',
      version: '0.1.0',
    });
    const newer = await checkForUpdates(check({ isUpdateAvailable: true, updateInfo: { version: '0.2.0' } }));
    expect(updateMessage(newer).message).toBe('Version 0.2.0 is available.');
    const failed = await checkForUpdates(check(new Error('net::ERR_NAME_NOT_RESOLVED')));
    expect(failed).toEqual({ kind: 'failed', reason: 'net::ERR_NAME_NOT_RESOLVED' });
    expect(updateMessage(failed)).toMatchObject({
      type: 'error',
      message: 'Postdeck could not check for updates.',
    });
  });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { z } from 'zod';

/*
 * No Electron value imported, so it is tested under plain Node. "Check for updates…":
 * electron-updater reads the feed electron-builder wrote into the package (resources/
 * app-update.yml, from electron-builder.yml's publish). The feed's URL is empty until a release
 * server exists; then the check says so plainly instead of failing on an empty URL.
 */

export const UPDATE_FEED_FILE = 'app-update.yml';

/** The feed's URL from the packaged app-update.yml, or null when there is none or it is empty. */
export async function readUpdateFeed(resourcesDir: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(join(resourcesDir, UPDATE_FEED_FILE), 'utf8');
  } catch {
    return null;
  }
  const parsed = z.object({ url: z.string().nullish() }).safeParse(load(text));
  const url = parsed.success ? parsed.data.url?.trim() : '';
  return url ? url : null;
}

export type UpdateOutcome =
  | { kind: 'not-installed' }
  | { kind: 'no-feed' }
  | { kind: 'up-to-date'; version: string }
  | { kind: 'downloading'; version: string }
  | { kind: 'failed'; reason: string };

export interface UpdateCheck {
  /** Only installed builds update (a development run has nothing to replace). */
  isPackaged: boolean;
  currentVersion: string;
  resourcesDir: string;
  /** electron-updater's checkForUpdates (which starts the download when there is one). */
  check(): Promise<{ isUpdateAvailable: boolean; updateInfo: { version: string } } | null>;
}

export async function checkForUpdates(opts: UpdateCheck): Promise<UpdateOutcome> {
  if (!opts.isPackaged) return { kind: 'not-installed' };
  if (!(await readUpdateFeed(opts.resourcesDir))) return { kind: 'no-feed' };
  try {
    const result = await opts.check();
    if (result?.isUpdateAvailable) return { kind: 'downloading', version: result.updateInfo.version };
    return { kind: 'up-to-date', version: opts.currentVersion };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** What the dialog says for each outcome. */
export function updateMessage(outcome: UpdateOutcome): {
  type: 'info' | 'error';
  message: string;
  detail: string;
} {
  switch (outcome.kind) {
    case 'not-installed':
      return {
        type: 'info',
        message: 'Updates are checked in installed builds only.',
        detail: 'This is a development run of Postdeck.',
      };
    case 'no-feed':
      return {
        type: 'info',
        message: 'This build has no update feed.',
        detail:
          'It was built without an update server (publish url in electron-builder.yml), so it cannot look for new versions. Download new versions from where you got this one.',
      };
    case 'up-to-date':
      return {
        type: 'info',
        message: 'Postdeck is up to date.',
        detail: `You have version ${outcome.version}.`,
      };
    case 'downloading':
      return {
        type: 'info',
        message: `Version ${outcome.version} is available.`,
        detail: 'It is downloading now; Postdeck offers to restart when it is ready.',
      };
    case 'failed':
      return {
        type: 'error',
        message: 'Postdeck could not check for updates.',
        detail: `${outcome.reason}\n\nCheck the connection and try again later.`,
      };
  }
}

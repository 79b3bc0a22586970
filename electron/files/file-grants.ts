import { randomBytes } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { FILE_TOKEN_PREFIX } from '../../shared/ipc/models.js';
import type { Draft } from '../../shared/drafts/ipc.js';
import { AppFailure } from '../core/app-failure.js';
import { NotRegularFileError, openRegularFile } from './open-regular.js';

/*
 * The window never names a file path (../shared DESIGN "Security posture"): main hands it an opaque
 * token for each file the user chose, and IPC methods take tokens. A token is made only by
 * `register`, which the preload calls with the path Electron gives for a File the user picked or
 * dropped (webUtils.getPathForFile: a page cannot make a File with a path of its choosing), and the
 * test bridge calls for the files a test "picks". Main checks the path names a regular file it can
 * open, and keeps it; the window gets 32 random bytes, valid for the brand that was active.
 *
 * An import takes its token (single use). A draft's media keep the real path in main's database
 * (drafts-service turns each token into its path when saving, and each path into a token when the
 * window reads the draft), so a draft survives a restart and the window never sets a path it did
 * not choose. Tokens live in memory: after a restart the window reads its drafts again.
 */

interface Grant {
  profileId: string;
  brandId: string;
  path: string;
}

export interface GrantScope {
  profileId: string;
  brandId: string;
}

/** Tokens kept at once; the oldest go first (a page cannot grow main's memory without bound). */
const MAX_GRANTS = 20_000;

const GONE = 'This file is not one you chose for this brand (or it was used already); choose it again.';

export class FileGrants {
  private readonly byToken = new Map<string, Grant>();
  /** The token a path was last shown under, per scope, so reading a draft again gives the same token. */
  private readonly shown = new Map<string, string>();

  /** The user chose this file (dialog, drop, picker): checks it and answers a fresh token. */
  async register(scope: GrantScope, path: string): Promise<string> {
    if (!isAbsolute(path))
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'This file has no place on this computer; save it as a file first.',
      );
    let real: string;
    try {
      real = await realpath(path);
      const { handle } = await openRegularFile(real);
      await handle.close();
    } catch (error) {
      const missing = (error as { code?: unknown }).code === 'ENOENT';
      throw new AppFailure(
        missing ? 'NOT_FOUND' : 'INVALID_ARGUMENT',
        error instanceof NotRegularFileError
          ? 'This is not a file (a folder, a pipe or a device); choose a file.'
          : 'This file cannot be opened; it may have been moved or deleted.',
      );
    }
    return this.issue({ ...scope, path: real });
  }

  /** The path behind a token of this scope, the token staying valid (a draft's media, an upload). */
  resolve(scope: GrantScope, token: string): string {
    const grant = this.byToken.get(token);
    if (!grant || grant.profileId !== scope.profileId || grant.brandId !== scope.brandId)
      throw new AppFailure('NOT_FOUND', GONE);
    return grant.path;
  }

  /** The path behind a token, which is used up (an import reads its file once). */
  take(scope: GrantScope, token: string): string {
    const path = this.resolve(scope, token);
    this.byToken.delete(token);
    return path;
  }

  /** A draft as the window may see it: each local file's path replaced by a token. */
  draftForWindow(scope: GrantScope, draft: Draft): Draft {
    return mapLocalFiles(draft, (path) => this.tokenForShown(scope, path));
  }

  /** A draft from the window as main stores it: each token replaced by its path (unknown ones refused). */
  draftFromWindow<D extends Pick<Draft, 'blocks' | 'targets'>>(scope: GrantScope, draft: D): D {
    return mapLocalFiles(draft, (token) => this.resolve(scope, token));
  }

  private tokenForShown(scope: GrantScope, path: string): string {
    const key = `${scope.profileId}\u0000${scope.brandId}\u0000${path}`;
    const known = this.shown.get(key);
    if (known && this.byToken.has(known)) return known;
    const token = this.issue({ ...scope, path });
    this.shown.set(key, token);
    return token;
  }

  private issue(grant: Grant): string {
    const token = `${FILE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    this.byToken.set(token, grant);
    for (const old of this.byToken.keys()) {
      if (this.byToken.size <= MAX_GRANTS) break;
      this.byToken.delete(old);
    }
    if (this.shown.size > MAX_GRANTS) this.shown.clear();
    return token;
  }
}

function mapLocalFiles<D extends Pick<Draft, 'blocks' | 'targets'>>(
  draft: D,
  map: (value: string) => string,
): D {
  const blocks = (list: Draft['blocks']) =>
    list.map((b) => ({
      ...b,
      media: b.media.map((m) => (m.localPath === null ? m : { ...m, localPath: map(m.localPath) })),
    }));
  return {
    ...draft,
    blocks: blocks(draft.blocks),
    targets: draft.targets.map((t) => (t.blocks === null ? t : { ...t, blocks: blocks(t.blocks) })),
  };
}

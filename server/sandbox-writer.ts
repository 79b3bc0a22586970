import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SandboxFile, type SandboxKey } from './sandbox-file.js';
import type { ServiceUrls } from './service.js';
import { hashToken, type AccountStore } from './store/accounts.js';

export const sandboxPath = (dataDir: string) => join(dataDir, 'sandbox.json');

/** The file as last written, or null when it is absent or unreadable. */
export function readSandboxFile(dataDir: string): SandboxFile | null {
  try {
    const parsed = SandboxFile.safeParse(JSON.parse(readFileSync(sandboxPath(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Rewrites sandbox.json from the database (organizations, brands, accounts, key revocations) and the
 * tokens known in clear. Tokens exist in clear only here: the database holds their digests. Written
 * to a temporary file and renamed, so a reader never sees half a file.
 */
export function writeSandboxFile(
  dataDir: string,
  accounts: AccountStore,
  urls: Pick<ServiceUrls, 'baseUrl' | 'cdnUrl'>,
  tokens: readonly SandboxKey[],
): SandboxFile {
  const byHash = new Map(accounts.listApiKeys().map((k) => [k.token_hash, k]));
  const keys = tokens.flatMap((t) => {
    const record = byHash.get(hashToken(t.token));
    return record
      ? [
          {
            label: record.label,
            token: t.token,
            organizationId: record.organization_id,
            scopes: record.scopes,
            brandIds: record.brand_ids,
            revoked: record.revoked_at !== null,
          },
        ]
      : [];
  });
  const file: SandboxFile = {
    baseUrl: urls.baseUrl,
    cdnUrl: urls.cdnUrl,
    organizations: accounts.organizations().map((o) => ({
      id: o.id,
      name: o.name,
      brands: accounts.brands(o.id).map((b) => ({
        id: b.id,
        name: b.name,
        integrations: accounts
          .integrations(b.id)
          .map((i) => ({ id: i.id, platform: i.platform, name: i.name, disconnected: i.disconnected })),
      })),
    })),
    keys,
  };
  const path = sandboxPath(dataDir);
  // A temporary file left by a crash keeps its mode when written over: start from none.
  rmSync(`${path}.tmp`, { force: true });
  writeFileSync(`${path}.tmp`, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(`${path}.tmp`, path);
  return file;
}

import { SANDBOX_KEY_LABELS, type SandboxKey } from '../sandbox-file.js';
import { hashToken, type AccountStore } from '../store/accounts.js';

/**
 * The database keeps only digests, so when sandbox.json is lost the seeded tokens are gone with it.
 * Each seeded key whose token is missing is replaced by a new key with the same organization,
 * scopes, brands, mode and revocation; the old one is revoked. Returns the tokens now known.
 */
export function reissueMissingKeys(accounts: AccountStore, known: readonly SandboxKey[]): SandboxKey[] {
  const knownHashes = new Set(known.map((k) => hashToken(k.token)));
  const tokens = [...known];
  const records = accounts.listApiKeys();
  for (const label of SANDBOX_KEY_LABELS) {
    const mine = records.filter((r) => r.label === label);
    const original = mine[0];
    if (!original || mine.some((r) => knownHashes.has(r.token_hash))) continue;
    for (const r of mine) accounts.revokeApiKey(r.id);
    const { token, record } = accounts.createApiKey({
      label,
      organizationId: original.organization_id,
      userId: original.user_id,
      mode: original.mode,
      scopes: original.scopes,
      brandIds: original.brand_ids,
      revoked: original.revoked_at !== null,
    });
    tokens.push({
      label,
      token,
      organizationId: record.organization_id,
      scopes: record.scopes,
      brandIds: record.brand_ids,
      revoked: record.revoked_at !== null,
    });
  }
  return tokens;
}

import { z } from 'zod';
import { Scope } from '../shared/api/scopes.js';
import { PlatformType } from '../shared/platforms/types.js';

/** The key labels the sandbox always seeds, so tests and the app can pick a key by purpose. */
export const SANDBOX_KEY_LABELS = [
  'full-live',
  'full-test',
  'scheduler',
  'posts-read',
  'posts-write',
  'media-write',
  'analytics-read',
  'brands-read',
  'brand1-only',
  'revoked',
  'other-org',
] as const;
export type SandboxKeyLabel = (typeof SANDBOX_KEY_LABELS)[number];

export const SandboxIntegration = z.object({
  id: z.string(),
  platform: PlatformType,
  name: z.string(),
  disconnected: z.boolean(),
});
export type SandboxIntegration = z.infer<typeof SandboxIntegration>;

export const SandboxBrand = z.object({
  id: z.string(),
  name: z.string(),
  integrations: z.array(SandboxIntegration),
});
export type SandboxBrand = z.infer<typeof SandboxBrand>;

export const SandboxOrganization = z.object({
  id: z.string(),
  name: z.string(),
  brands: z.array(SandboxBrand),
});
export type SandboxOrganization = z.infer<typeof SandboxOrganization>;

export const SandboxKey = z.object({
  /** One of SANDBOX_KEY_LABELS for seeded keys; keys added with `admin create-key` carry their own. */
  label: z.string(),
  token: z.string(),
  organizationId: z.string(),
  scopes: z.array(Scope),
  brandIds: z.array(z.string()).nullable(),
  revoked: z.boolean(),
});
export type SandboxKey = z.infer<typeof SandboxKey>;

/** `DATA_DIR/sandbox.json`: where the sandbox listens and the credentials it seeded. */
export const SandboxFile = z.object({
  baseUrl: z.string(),
  cdnUrl: z.string(),
  organizations: z.array(SandboxOrganization),
  keys: z.array(SandboxKey),
});
export type SandboxFile = z.infer<typeof SandboxFile>;

/** The seeded key with this label (throws when the file lacks it, which means a broken data dir). */
export function sandboxKey(file: SandboxFile, label: SandboxKeyLabel): SandboxKey {
  const key = file.keys.find((k) => k.label === label);
  if (!key) throw new Error(`sandbox.json has no key labelled "${label}"`);
  return key;
}

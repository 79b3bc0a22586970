import { z } from 'zod';
import { MeResponse } from '../api/resources.js';
import { Id, m, None } from '../ipc/method.js';

/*
 * Profiles: the saved connections to the service and their keys (the key goes in, never comes out).
 */

const BaseUrl = z.string().min(1).max(2000);
const ApiKey = z.string().min(8).max(500);

/** A connection as the renderer sees it: never the key, only whether one is set. */
export const KeyStatus = z.object({
  set: z.boolean(),
  mode: z.enum(['live', 'test']).nullable(),
  last4: z.string().nullable(),
  storage: z.enum(['keychain', 'session']).nullable(),
});
export type KeyStatus = z.infer<typeof KeyStatus>;

export const ProfileView = z.object({
  id: z.string(),
  label: z.string(),
  baseUrl: z.string(),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  brandId: z.string().nullable(),
  brandName: z.string().nullable(),
  /** The key's scopes when the service tells them (GET /me `apiKey`), else null: unknown. */
  scopes: z.array(z.string()).nullable(),
  key: KeyStatus,
  active: z.boolean(),
});
export type ProfileView = z.infer<typeof ProfileView>;

export const profilesMethods = {
  listProfiles: m(None, z.array(ProfileView), 'Every saved connection, the active one marked.'),
  connectProfile: m(
    z.object({
      baseUrl: BaseUrl,
      apiKey: ApiKey,
      label: z.string().max(100).optional(),
      brandId: Id.optional(),
      /** 'session' keeps the key in memory only, for machines without a keychain. */
      storage: z.enum(['keychain', 'session']).optional(),
    }),
    ProfileView,
    'Checks the key with GET /me, stores it in the keychain, and makes the profile active.',
  ),
  replaceKey: m(
    z.object({ profileId: Id, apiKey: ApiKey, storage: z.enum(['keychain', 'session']).optional() }),
    ProfileView,
    'Swaps the key of a profile after checking it.',
  ),
  switchProfile: m(z.object({ profileId: Id }), ProfileView, 'Makes another profile active.'),
  removeProfile: m(
    z.object({ profileId: Id }),
    z.object({ removed: z.boolean() }),
    'Deletes a profile and its key.',
  ),
  startSandbox: m(
    None,
    ProfileView,
    'Starts the built-in local service and connects to it with its test key.',
  ),
  getMe: m(None, MeResponse, 'GET /me for the active profile and brand.'),
} as const;

export const profilesEvents = {
  profileChanged: z.object({ profileId: z.string().nullable() }),
} as const;

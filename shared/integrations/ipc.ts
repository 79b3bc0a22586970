import { z } from 'zod';
import { PlatformType } from '../platforms/types.js';
import { Id, m, None } from '../ipc/method.js';

/*
 * Integrations: the accounts a brand posts to. No endpoint lists them: they are learned from posts
 * or added by id.
 */

export const IntegrationView = z.object({
  id: z.string(),
  platform: PlatformType.nullable(),
  name: z.string(),
  picture: z.string().nullable(),
  disconnected: z.boolean(),
  /** 'learned' from GET /posts, or 'added' by the user by id. */
  source: z.enum(['learned', 'added']),
});
export type IntegrationView = z.infer<typeof IntegrationView>;

export const integrationsMethods = {
  listIntegrations: m(None, z.array(IntegrationView), 'Connected accounts known for the active brand.'),
  addIntegration: m(
    z.object({ id: Id, platform: PlatformType, name: z.string().max(200).optional() }),
    IntegrationView,
    'Adds an account by its id and platform.',
  ),
} as const;

import { AppFailure } from '../core/app-failure.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { createLogger } from '../log.js';
import type { SandboxYear } from '../analytics/sandbox-year.js';

const log = createLogger('profiles');

type ProfileMethod =
  | 'listProfiles'
  | 'connectProfile'
  | 'replaceKey'
  | 'switchProfile'
  | 'removeProfile'
  | 'startSandbox'
  | 'getMe';

/**
 * Connections and their keys, and the built-in sandbox. `ready` settles once a sandbox that was the
 * active connection listens again (it takes a new port at every start): calls wait for it.
 */
export function setupProfiles(
  ctx: AppContext,
  { sandboxStarted }: { sandboxStarted?: (year: SandboxYear) => void } = {},
): FeatureSetup<ProfileMethod> & { ready: Promise<unknown> } {
  const { profiles, host } = ctx;
  const learned = ctx.repos.integrations;
  const startSandbox = async () => {
    if (!host.startSandbox) {
      throw new AppFailure(
        'INTERNAL',
        'The built-in sandbox is not part of this build: connect to your service instead.',
      );
    }
    const sandbox = await host.startSandbox();
    const view = await profiles.connectSandbox(sandbox);
    const brands: SandboxYear['brands'][number][] = [];
    // Every seeded account, so the composer lists them before any post has mentioned them.
    for (const { brandId, integrations: seeded } of sandbox.accounts ?? []) {
      learned.learn(view.id, brandId, seeded);
      brands.push({ profileId: view.id, brandId, integrations: seeded });
    }
    for (const { profileId, key } of await profiles.connectSandboxOthers(
      sandbox.baseUrl,
      sandbox.others ?? [],
    ))
      for (const { brandId, integrations: seeded } of key.accounts ?? []) {
        learned.learn(profileId, brandId, seeded);
        brands.push({ profileId, brandId, integrations: seeded });
      }
    // Every seeded account is known now: its past year is imported (once), and a snapshot gives
    // Analytics the service's own window at once.
    sandboxStarted?.({ brands, ...(sandbox.pastYear ? { pastYear: sandbox.pastYear } : {}) });
    return view;
  };
  const ready: Promise<unknown> =
    host.startSandbox && profiles.activeIsSandbox()
      ? startSandbox().catch((error: unknown) => log.error('could not restart the sandbox', error))
      : Promise.resolve();
  return {
    ready,
    handlers: {
      listProfiles: () => profiles.list(),
      connectProfile: (input) => profiles.connect(input),
      replaceKey: (input) => profiles.replaceKey(input),
      switchProfile: ({ profileId }) => profiles.switchProfile(profileId),
      removeProfile: ({ profileId }) => profiles.remove(profileId),
      startSandbox,
      getMe: () => profiles.getMe(),
    },
  };
}

import { AppFailure } from '../core/app-failure.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { createLogger } from '../log.js';

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
  { sandboxStarted }: { sandboxStarted?: () => void } = {},
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
    // Every seeded account, so the composer lists them before any post has mentioned them.
    for (const { brandId, integrations: seeded } of sandbox.accounts ?? [])
      learned.learn(view.id, brandId, seeded);
    for (const { profileId, key } of await profiles.connectSandboxOthers(
      sandbox.baseUrl,
      sandbox.others ?? [],
    ))
      for (const { brandId, integrations: seeded } of key.accounts ?? [])
        learned.learn(profileId, brandId, seeded);
    // Every seeded account is known now: a snapshot gives Analytics its data at once.
    sandboxStarted?.();
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

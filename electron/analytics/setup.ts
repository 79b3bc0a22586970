import type { AppContext, FeatureSetup } from '../context/app-context.js';

/** An account's analytics, read from the service for the active connection. */
export function setupAnalytics({ profiles }: AppContext): FeatureSetup<'getProfileAnalytics'> {
  return {
    handlers: {
      getProfileAnalytics: async ({ integrationId }) =>
        (await profiles.active()).api.getProfileAnalytics(integrationId),
    },
  };
}

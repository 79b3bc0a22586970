import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { IntegrationsService } from './integrations-service.js';

/** Connected accounts of a brand; the service is lent to the import, which checks rows against them. */
export function setupIntegrations({
  db,
  now,
}: AppContext): FeatureSetup<'listIntegrations' | 'addIntegration'> & { service: IntegrationsService } {
  const service = new IntegrationsService({ db, now });
  return {
    service,
    handlers: {
      listIntegrations: async (_, ctx) => service.listIntegrations(requireBrand(ctx)),
      addIntegration: async (input, ctx) => service.addIntegration(requireBrand(ctx), input),
    },
  };
}

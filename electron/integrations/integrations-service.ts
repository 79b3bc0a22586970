import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { IntegrationsRepo } from './integrations-repo.js';

/** Connected accounts of a brand: learned by sync, or added by the user by id. */
export class IntegrationsService {
  private readonly repo: IntegrationsRepo;

  constructor(o: { db: AppDatabase; now?: () => Date }) {
    this.repo = new IntegrationsRepo(o.db, o.now);
  }

  listIntegrations(active: ActiveBrand): IpcOutput<'listIntegrations'> {
    return this.repo.list(active.profileId, active.brandId);
  }

  addIntegration(active: ActiveBrand, input: IpcInput<'addIntegration'>): IpcOutput<'addIntegration'> {
    return this.repo.add(active.profileId, active.brandId, {
      id: input.id.trim(),
      platform: input.platform,
      name: input.name,
    });
  }
}

import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { notConnected } from '../core/app-failure.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { IntegrationsRepo } from './integrations-repo.js';

/** Connected accounts of the active brand: learned by sync, or added by the user by id. */
export class IntegrationsService {
  private readonly repo: IntegrationsRepo;

  constructor(private readonly o: { db: AppDatabase; active: () => ActiveBrand | null; now?: () => Date }) {
    this.repo = new IntegrationsRepo(o.db, o.now);
  }

  listIntegrations(): IpcOutput<'listIntegrations'> {
    const active = this.requireActive();
    return this.repo.list(active.profileId, active.brandId);
  }

  addIntegration(input: IpcInput<'addIntegration'>): IpcOutput<'addIntegration'> {
    const active = this.requireActive();
    return this.repo.add(active.profileId, active.brandId, {
      id: input.id.trim(),
      platform: input.platform,
      name: input.name,
    });
  }

  private requireActive(): ActiveBrand {
    const active = this.o.active();
    if (!active) throw notConnected();
    return active;
  }
}

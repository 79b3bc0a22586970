import { randomUUID } from 'node:crypto';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { Draft } from '../../shared/drafts/ipc.js';
import { AppFailure } from '../core/app-failure.js';
import { otherBrands } from '../store/brand-scope.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { DraftsRepo } from './drafts-repo.js';

/** The composer's autosave: drafts of the brand a call acts on, kept locally until sent. */
export class DraftsService {
  private readonly repo: DraftsRepo;
  private readonly now: () => Date;

  constructor(o: { db: AppDatabase; now?: () => Date }) {
    this.repo = new DraftsRepo(o.db);
    this.now = o.now ?? (() => new Date());
  }

  listDrafts(active: ActiveBrand): Draft[] {
    return this.repo.list(active.profileId, active.brandId);
  }

  getDraft(active: ActiveBrand, input: IpcInput<'getDraft'>): IpcOutput<'getDraft'> {
    const draft = this.repo.getForBrand(active, input.id);
    if (!draft)
      throw new AppFailure('NOT_FOUND', 'This draft no longer exists; it may have been sent or deleted.');
    return draft;
  }

  /** Creates or updates; the creation time of an existing draft is kept. */
  saveDraft(active: ActiveBrand, input: IpcInput<'saveDraft'>): IpcOutput<'saveDraft'> {
    const at = this.now().toISOString();
    const existing = input.id ? this.repo.getForBrand(active, input.id) : null;
    if (input.brandId && input.brandId !== active.brandId) throw otherBrands('draft');
    if (input.id && !existing && this.repo.exists(input.id)) {
      throw new AppFailure('CONFLICT', 'This draft belongs to another account; open it from that account.');
    }
    const draft: Draft = {
      ...input,
      id: input.id ?? randomUUID(),
      brandId: input.brandId ?? active.brandId,
      createdAt: existing?.createdAt ?? at,
      updatedAt: at,
    };
    return this.repo.save(active.profileId, draft);
  }

  deleteDraft(active: ActiveBrand, input: IpcInput<'deleteDraft'>): IpcOutput<'deleteDraft'> {
    return {
      deleted:
        this.repo.getForBrand(active, input.id) !== null && this.repo.remove(active.profileId, input.id),
    };
  }
}

import { randomUUID } from 'node:crypto';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { Draft } from '../../shared/drafts/ipc.js';
import { AppFailure, notConnected } from '../core/app-failure.js';
import { otherBrands } from '../store/brand-scope.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { DraftsRepo } from './drafts-repo.js';

/** The composer's autosave: drafts of the active profile, kept locally until sent. */
export class DraftsService {
  private readonly repo: DraftsRepo;
  private readonly now: () => Date;

  constructor(private readonly o: { db: AppDatabase; active: () => ActiveBrand | null; now?: () => Date }) {
    this.repo = new DraftsRepo(o.db);
    this.now = o.now ?? (() => new Date());
  }

  listDrafts(): Draft[] {
    const active = this.requireActive();
    return this.repo.list(active.profileId, active.brandId);
  }

  getDraft(input: IpcInput<'getDraft'>): IpcOutput<'getDraft'> {
    const draft = this.repo.getForBrand(this.requireActive(), input.id);
    if (!draft)
      throw new AppFailure('NOT_FOUND', 'This draft no longer exists; it may have been sent or deleted.');
    return draft;
  }

  /** Creates or updates; the creation time of an existing draft is kept. */
  saveDraft(input: IpcInput<'saveDraft'>): IpcOutput<'saveDraft'> {
    const active = this.requireActive();
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

  deleteDraft(input: IpcInput<'deleteDraft'>): IpcOutput<'deleteDraft'> {
    const active = this.requireActive();
    return {
      deleted:
        this.repo.getForBrand(active, input.id) !== null && this.repo.remove(active.profileId, input.id),
    };
  }

  private requireActive(): ActiveBrand {
    const active = this.o.active();
    if (!active) throw notConnected();
    return active;
  }
}

import type { PublishingApi } from '../api/publishing-api.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { BulkBatchesRepo } from '../bulk/bulk-batches-repo.js';
import type { DraftsRepo } from '../drafts/drafts-repo.js';
import type { MediaRepo } from '../media/media-repo.js';
import type { SnippetsRepo } from '../snippets/snippets-repo.js';
import type { AppDatabase } from '../store/database.js';
import type { OutboxRepo } from '../outbox/outbox-repo.js';
import type { SendOutcome, SentCopy } from '../outbox/outbox-worker.js';
import type { PostsCache } from '../store/posts-cache.js';
import type { ActivityLog } from '../activity/activity-log.js';

/** The repositories the posts module writes through, built once by the composition root. */
export interface PostsStores {
  outbox: OutboxRepo;
  cache: PostsCache;
  media: MediaRepo;
  drafts: DraftsRepo;
  snippets: SnippetsRepo;
  batches: BulkBatchesRepo;
  /** The activity log: each write records its entry in its own transaction (absent in some tests). */
  activity?: ActivityLog;
}

/** Whether the service answers, as the sync engine knows it: a send known to be offline does not wait. */
export interface Network {
  readonly online: boolean;
}

/** What the posts module's parts share: the stores, the clock, the network, and the outbox's wake-up. */
export interface PostsDeps extends PostsStores {
  db: AppDatabase;
  now: () => Date;
  reachability: Network;
  apiOf(active: ActiveBrand): Promise<PublishingApi | null>;
  /** Wakes the outbox after a local write (the write's answer tells the window what it shows now). */
  afterWrite(scope: ActiveBrand): void;
  /** Waits up to `ms` for what the outbox worker makes of a send just queued (OutboxWorker.outcomeOf). */
  outcomeOf(ids: readonly string[], ms: number): Promise<SendOutcome>;
  /** The copy the outbox will send (tracked links): checked against the platform rules as sent. */
  sentCopy?: SentCopy;
}

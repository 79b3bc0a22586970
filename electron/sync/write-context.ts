import { randomUUID } from 'node:crypto';
import type { PublishingApi } from '../api/publishing-api.js';
import type { DraftsRepo } from '../drafts/drafts-repo.js';
import { AppFailure } from '../ipc/app-failure.js';
import type { MediaRepo } from '../media/media-repo.js';
import { checkUploadFile, UploadFileError, type CheckedFile } from '../media/upload-check.js';
import type { AppDatabase } from '../store/database.js';
import type { OutboxOp, OutboxRecord, OutboxRepo } from '../store/outbox-repo.js';
import type { CachedPost, PostsCache } from '../store/posts-cache.js';
import { rescheduleSummary } from './outbox-views.js';
import type { Reachability } from './reachability.js';
import { whyTimePassed } from '../../shared/posts/time-passed.js';

/** What the write paths of the sync engine share. */

export interface ActiveBrand {
  profileId: string;
  brandId: string;
}

export interface WriteContext {
  db: AppDatabase;
  now: () => Date;
  outbox: OutboxRepo;
  cache: PostsCache;
  media: MediaRepo;
  drafts: DraftsRepo;
  reachability: Reachability;
  apiOf(active: ActiveBrand): Promise<PublishingApi | null>;
  /** Wakes the outbox after a local write (the write's answer tells the window what it shows now). */
  afterWrite(scope: ActiveBrand): void;
}

export interface NewOperation {
  id?: string;
  op: OutboxOp;
  key: string;
  summary: string;
  postId?: string | null;
  group?: string | null;
  draftId?: string | null;
}

/** Adds an operation to the outbox with a fresh id and idempotency marker; answers its id. */
export function enqueue(outbox: OutboxRepo, active: ActiveBrand, item: NewOperation): string {
  const id = item.id ?? randomUUID();
  outbox.add({ id, profileId: active.profileId, brandId: active.brandId, marker: randomUUID(), ...item });
  return id;
}

/**
 * Queues a move of a post the calendar has from the service (inside the caller's transaction): a
 * move of it still waiting in the outbox just takes the new time, else a new reschedule is queued.
 * One drag, a bulk change and its undo all move posts this way. Answers the outbox id.
 */
export function queueMove(
  outbox: OutboxRepo,
  active: ActiveBrand,
  post: Pick<CachedPost, 'id' | 'group' | 'content' | 'publishDate'>,
  date: string,
  waiting: OutboxRecord | undefined,
): string {
  const summary = rescheduleSummary(post.content, date);
  if (waiting && waiting.kind === 'reschedule') {
    outbox.update(waiting.id, {
      op: { kind: 'reschedule', payload: { ...waiting.payload, date } },
      status: 'pending',
      nextAttemptMs: null,
      lastError: null,
      summary,
    });
    return waiting.id;
  }
  return enqueue(outbox, active, {
    op: { kind: 'reschedule', payload: { postId: post.id, date, serverDate: post.publishDate } },
    key: post.group ? `group:${post.group}` : `post:${post.id}`,
    summary,
    postId: post.id,
    group: post.group,
  });
}

export const MISSING_DATE = 'Pick a date and time for a scheduled post.';

export function requireFuture(now: () => Date, date: string): void {
  const passed = whyTimePassed(date, now().getTime());
  if (passed) throw new AppFailure('INVALID_ARGUMENT', passed);
}

/** The file checks, as an error the renderer shows as it is. */
export async function checkFileForUser(path: string): Promise<CheckedFile> {
  try {
    return await checkUploadFile(path);
  } catch (err) {
    if (err instanceof UploadFileError) throw new AppFailure('INVALID_ARGUMENT', err.message);
    throw err;
  }
}

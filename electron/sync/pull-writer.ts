import { z } from 'zod';
import { listItems } from '../../shared/api/lists.js';
import { PostListItem } from '../../shared/api/resources.js';
import { ipcEvents } from '../../shared/ipc/contract.js';
import type { IntegrationsRepo, LearnedIntegration } from '../integrations/integrations-repo.js';
import type { AppDatabase } from '../store/database.js';
import type { OutboxReads } from '../outbox/outbox-repo.js';
import type { PostOutcome, PostsCache } from '../store/posts-cache.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import { groupsBeingReplaced } from '../outbox/outbox-overlay.js';
import { nextTurn, pullSlices } from './pull-slices.js';

/*
 * What a pull does with the service's answer: read it (JSON), check every item (zod), and write it
 * into the cache a slice at a time. It runs in the pull worker (pull-worker.ts), a thread of its
 * own with its own connection to the database file, so none of it holds main's event loop: main
 * keeps the request and its faults, and announces what the worker reports.
 */

/** Items checked before the worker looks at its messages (a stop). */
const CHECK_SLICE = 2_000;

/** One answer to write: main's request, and the answer's bytes as they arrived (transferred). */
export interface PullJob {
  job: number;
  profileId: string;
  brandId: string;
  startMs: number;
  endMs: number;
  /** When the request left: a post the outbox confirmed after it is newer than the answer. */
  requestedAt: string;
  /** The setting that says when the brand was last pulled, written once all is. */
  syncedAtKey: string;
  /**
   * When the service's answer arrived, by main's clock (the one clock of the app, which tests set):
   * the brand is up to date as of then. The worker reads no clock of its own.
   */
  answeredAt: string;
  body: ArrayBuffer;
}

/** What main sends the worker. */
export type PullRequest = { type: 'pull'; pull: PullJob } | { type: 'stop' };

/** What the worker sends main, checked as it arrives (a boundary like any other). */
export const PullReply = z.discriminatedUnion('type', [
  /**
   * A slice committed (its posts, its accounts): how many posts changed, and the posts in it that
   * reached a final state, announced at once.
   */
  z.object({
    type: z.literal('slice'),
    job: z.number(),
    changed: z.number(),
    outcomes: z.array(ipcEvents.postOutcome),
  }),
  /** Every slice written (or the pull stopped): how many posts changed. */
  z.object({ type: z.literal('done'), job: z.number(), changed: z.number(), stopped: z.boolean() }),
  /** The answer is not a post list: nothing was written. */
  z.object({
    type: z.literal('refused'),
    job: z.number(),
    kind: z.enum(['unreadable', 'malformed']),
    detail: z.string(),
  }),
  /** Writing failed (the database): what was written so far stays. */
  z.object({ type: z.literal('failed'), job: z.number(), message: z.string() }),
]);
export type PullReply = z.infer<typeof PullReply>;

export interface PullWriterStores {
  db: AppDatabase;
  cache: PostsCache;
  outbox: OutboxReads;
  integrations: IntegrationsRepo;
  settings: SettingsRepo;
  /** Called before each slice's transaction: returns when main's connection is not writing. */
  waitTurn?: () => void;
}

type Checked =
  { ok: true; items: PostListItem[] } | { ok: false; kind: 'unreadable' | 'malformed'; detail: string };

/** The answer's bytes as a list of posts, or why not (the same words as the API client's). */
export async function readPostList(body: ArrayBuffer, running: () => boolean): Promise<Checked> {
  const text = new TextDecoder().decode(body);
  let parsed: unknown;
  if (text.trim() !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, kind: 'unreadable', detail: 'post list' };
    }
  }
  const list = listItems(parsed, 'posts');
  if (list === null) return { ok: false, kind: 'malformed', detail: 'post list: expected a list' };
  const items: PostListItem[] = [];
  for (const [index, entry] of list.entries()) {
    if (index > 0 && index % CHECK_SLICE === 0) {
      await nextTurn();
      if (!running()) return { ok: true, items };
    }
    const result = PostListItem.safeParse(entry);
    if (!result.success) {
      const first = result.error.issues[0];
      const where = first && first.path.length > 0 ? ` at ${first.path.map(String).join('.')}` : '';
      return {
        ok: false,
        kind: 'malformed',
        detail: `post list item ${index}${where}: ${first?.message ?? 'invalid'}`,
      };
    }
    items.push(result.data);
  }
  return { ok: true, items };
}

/**
 * Writes one answer: a slice at a time, each its own short transaction (main's own writes, a
 * drag's outbox entry, wait for the lock only that long), with a turn of the worker's event loop
 * between them so a stop is seen. `onSlice` hears of each slice once committed.
 */
export async function writePull(
  s: PullWriterStores,
  job: PullJob,
  running: () => boolean,
  onSlice: (slice: { changed: number; outcomes: PostOutcome[] }) => void,
): Promise<PullReply> {
  const checked = await readPostList(job.body, running);
  if (!checked.ok) return { type: 'refused', job: job.job, ...checked };
  const { profileId, brandId, requestedAt } = job;
  let changed = 0;
  for (const slice of pullSlices(checked.items, job.startMs, job.endMs)) {
    if (!running()) return { type: 'done', job: job.job, changed, stopped: true };
    s.waitTurn?.();
    // A copy of the service's posts: committed without waiting for the disk (see copyTx).
    const result = s.db.copyTx(() => {
      const keep = postsHeldByOutbox(s, profileId, brandId);
      // A post confirmed by the outbox after this request left is newer than the answer: kept as
      // it is, neither dropped nor written back to what the answer said (an answer may wait in
      // this thread behind other brands' while the user moves one of its posts).
      const newer = new Set([
        ...s.cache.idsSyncedAfter(profileId, brandId, slice.startMs, slice.endMs, requestedAt),
        // Moved out of this stretch since: the answer still lists it here.
        ...s.cache.idsOfSyncedAfter(
          profileId,
          brandId,
          slice.items.map((i) => i.id),
          requestedAt,
        ),
      ]);
      for (const id of newer) keep.add(id);
      const replaced = s.cache.replaceRange(
        profileId,
        brandId,
        slice.startMs,
        slice.endMs,
        newer.size > 0 ? slice.items.filter((i) => !newer.has(i.id)) : slice.items,
        requestedAt,
        keep,
      );
      s.integrations.learn(profileId, brandId, accountsOf(slice.items));
      return replaced;
    });
    changed += result.changed;
    onSlice({ changed: result.changed, outcomes: result.outcomes });
    await nextTurn();
  }
  if (!running()) return { type: 'done', job: job.job, changed, stopped: true };
  // Here, not on main: any write of main's waits for the lock and makes every kept answer stale.
  s.waitTurn?.();
  s.settings.set(job.syncedAtKey, job.answeredAt);
  return { type: 'done', job: job.job, changed, stopped: false };
}

/** Posts a queued operation still refers to, which a pull must not drop from the cache. */
function postsHeldByOutbox(s: PullWriterStores, profileId: string, brandId: string): Set<string> {
  const ops = s.outbox.list({ profileId, brandId });
  const held = new Set<string>();
  for (const op of ops) if (op.kind === 'reschedule') held.add(op.payload.postId);
  for (const group of groupsBeingReplaced(ops).keys()) {
    for (const p of s.cache.listGroup(profileId, brandId, group)) held.add(p.id);
  }
  return held;
}

/**
 * The accounts a slice's posts name, each once (a slice of 50 posts names a handful): the same as
 * learning them post by post, where a later post's non-empty name and picture win.
 */
export function accountsOf(items: readonly PostListItem[]): LearnedIntegration[] {
  const byId = new Map<string, LearnedIntegration>();
  for (const i of items) {
    const found: LearnedIntegration = { ...i.integration, platform: i.integration.platform ?? null };
    const before = byId.get(found.id);
    byId.set(
      found.id,
      before
        ? {
            ...found,
            platform: found.platform ?? before.platform,
            name: found.name ? found.name : before.name,
            picture: found.picture ?? before.picture,
          }
        : found,
    );
  }
  return [...byId.values()];
}

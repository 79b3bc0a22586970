import { ErrorCode } from '../../shared/api/errors.js';
import type { PostCreateResultItem } from '../../shared/api/resources.js';
import { comparable, createPostsSafely, findCreatedPosts } from '../api/create-posts-safely.js';
import { ApiError } from '../api/errors.js';
import type { PublishingApi } from '../api/publishing-api.js';
import { AppFailure } from '../core/app-failure.js';
import type { Emit } from '../core/events.js';
import type { DraftsRepo } from '../drafts/drafts-repo.js';
import { createLogger } from '../log.js';
import { LabelsRepo } from '../labels/labels-repo.js';
import type { CategoriesRepo } from '../categories/categories-repo.js';
import { usesOfCreate, type MediaRepo } from '../media/media-repo.js';
import { uploadOrReuse } from '../media/media-reuse.js';
import { checkUploadFile, UploadFileError } from '../media/upload-check.js';
import type { AppDatabase } from '../store/database.js';
import type { CreatePayload, OutboxHead, OutboxRecord, OutboxRepo } from './outbox-repo.js';
import type { PostsCache } from '../store/posts-cache.js';
import { retryDelayMs, type BackoffOptions } from './backoff.js';
import { buildCreateRequest, MissingMediaError, postsFromCreate } from './create-request.js';
import { outboxItemView } from './outbox-views.js';
import { PostClaims } from './post-claims.js';
import { activityGroupOf, type ActivityLog } from '../activity/activity-log.js';
import type { ActivityChange } from '../../shared/activity/model.js';

/*
 * Sends the outbox to the service, oldest first, a few operations at a time (SLOTS; one upload at
 * most, so a large video takes one slot and never holds up a reschedule). Operations sharing a key
 * (one post, group or draft: a reschedule or delete after its create, an upload before the post
 * that uses it) run strictly in order, one at a time. Each operation is marked 'sending' on disk
 * before its request leaves and removed only in the transaction that stores the server's answer
 * (which also marks the next ones sending: one commit a step).
 *
 * A fault costs the operation that met it, not the queue: it waits its own backoff while the other
 * slots go on. The API key (the profile) is held back as a whole only when the service shows it is
 * the key's or the service's state: a second 429 in a row (one alone may be a blip; two mean the
 * key's limit is spent), SLOTS passing faults in a row with nothing getting through (an outage),
 * or a connection that could not even be opened (offline). A hang costs its slot only until
 * STALL_MS: the slot is then lent to the next operation while the hung request runs out its timeout.
 */

const log = createLogger('outbox');

/** The API for a profile and brand, or null when it has no usable key right now. */
export type ApiFor = (
  profileId: string,
  brandId: string,
) => PublishingApi | null | Promise<PublishingApi | null>;

export type { Emit } from '../core/events.js';

/**
 * The repositories the worker writes through, handed in by the composition root: sending and
 * confirming operations is the one outbox and cache write outside the posts module (lint allows it).
 */
export interface WorkerStores {
  outbox: OutboxRepo;
  cache: PostsCache;
  media: MediaRepo;
  drafts: DraftsRepo;
  /** Labels and notes: a confirmed create carries them to the service's group (absent in some tests). */
  labels?: LabelsRepo;
  /** Content categories: they follow a confirmed create the same way (absent in some tests). */
  categories?: CategoriesRepo;
  /** The activity log: the service's answer to a send is recorded with it (absent in some tests). */
  activity?: ActivityLog;
}
const scopeOf = (op: Pick<OutboxRecord, 'profileId' | 'brandId'>) => `${op.profileId}\u0000${op.brandId}`;

/** Requests in flight at once, across every brand. */
export const SLOTS = 4;
/**
 * An operation silent this long has most likely met a hang: it stops holding its slot (the request
 * stays alive until the client's timeout, and nothing of it is sent again before then), so a hang
 * costs this, not the whole timeout. A quarter of the client's 20 s.
 */
export const STALL_MS = 5_000;
/** Uploads in flight at once: a second large file would only share the same bandwidth. */
const UPLOAD_SLOTS = 1;
/** 429s in a row, with nothing through between, that hold the whole key. */
const RATE_LIMIT_STRIKES = 2;
/** Other passing faults in a row, with nothing through between, that hold the whole key. */
const OUTAGE_STRIKES = SLOTS;

/**
 * What became of a send someone waits for (the composer's "Post now" and "Schedule"): the
 * service's results; refused, with the reason (its operations have left the outbox, the draft
 * stays); or still on its way: a passing fault met (`error`), a decision asked of the user
 * (`message`), or the wait ran out, and the outbox carries on with it as with any change.
 */
export type SendOutcome =
  | { kind: 'confirmed'; results: PostCreateResultItem[] }
  | { kind: 'refused'; error: unknown }
  | { kind: 'onItsWay'; error: ApiError | null; message: string | null };

/** A send being waited for: its operations (uploads, then the create) and how to answer. */
interface Watch {
  ids: readonly string[];
  answer(outcome: SendOutcome): void;
}

/** An operation in flight: what it blocks while it runs. */
interface Flight {
  key: string;
  upload: boolean;
  looks: string[];
  done: Promise<void>;
  /** Silent past stallMs: its slot is lent to another operation. */
  stalled: boolean;
  stall: NodeJS.Timeout | null;
}

/** What the service has shown of one API key's state lately (the rate limit counts per key). */
interface KeyState {
  /** No new request for this key before this time. */
  holdUntilMs: number;
  /** Passing faults in a row since the last answer that got through. */
  faults: number;
  /** 429s in a row since the last answer that got through. */
  limited: number;
}

export interface OutboxWorkerOptions {
  db: AppDatabase;
  stores: WorkerStores;
  apiFor: ApiFor;
  emit: Emit;
  now: () => Date;
  backoff: BackoffOptions;
  random: () => number;
  /**
   * Something about this operation changed: only the outbox counts, or also how its posts show
   * (`newPostIds`: posts a create just made, which the operation itself does not name).
   */
  onChanged: (op: OutboxRecord, what: 'counts' | 'posts', newPostIds?: readonly string[]) => void;
  /** A call reached the service (true) or could not (false). */
  onReachability: (online: boolean, error: string | null) => void;
  /** Requests in flight at once (default SLOTS). */
  slots?: number;
  /**
   * After how long an operation in flight stops holding its slot (default STALL_MS). At most
   * `slots` stalled operations live beside the `slots` working ones.
   */
  stallMs?: number;
  /** Whether an operation must stay back for now (a post waiting for approval, electron/review/). */
  holds?: (op: OutboxHead) => boolean;
  /**
   * The copy of a create that goes to the service (tracked links, electron/links/); absent: as
   * saved. Every send passes here, whichever door queued it.
   */
  sentCopy?: SentCopy;
}

/** The copy of a create that goes to the service, for the operation (or draft) it comes from. */
export type SentCopy = <P extends CreatePayload>(
  op: Pick<OutboxRecord, 'id' | 'profileId' | 'brandId' | 'draftId'> & { replacesGroup?: string | null },
  payload: P,
) => P;

export class OutboxWorker {
  private readonly outbox: OutboxRepo;
  private readonly cache: PostsCache;
  private readonly media: MediaRepo;
  private readonly drafts: DraftsRepo;
  /** Operations in flight, by id, with their key (taken before the first await). */
  private readonly inFlight = new Map<string, Flight>();
  private readonly claims: PostClaims;
  private readonly uploads = new Map<string, AbortController>();
  /** By profile: the API key the service counts its limits on. */
  private readonly keys = new Map<string, KeyState>();
  /** Brands whose key could not be read; they wait for the next wake (a key set, a brand switch). */
  private readonly unavailable = new Set<string>();
  /** Sends someone waits for, by each of their operations' ids. */
  private readonly watches = new Map<string, Watch>();
  private wakeTimer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(private readonly o: OutboxWorkerOptions) {
    this.outbox = o.stores.outbox;
    this.cache = o.stores.cache;
    this.media = o.stores.media;
    this.drafts = o.stores.drafts;
    this.claims = new PostClaims(o.db, o.now);
  }

  start(): void {
    this.stopped = false;
    this.outbox.clearWaits();
    this.claims.prune();
    const recovered = this.outbox.recoverInterrupted();
    if (recovered > 0)
      log.info(
        `${recovered} operation(s) were interrupted while sending; they will be checked before any resend`,
      );
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    for (const ac of this.uploads.values()) ac.abort();
    await this.idle();
    for (const watch of new Set(this.watches.values()))
      watch.answer({ kind: 'onItsWay', error: null, message: null });
  }

  /**
   * Waits up to `ms` for what becomes of a send just queued (its uploads and its create, in that
   * order under one key) and sends what is due now. The one place a create is sent and, after an
   * answer that was lost, looked for, is this worker: the composer waits on it rather than sending
   * the post itself. A definite refusal met while someone waits takes the send's operations out
   * of the outbox (the waiter shows the reason beside the draft, which stays) instead of leaving
   * a failed change there; after `ms` the send is the outbox's like any other change.
   */
  outcomeOf(ids: readonly string[], ms: number): Promise<SendOutcome> {
    return new Promise((resolve) => {
      const watch: Watch = {
        ids,
        answer: (outcome) => {
          clearTimeout(timer);
          for (const id of ids) if (this.watches.get(id) === watch) this.watches.delete(id);
          resolve(outcome);
        },
      };
      const timer = setTimeout(() => watch.answer({ kind: 'onItsWay', error: null, message: null }), ms);
      for (const id of ids) this.watches.set(id, watch);
      this.wake();
    });
  }

  /**
   * Sends what is due (a change just queued, an approval, a key set); every wait the service
   * asked for (a backoff, a held key) still holds.
   */
  wake(): void {
    if (this.stopped) return;
    this.unavailable.clear();
    this.pump();
  }

  /** Ends every wait and sends now: the network is back, a key was set, the user asked to retry. */
  retryNow(): void {
    if (this.stopped) return;
    this.keys.clear();
    this.outbox.clearWaits();
    this.wake();
  }

  /** Resolves once nothing is being sent and nothing is due (tests, shutdown, syncNow). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) {
      await Promise.all([...this.inFlight.values()].map((f) => f.done));
    }
  }

  /** Stops an upload in flight; the caller removes its outbox row. */
  abortUpload(id: string): boolean {
    const ac = this.uploads.get(id);
    ac?.abort();
    return ac !== undefined;
  }

  /** Fills the free slots with operations that are due; each one, when done, fills its slot again. */
  private pump(): void {
    if (this.stopped) return;
    // Marked sending each as its request leaves (after its key is read): a write the user makes
    // meanwhile (a second drag, a delete) still finds it waiting and may change or replace it.
    for (const op of this.reserve(null)) this.launch(op, false);
  }

  /**
   * Writes what became of an operation and hands its slot on in the same transaction: the next
   * operations are marked sending in the commit that settles this one, so a step costs one commit.
   */
  private settle(op: OutboxRecord, write: () => void): void {
    const next = this.o.db.tx(() => {
      write();
      return this.markSending(this.reserve(op.id));
    });
    this.release(op.id);
    for (const n of next) this.launch(n, true);
  }

  /**
   * The operations to send next (at most the free slots; `finishing` is settling, so its slot and
   * key count as free). Schedules the wake-up for those waiting when slots stay free.
   */
  private reserve(finishing: string | null): OutboxRecord[] {
    if (this.stopped) return [];
    const slots = this.o.slots ?? SLOTS;
    const flights = [...this.inFlight].filter(([id]) => id !== finishing).map(([, f]) => f);
    const working = flights.filter((f) => !f.stalled).length;
    // A stalled operation's slot is lent out, but never more than `slots` of them at once.
    const free = Math.min(slots - working, 2 * slots - flights.length);
    if (free <= 0) return [];
    // Each pump reads only the operations due (by index): a long queue must not cost its square.
    const { runnable, wakeAt } = this.plan(free, flights);
    if (runnable.length < free) this.scheduleWake(wakeAt);
    return runnable;
  }

  /**
   * Marks operations as leaving, on disk, before their requests do (a crash then means "maybe
   * sent": looked for before any resend). Silent: the counts (pending includes sending) and the
   * calendar look the same while it leaves. Returns them as marked.
   */
  private markSending(ops: OutboxRecord[]): OutboxRecord[] {
    const at = this.o.now().toISOString();
    return ops.map((op) => {
      const createLike = op.kind === 'create' || (op.kind === 'edit' && op.phase !== 'delete');
      // A create that may be on the service already keeps the time of that first send: it is
      // looked for around it.
      const sentAt = createLike ? (op.maybeSent && op.sentAt ? op.sentAt : at) : undefined;
      return (
        this.outbox.update(op.id, {
          status: 'sending',
          attempts: op.attempts + 1,
          ...(sentAt ? { sentAt } : {}),
        }) ?? op
      );
    });
  }

  /** Frees an operation's slot and key (once: when it settled, and again when its run ends). */
  private release(id: string, flight?: Flight): void {
    const current = this.inFlight.get(id);
    if (!current || (flight && current !== flight)) return;
    if (current.stall) clearTimeout(current.stall);
    this.inFlight.delete(id);
  }

  /** Runs an operation in a slot; `marked`: already marked sending (in the commit that settled another). */
  private launch(taken: OutboxRecord, marked: boolean): void {
    let op = taken;
    const flight: Flight = {
      key: op.key,
      upload: op.kind === 'upload',
      looks: looksOf(op),
      done: Promise.resolve(),
      stalled: false,
      stall: null,
    };
    this.inFlight.set(op.id, flight);
    flight.stall = setTimeout(() => {
      flight.stall = null;
      if (this.inFlight.get(op.id) !== flight) return;
      flight.stalled = true;
      this.pump();
    }, this.o.stallMs ?? STALL_MS);
    flight.done = (async () => {
      const api = await this.apiOf(op);
      if (api) {
        if (!marked) op = this.markSending([op])[0] ?? op;
        await this.run(api, op);
      } else {
        this.unavailable.add(scopeOf(op));
        // Nothing left: it waits as it was before it was marked.
        if (marked) this.outbox.update(op.id, { status: 'pending', attempts: taken.attempts - 1 });
      }
    })()
      .catch((err: unknown) => log.error('the outbox stopped an operation on an unexpected error', err))
      .finally(() => {
        this.release(op.id, flight);
        this.pump();
      });
  }

  private async apiOf(op: OutboxRecord): Promise<PublishingApi | null> {
    try {
      return await this.o.apiFor(op.profileId, op.brandId);
    } catch (err) {
      log.warn(`no usable key for ${op.profileId}/${op.brandId}; its operations wait`, err);
      return null;
    }
  }

  /**
   * Reads the operations due now (the repository's dueHeads, not the whole queue): those that may
   * run, and when the next one will be due. An operation waits behind any earlier one sharing its
   * key (even a failed one: the user decides) and behind one of its key in flight, and behind its
   * API key's hold after repeated 429s or an outage. Among those due, one that has not failed yet goes before one coming back
   * from a retry wait (then the one whose wait ended first), so an operation that keeps meeting a
   * fault of its own cannot hold up the others.
   */
  private plan(free: number, flights: readonly Flight[]): { runnable: OutboxRecord[]; wakeAt: number } {
    const now = this.o.now().getTime();
    const blocked = new Set(flights.map((f) => f.key));
    const uploading = flights.filter((f) => f.upload).length >= UPLOAD_SLOTS;
    const heldProfiles: string[] = [];
    let wakeAt = Infinity;
    for (const [profileId, key] of this.keys)
      if (key.holdUntilMs > now) {
        heldProfiles.push(profileId);
        // Early at worst: a held key with nothing due wakes a pump that finds nothing.
        wakeAt = Math.min(wakeAt, key.holdUntilMs);
      }
    const skip = { heldProfiles, unavailable: [...this.unavailable] };
    const runnable: OutboxRecord[] = [];
    // Two identical creates are never in flight together: a lookup after a lost answer could take
    // the other's post while that one's answer is still on its way, before the other claims it.
    const looking = new Set(flights.flatMap((f) => f.looks));
    // Only what is due is read, and only as far as it fills the free slots: passed over are those
    // behind an operation in flight, held for approval, a second upload or a twin create, so the
    // read grows until the slots are full or nothing due is left.
    let limit = free + flights.length + 8;
    for (;;) {
      const due = this.outbox.dueHeads(now, skip, limit);
      runnable.length = 0;
      let uploadTaken = uploading;
      const taken = new Set(looking);
      for (const op of due) {
        if (runnable.length >= free) break;
        if (blocked.has(op.key) || (op.kind === 'upload' && uploadTaken)) continue;
        // Putting a discarded change right is never held back: it takes a post off, or back.
        if (op.discardedAt === null && this.o.holds?.(op)) continue;
        const record = this.outbox.get(op.id);
        // A row too damaged to read is reported by the repository and passed over.
        if (!record) continue;
        const looks = looksOf(record);
        if (looks.some((l) => taken.has(l))) continue;
        for (const l of looks) taken.add(l);
        runnable.push(record);
        if (op.kind === 'upload') uploadTaken = true;
      }
      if (runnable.length >= free || due.length < limit) break;
      limit *= 4;
    }
    if (runnable.length < free) {
      const next = this.outbox.nextDueMs(now, skip);
      if (next !== null) wakeAt = Math.min(wakeAt, next);
    }
    return { runnable, wakeAt };
  }

  /** With a slot left free: wakes when the earliest waiting operation becomes due. */
  private scheduleWake(wakeAt: number): void {
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
    if (wakeAt === Infinity) return;
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = null;
        this.pump();
      },
      Math.max(0, wakeAt - this.o.now().getTime()),
    );
  }

  private async run(api: PublishingApi, op: OutboxRecord): Promise<void> {
    try {
      if (op.discardedAt !== null) await this.putRight(api, op);
      else
        switch (op.kind) {
          case 'create':
            await this.sendCreate(api, op, op.payload);
            break;
          case 'edit':
            // The new version exists: what is left of the edit is the delete of the old group.
            if (op.phase === 'delete') await this.sendDelete(api, op, op.payload.replacesGroup);
            else await this.sendCreate(api, op, op.payload);
            break;
          case 'reschedule':
            await this.sendReschedule(api, op, op.payload.postId, op.payload.date);
            break;
          case 'deleteGroup':
            await this.sendDelete(api, op, op.payload.group);
            break;
          case 'upload':
            await this.sendUpload(api, op, op.payload);
            break;
        }
      this.keys.delete(op.profileId);
    } catch (err) {
      this.failed(op, err);
    }
  }

  /** A scheduled time that passed while waiting is never sent silently: the user decides. */
  private missedTime(op: OutboxRecord, date: string): boolean {
    if (Date.parse(date) > this.o.now().getTime()) return false;
    this.askAboutMissedTime(op, date);
    return true;
  }

  private askAboutMissedTime(op: OutboxRecord, date: string): void {
    const createLike = op.kind === 'create' || (op.kind === 'edit' && op.phase !== 'delete');
    this.outbox.update(op.id, {
      status: 'needsDecision',
      // A create was looked for already when it may have been sent: whatever the user decides is
      // a fresh create. A move that may have reached the service keeps saying so.
      ...(createLike ? { maybeSent: false } : {}),
      lastError:
        op.discardedAt !== null
          ? `This move may already have reached the service, and the time it had before (${date}) has passed, so it cannot go back there. Post it now or pick a new time; discard it to keep the time the service has.`
          : `The time it was scheduled for (${date}) passed before it could be sent. Post it now or pick a new time.`,
    });
    this.o.onChanged(op, 'posts');
    this.watches
      .get(op.id)
      ?.answer({ kind: 'onItsWay', error: null, message: this.outbox.get(op.id)?.lastError ?? null });
  }

  /** The create as it is sent: the saved payload with the brand's tracking rules applied. */
  private sent<P extends CreatePayload>(op: OutboxRecord, payload: P): P {
    if (!this.o.sentCopy) return payload;
    return this.o.sentCopy(
      { ...op, replacesGroup: op.kind === 'edit' ? op.payload.replacesGroup : null },
      payload,
    );
  }

  private async sendCreate(api: PublishingApi, op: OutboxRecord, saved: CreatePayload): Promise<void> {
    const payload = this.sent(op, saved);
    // A create that may be on the service already is looked for even when its time has passed:
    // asking the user to post it again would make a second copy.
    if (payload.type === 'schedule' && !op.maybeSent && this.missedTime(op, payload.date)) return;
    const request = buildCreateRequest(payload, (m) => {
      const found = m.localPath ? this.media.findByLocalPath(op.profileId, op.brandId, m.localPath) : null;
      return found ? { id: found.media.id, path: found.media.path } : null;
    });
    // Marked when the operation was taken (markSending): the time of this send, or of the first one.
    const sentAt = op.sentAt ?? this.o.now().toISOString();
    if (payload.type === 'schedule' && Date.parse(payload.date) <= this.o.now().getTime()) {
      // A failing lookup throws: a passing fault, so the operation waits and looks again.
      // Looked for once per attempt: a failing lookup waits as the operation, not in its slot.
      const found = await findCreatedPosts(api, request, new Date(sentAt), this.claimedByOther(op), {
        once: true,
      });
      this.o.onReachability(true, null);
      if (found) {
        this.confirmCreate(op, payload, found);
        this.media.recordUses(op.profileId, op.brandId, usesOfCreate(request, found));
      } else this.askAboutMissedTime(op, payload.date);
      return;
    }
    // A create that may already be on the service (crash or ambiguous answer) is looked for first.
    const results = await createPostsSafely(api, request, {
      mayAlreadyExist: op.maybeSent,
      now: op.maybeSent ? () => new Date(sentAt) : this.o.now,
      claimed: this.claimedByOther(op),
      // A lookup that fails throws: the operation then waits its own backoff and its slot is free
      // (the client's retries slept in the slot while other operations waited for one).
      lookOnce: true,
    });
    this.o.onReachability(true, null);
    this.confirmCreate(op, payload, results);
    this.media.recordUses(op.profileId, op.brandId, usesOfCreate(request, results));
  }

  private confirmCreate(op: OutboxRecord, payload: CreatePayload, results: PostCreateResultItem[]): void {
    const syncedAt = this.o.now().toISOString();
    const items = postsFromCreate(payload, results, syncedAt);
    this.settle(op, () => {
      this.cache.upsert(op.profileId, op.brandId, items, syncedAt);
      this.claims.claim(
        op,
        op.id,
        items.map((i) => i.id),
      );
      if (op.draftId) this.drafts.remove(op.profileId, op.draftId);
      const sources = LabelsRepo.sourcesOf({
        id: op.id,
        draftId: op.draftId,
        replacesGroup: op.kind === 'edit' ? op.payload.replacesGroup : null,
      });
      const groups = [...new Set(results.map((r) => r.group))];
      this.o.stores.labels?.carryOver(op.profileId, op.brandId, sources, groups);
      this.o.stores.categories?.carryOver(op.profileId, op.brandId, sources, groups);
      const named = groups.filter((g) => g !== '');
      this.o.stores.activity?.confirmed(
        { ...op, replacesGroup: op.kind === 'edit' ? op.payload.replacesGroup : null },
        named,
      );
      this.noteAnswer(
        op,
        { kind: 'confirmed', what: op.kind === 'edit' ? 'edit' : 'create', posts: results.length },
        named[0],
      );
      if (op.kind === 'edit') {
        this.outbox.update(op.id, {
          phase: 'delete',
          result: results,
          status: 'pending',
          attempts: 0,
          maybeSent: false,
          lastError: null,
          nextAttemptMs: null,
        });
      } else {
        this.outbox.remove(op.id);
      }
    });
    this.o.onChanged(
      op,
      'posts',
      items.map((i) => i.id),
    );
    this.watches.get(op.id)?.answer({ kind: 'confirmed', results });
  }

  private claimedByOther(op: OutboxRecord): (postId: string) => boolean {
    return (postId) => this.claims.claimedByOther(op, op.id, postId);
  }

  private async sendReschedule(
    api: PublishingApi,
    op: OutboxRecord,
    postId: string,
    date: string,
  ): Promise<void> {
    if (this.missedTime(op, date)) return;
    const item = await api.sendReschedule(postId, date);
    this.o.onReachability(true, null);
    this.settle(op, () => {
      this.cache.upsert(op.profileId, op.brandId, [item], this.o.now().toISOString());
      this.outbox.remove(op.id);
      this.noteAnswer(op, { kind: 'confirmed', what: 'move', posts: 1 }, item.group ?? postId);
    });
    this.o.onChanged(op, 'posts');
  }

  /** Deletes a group (or, for an edit, the old version's group) and forgets it in the cache. */
  private async sendDelete(api: PublishingApi, op: OutboxRecord, group: string): Promise<void> {
    await this.deleteTolerant(api, group);
    this.settle(op, () => {
      this.cache.removeGroup(op.profileId, op.brandId, group);
      this.outbox.remove(op.id);
      // An edit's delete of its old version is part of the edit, confirmed with its create.
      if (op.kind === 'deleteGroup')
        this.noteAnswer(op, { kind: 'confirmed', what: 'delete', posts: 0 }, group);
    });
    this.o.onChanged(op, 'posts');
  }

  /** A delete whose group is already gone (an earlier attempt got through) has done its job. */
  private async deleteTolerant(api: PublishingApi, group: string): Promise<void> {
    try {
      await api.deleteGroup(group);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
    this.o.onReachability(true, null);
  }

  /**
   * A change the user discarded (or undid) although it may already be on the service: put the
   * service right, then drop it. A create is looked for as a create that may exist is (around the
   * time of its first send) and whatever is found is deleted; a move goes back to the time the
   * service had before (its payload says so since the discard); a delete is checked: posts it
   * already took are forgotten here too, posts still there stay. A lookup that fails is a passing
   * fault like any other: the change waits and is looked at again, never dropped.
   */
  private async putRight(api: PublishingApi, op: OutboxRecord): Promise<void> {
    switch (op.kind) {
      case 'create':
        return this.takeBackCreate(api, op, op.payload);
      case 'edit':
        if (op.phase === 'delete') return this.checkDelete(api, op, op.payload.replacesGroup);
        return this.takeBackCreate(api, op, op.payload);
      case 'reschedule':
        return this.sendReschedule(api, op, op.payload.postId, op.payload.date);
      case 'deleteGroup':
        return this.checkDelete(api, op, op.payload.group);
      case 'upload':
        // An upload may be on the service without harm: no post uses it.
        this.settle(op, () => this.outbox.remove(op.id));
        this.o.onChanged(op, 'counts');
    }
  }

  private async takeBackCreate(api: PublishingApi, op: OutboxRecord, saved: CreatePayload): Promise<void> {
    // Looked for as it was sent: with its links tracked.
    const payload = this.sent(op, saved);
    // Only the accounts, texts, type and date are looked at: a local file needs no media id here.
    const request = buildCreateRequest(payload, (m) => ({
      id: m.mediaId ?? `local:${m.localPath ?? m.name}`,
      path: m.path ?? m.localPath ?? m.name,
    }));
    const sentAt = op.sentAt ?? this.o.now().toISOString();
    // An edit's old version may have the same text and time: it is what the user keeps, never taken.
    const kept = new Set(
      op.kind === 'edit'
        ? this.cache.listGroup(op.profileId, op.brandId, op.payload.replacesGroup).map((p) => p.id)
        : [],
    );
    const claimed = this.claimedByOther(op);
    const found = await findCreatedPosts(
      api,
      request,
      new Date(sentAt),
      (postId) => kept.has(postId) || claimed(postId),
      { once: true },
    );
    this.o.onReachability(true, null);
    const replaced = op.kind === 'edit' ? op.payload.replacesGroup : null;
    const groups = [...new Set((found ?? []).map((r) => r.group).filter((g) => g !== '' && g !== replaced))];
    for (const group of groups) await this.deleteTolerant(api, group);
    if (groups.length > 0)
      log.info(`discarded ${op.kind} ${op.id} had reached the service: deleted it there`);
    const gone = groups.flatMap((g) => this.cache.listGroup(op.profileId, op.brandId, g).map((p) => p.id));
    this.settle(op, () => {
      for (const group of groups) this.cache.removeGroup(op.profileId, op.brandId, group);
      this.outbox.remove(op.id);
    });
    this.o.onChanged(op, 'posts', [...new Set([...gone, ...(found ?? []).map((r) => r.postId)])]);
  }

  private async checkDelete(api: PublishingApi, op: OutboxRecord, group: string): Promise<void> {
    const shown = this.cache.listGroup(op.profileId, op.brandId, group).map((p) => p.id);
    const postId = op.postId ?? shown[0] ?? null;
    let gone = false;
    if (postId !== null) {
      try {
        await api.getPost(postId);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        gone = true;
      }
      this.o.onReachability(true, null);
    }
    // Gone: the delete got through, and a delete cannot be undone. Still there: it stays.
    this.settle(op, () => {
      if (gone) this.cache.removeGroup(op.profileId, op.brandId, group);
      this.outbox.remove(op.id);
    });
    this.o.onChanged(op, 'posts', shown);
  }

  private async sendUpload(
    api: PublishingApi,
    op: OutboxRecord,
    payload: { path: string; name: string },
  ): Promise<void> {
    const file = await checkUploadFile(payload.path);
    const ac = new AbortController();
    this.uploads.set(op.id, ac);
    const progress = (sent: number) =>
      this.o.emit('uploadProgress', { uploadId: op.id, sent, total: file.size, state: 'uploading' });
    progress(0);
    try {
      // The same bytes already on the service for this brand are reused, not sent again.
      const { media } = await uploadOrReuse(
        { repo: this.media, profileId: op.profileId, brandId: op.brandId },
        file,
        () =>
          api.uploadMedia({
            path: payload.path,
            name: payload.name,
            onProgress: (p) => progress(p.sent),
            signal: ac.signal,
          }),
        ac.signal,
      );
      this.o.onReachability(true, null);
      this.settle(op, () => this.outbox.remove(op.id));
      this.o.emit('uploadProgress', {
        uploadId: op.id,
        sent: file.size,
        total: file.size,
        state: 'done',
        media,
      });
      this.o.onChanged(op, 'counts');
    } finally {
      this.uploads.delete(op.id);
    }
  }

  /**
   * A passing fault of the service (or of the way to it) for an API key: holds every operation of
   * that key once the faults show the key's or the service's state rather than one request's bad
   * luck. The hold is the service's Retry-After, else a wait that grows while the faults last and
   * starts over once something gets through.
   */
  private holdKey(profileId: string, err: ApiError): void {
    const state = this.keys.get(profileId) ?? { holdUntilMs: 0, faults: 0, limited: 0 };
    this.keys.set(profileId, state);
    state.faults++;
    if (err.status === 429) state.limited++;
    const notConnected = err.kind === 'network' && !err.maybeDelivered;
    let hold: number | null = null;
    if (state.limited >= RATE_LIMIT_STRIKES || (err.status === 429 && state.faults >= OUTAGE_STRIKES)) {
      hold = err.retryAfterMs ?? retryDelayMs(state.limited, this.o.backoff, null, this.o.random);
    } else if (notConnected || state.faults >= OUTAGE_STRIKES) {
      const streak = notConnected ? state.faults : state.faults - OUTAGE_STRIKES + 1;
      hold = err.retryAfterMs ?? retryDelayMs(streak, this.o.backoff, null, this.o.random);
    }
    if (hold !== null) state.holdUntilMs = Math.max(state.holdUntilMs, this.o.now().getTime() + hold);
  }

  /**
   * The service's answer to a send, in the activity log (inside the settling transaction). Uploads
   * are not changes to a post; the group is the operation's until a create's confirmation names one.
   */
  private noteAnswer(op: OutboxRecord, change: ActivityChange, group?: string): void {
    if (op.kind === 'upload') return;
    this.o.stores.activity?.record(
      op,
      { group: group ?? activityGroupOf(op), outboxId: op.id },
      { origin: { kind: 'outbox' }, who: { kind: 'service' }, change },
    );
  }

  /** Decides what a failure means: wait and retry, or stop this operation for the user. */
  private failed(op: OutboxRecord, err: unknown): void {
    const current = this.outbox.get(op.id);
    if (!current) return; // discarded or cancelled meanwhile
    const watch = this.watches.get(op.id);
    const passing = err instanceof ApiError && (err.retryable || err.kind === 'aborted');
    // A 2xx of another shape may well have been applied: it stays, to be put right if discarded.
    const applied = err instanceof ApiError && err.kind === 'malformed';
    if (watch && !passing && !applied) {
      // Refused while the composer waits: the send leaves the outbox and the composer says why.
      this.settle(op, () => {
        for (const id of watch.ids) {
          const gone = this.outbox.get(id);
          this.outbox.remove(id);
          if (gone) this.noteAnswer(gone, { kind: 'refused', what: gone.kind, reason: failureMessage(err) });
        }
      });
      log.info(`${op.kind} ${op.id} was refused while its sender waited: ${failureMessage(err)}`);
      this.o.onChanged(op, 'posts');
      watch.answer({ kind: 'refused', error: err });
      return;
    }
    if (
      err instanceof ApiError &&
      err.code === ErrorCode.DATE_IN_PAST &&
      op.kind !== 'upload' &&
      op.kind !== 'deleteGroup'
    ) {
      // The time passed on the way (a slow network, a clock ahead of ours): the user decides, as offline.
      this.settle(op, () => {
        const reason =
          'The time it was scheduled for passed before the service received it. Post it now or pick a new time.';
        this.outbox.update(op.id, { status: 'needsDecision', lastError: reason });
        this.noteAnswer(op, { kind: 'refused', what: op.kind, reason });
      });
    } else if (err instanceof ApiError && passing) {
      const attempts = Math.max(current.attempts, 1);
      const delay = retryDelayMs(attempts, this.o.backoff, err.retryAfterMs, this.o.random);
      const nextAttemptMs = this.o.now().getTime() + delay;
      // Before the slot is handed on: a hold of the key stops the next operation too.
      if (err.holdsEveryone) this.holdKey(op.profileId, err);
      this.settle(op, () => {
        this.outbox.update(op.id, {
          status: 'pending',
          nextAttemptMs,
          lastError: err.message,
          // Whatever its kind: a move or a delete that may be out is put right, not dropped, by Discard and Undo.
          maybeSent: current.maybeSent || err.ambiguous,
        });
        // The first passing fault of a send is on record; the retries of one outage are not, one by one.
        if (attempts === 1) this.noteAnswer(op, { kind: 'willRetry', reason: err.message });
      });
      if (err.unreachable) this.o.onReachability(false, err.message);
      // The one line for this failed request (the layers below it log it at debug level only).
      log.warn(`${op.kind} ${op.id} will be retried in ${delay} ms: ${err.message}`);
      // Still on its way: the calendar shows the same, only the outbox's wait and reason change.
      this.o.onChanged(op, 'counts');
      watch?.answer({ kind: 'onItsWay', error: err, message: null });
      return;
    } else {
      // Only a definite refusal (a 4xx other than 408/429, an answer of another shape, a local
      // problem) gets here. An error status is still an answer: the service is reachable.
      if (err instanceof ApiError && err.kind === 'http') this.o.onReachability(true, null);
      const message = failureMessage(err);
      this.settle(op, () => {
        this.outbox.update(op.id, {
          status: 'failed',
          lastError: message,
          nextAttemptMs: null,
          ...(applied ? { maybeSent: true } : {}),
        });
        this.noteAnswer(op, { kind: 'refused', what: op.kind, reason: message });
      });
      if (op.kind === 'upload') {
        this.o.emit('uploadProgress', {
          uploadId: op.id,
          sent: 0,
          total: op.payload.size,
          state: 'failed',
          error: message,
        });
      }
      log.warn(`${op.kind} ${op.id} stopped: ${message}`);
      const stopped = this.outbox.get(op.id);
      // Told once, wherever the user is: the Outbox keeps it until they retry or discard it.
      if (stopped) this.o.emit('outboxFailed', outboxItemView(stopped));
      watch?.answer({ kind: 'onItsWay', error: null, message });
    }
    this.o.onChanged(op, 'posts');
  }
}

/** What a lookup of a create-like operation would match on: each account with its first block's text. */
function looksOf(op: OutboxRecord): string[] {
  const payload = op.kind === 'create' || (op.kind === 'edit' && op.phase !== 'delete') ? op.payload : null;
  if (!payload) return [];
  return payload.targets.map((t) =>
    JSON.stringify([op.profileId, op.brandId, t.integrationId, comparable(t.blocks[0]?.content ?? '')]),
  );
}

/** The reason shown beside a stopped operation: the service's sentence and each of its issues. */
export function failureMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const issues = err.issues.map(
      (i) => `${i.target === null ? '' : `account ${i.target + 1}: `}${i.message}`,
    );
    return [err.message, ...issues].join(' ');
  }
  if (err instanceof AppFailure || err instanceof MissingMediaError || err instanceof UploadFileError)
    return err.message;
  return `Something unexpected went wrong (${err instanceof Error ? err.message : String(err)}); retry, or discard and try again.`;
}

import type { ActivityOrigin } from '../../shared/activity/model.js';
import { randomUUID } from 'node:crypto';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { CalendarPost, PostsWritten } from '../../shared/posts/ipc.js';
import type { Draft } from '../../shared/drafts/ipc.js';
import type { SyncStatus } from '../../shared/outbox/ipc.js';
import { nextFreeSlotsFor, slotInstantsBetween, type QueueSlot } from '../../shared/queue/slots.js';
import { subjectOfDraft, subjectOfPost } from '../../shared/labels/model.js';
import type { DraftsRepo } from '../drafts/drafts-repo.js';
import { AppFailure } from '../core/app-failure.js';
import type { BrandsRepo } from '../store/brands-repo.js';
import type { AppDatabase } from '../store/database.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { mergeWritten } from '../posts/post-commands.js';
import { BRAND_DEFAULT, type SlotsRepo } from './slots-repo.js';

/*
 * The posting queue: weekly slots per account (or the brand's default), the
 * next free slot of each account (free = no post of that account in that minute, as the calendar
 * knows it: the service's posts plus local changes waiting in the outbox), and sending a draft there.
 */

const DAY = 24 * 60 * 60_000;
/** How far ahead the posts are read to know which slots are taken. */
export const BUSY_WINDOW_DAYS = 91;

/** Instants (ms) already taken, per account. */
export type BusyByAccount = Map<string, number[]>;

export interface QueueServiceOptions {
  db: AppDatabase;
  slots: SlotsRepo;
  drafts: DraftsRepo;
  brands: BrandsRepo;
  now: () => Date;
  listPosts: (brand: ActiveBrand, range: IpcInput<'listPosts'>) => Promise<IpcOutput<'listPosts'>>;
  /** Sends a draft through the posts door; `origin` says what asked (the activity log). */
  sendDraft: (
    brand: ActiveBrand,
    input: IpcInput<'sendDraft'>,
    origin?: ActivityOrigin,
  ) => Promise<IpcOutput<'sendDraft'>>;
  reschedulePost: (
    brand: ActiveBrand,
    input: IpcInput<'reschedulePost'>,
  ) => Promise<IpcOutput<'reschedulePost'>>;
  /** The sync status, for an answer that moved nothing. */
  status: () => SyncStatus;
  /** The content category (id) a post group or draft carries, by its subject; none when absent. */
  categoryOf?: (brand: ActiveBrand, subject: string) => string | null;
}

const NO_SLOTS = (name: string) =>
  `${name} has no posting slots yet; add some under Queue, or pick a time instead.`;

export class QueueService {
  private readonly slots: SlotsRepo;
  private readonly drafts: DraftsRepo;
  private readonly brands: BrandsRepo;

  constructor(private readonly o: QueueServiceOptions) {
    this.slots = o.slots;
    this.drafts = o.drafts;
    this.brands = o.brands;
  }

  /** The brand's zone on this device, or the system's: the zone slots are written in. */
  timezone(active: ActiveBrand): string {
    return (
      this.brands.get(active.profileId, active.brandId)?.timezone ??
      Intl.DateTimeFormat().resolvedOptions().timeZone
    );
  }

  /** An account's slots, or the brand default's, of the brand the call acts on. */
  getQueueSlots(
    active: ActiveBrand,
    { integrationId }: Pick<IpcInput<'getQueueSlots'>, 'integrationId'>,
  ): IpcOutput<'getQueueSlots'> {
    const key = integrationId ?? BRAND_DEFAULT;
    const own = this.slots.get(active.profileId, active.brandId, key);
    const slots =
      own ??
      (key === BRAND_DEFAULT ? [] : (this.slots.get(active.profileId, active.brandId, BRAND_DEFAULT) ?? []));
    return {
      integrationId,
      slots,
      inherited: own === null && key !== BRAND_DEFAULT,
      timezone: this.timezone(active),
    };
  }

  setQueueSlots(
    active: ActiveBrand,
    { integrationId, slots }: IpcInput<'setQueueSlots'>,
  ): IpcOutput<'setQueueSlots'> {
    this.slots.set(active.profileId, active.brandId, integrationId ?? BRAND_DEFAULT, slots);
    return this.getQueueSlots(active, { integrationId });
  }

  /** Gives other accounts the same slots as one account (or the brand default). */
  copyQueueSlots(active: ActiveBrand, { from, to }: IpcInput<'copyQueueSlots'>): IpcOutput<'copyQueueSlots'> {
    const { slots } = this.getQueueSlots(active, { integrationId: from });
    this.o.db.tx(() => {
      for (const id of to) this.slots.set(active.profileId, active.brandId, id, slots);
    });
    return { copied: to.length };
  }

  /** The slots an account posts in: its own, else the brand's default. */
  slotsOf(active: ActiveBrand, integrationId: string): QueueSlot[] {
    return (
      this.slots.get(active.profileId, active.brandId, integrationId) ??
      this.slots.get(active.profileId, active.brandId, BRAND_DEFAULT) ??
      []
    );
  }

  /** Reads the coming weeks' posts once and answers the instants each account already uses. */
  async busyFor(active: ActiveBrand, skipPostId: string | null = null): Promise<BusyByAccount> {
    const start = this.o.now().getTime();
    const { posts } = await this.o.listPosts(active, {
      start: new Date(start).toISOString(),
      end: new Date(start + BUSY_WINDOW_DAYS * DAY).toISOString(),
    });
    const busy: BusyByAccount = new Map();
    for (const p of posts) {
      if (p.id === skipPostId) continue;
      const list = busy.get(p.integration.id) ?? [];
      list.push(Date.parse(p.publishDate));
      busy.set(p.integration.id, list);
    }
    return busy;
  }

  /**
   * The next `count` free slots of each account, given what is taken: for a post of `category`,
   * the slots kept for it first, then open ones; for a post without one, open slots only.
   */
  plan(
    active: ActiveBrand,
    integrationIds: readonly string[],
    busy: BusyByAccount,
    count: number,
    category: string | null = null,
  ) {
    const timezone = this.timezone(active);
    // A slot this close is likely past by the time the outbox sends it: start a minute ahead.
    const from = this.o.now().getTime() + 60_000;
    return integrationIds.map((integrationId) => {
      const chosen = nextFreeSlotsFor(
        this.slotsOf(active, integrationId),
        category,
        timezone,
        from,
        busy.get(integrationId) ?? [],
        count,
      );
      return {
        integrationId,
        dates: chosen.map((c) => new Date(c.at).toISOString()),
        reserved: chosen.map((c) => c.reserved),
      };
    });
  }

  /** What "Add to queue" would choose, shown before anything is sent. */
  async previewQueue(
    active: ActiveBrand,
    { integrationIds, count, categoryId }: IpcInput<'previewQueue'>,
  ): Promise<IpcOutput<'previewQueue'>> {
    const accounts = this.plan(
      active,
      integrationIds,
      await this.busyFor(active),
      count ?? 1,
      categoryId ?? null,
    );
    return { timezone: this.timezone(active), accounts };
  }

  /**
   * Schedules a local draft at the next free slot of each of its accounts, through the outbox.
   * Accounts whose slots differ get one create each (a split copy of the draft per time).
   * `busy` lets a bulk import reuse one read and keep counting what it queued.
   */
  async queueDraft(
    active: ActiveBrand,
    input: IpcInput<'queueDraft'>,
    busy?: BusyByAccount,
    origin?: ActivityOrigin,
  ): Promise<IpcOutput<'queueDraft'>> {
    const draft = this.drafts.getForBrand(active, input.draftId);
    if (!draft)
      throw new AppFailure(
        'NOT_FOUND',
        'This draft no longer exists; it may have been sent or deleted already.',
      );
    if (draft.targets.length === 0)
      throw new AppFailure('INVALID_ARGUMENT', 'Choose at least one account to post to.');
    const taken = busy ?? (await this.busyFor(active));
    const chosen = this.plan(
      active,
      draft.targets.map((t) => t.integrationId),
      taken,
      1,
      this.o.categoryOf?.(active, subjectOfDraft(draft)) ?? null,
    );
    const byDate = new Map<string, string[]>();
    for (const { integrationId, dates } of chosen) {
      const date = dates[0];
      if (!date) throw new AppFailure('INVALID_ARGUMENT', NO_SLOTS(this.accountName(draft, integrationId)));
      byDate.set(date, [...(byDate.get(date) ?? []), integrationId]);
    }
    const groups = [...byDate.entries()];
    const slots: IpcOutput<'queueDraft'>['slots'] = [];
    const answers: PostsWritten[] = [];
    for (const [i, [date, ids]] of groups.entries()) {
      const draftId = groups.length === 1 ? draft.id : this.splitCopy(active, draft, ids, i === 0, date).id;
      const { outboxId, ...answer } = await this.o.sendDraft(
        active,
        { draftId, type: 'schedule', date },
        origin,
      );
      answers.push(answer);
      for (const integrationId of ids) {
        slots.push({ integrationId, date, outboxId });
        taken.set(integrationId, [...(taken.get(integrationId) ?? []), Date.parse(date)]);
      }
    }
    if (groups.length > 1) this.drafts.remove(active.profileId, draft.id);
    return { slots, ...mergeWritten(answers, this.o.status()) };
  }

  /** Moves a post to its account's next free slot (the post's own time does not count as taken). */
  async moveToNextFreeSlot(
    active: ActiveBrand,
    { id }: IpcInput<'moveToNextFreeSlot'>,
  ): Promise<IpcOutput<'moveToNextFreeSlot'>> {
    const start = this.o.now().getTime();
    const { posts } = await this.o.listPosts(active, {
      start: new Date(start).toISOString(),
      end: new Date(start + BUSY_WINDOW_DAYS * DAY).toISOString(),
    });
    const post: CalendarPost | undefined = posts.find((p) => p.id === id);
    if (!post)
      throw new AppFailure(
        'NOT_FOUND',
        'This post is not among the coming weeks’ posts; refresh the calendar.',
      );
    const busy = await this.busyFor(active, id);
    const category = this.o.categoryOf?.(active, subjectOfPost(post)) ?? null;
    const [plan] = this.plan(active, [post.integration.id], busy, 1, category);
    const date = plan?.dates[0];
    if (!date) throw new AppFailure('INVALID_ARGUMENT', NO_SLOTS(post.integration.name ?? 'This account'));
    return { date, ...(await this.o.reschedulePost(active, { id, date })) };
  }

  /**
   * "Shuffle": the account's scheduled posts that sit on its slots swap times among those same
   * slots, so the queue's order changes and no new time is taken. Each move goes through the outbox.
   */
  async shuffleQueue(
    active: ActiveBrand,
    { integrationId }: IpcInput<'shuffleQueue'>,
    random: () => number = Math.random,
  ): Promise<IpcOutput<'shuffleQueue'>> {
    const start = this.o.now().getTime() + 60_000;
    const end = start + BUSY_WINDOW_DAYS * DAY;
    // Posts swap only among slots kept for the same category (or open ones), so a category's
    // slots keep its posts.
    const slots = this.slotsOf(active, integrationId);
    const kindOf = new Map<number, string>();
    for (const kind of new Set(slots.map((s) => s.category ?? ''))) {
      const kept = slots.filter((s) => (s.category ?? '') === kind);
      for (const at of slotInstantsBetween(kept, this.timezone(active), start, end))
        if (!kindOf.has(at)) kindOf.set(at, kind);
    }
    const { posts } = await this.o.listPosts(active, {
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
    });
    const queued = posts.filter(
      (p) =>
        p.integration.id === integrationId &&
        p.state === 'scheduled' &&
        !p.pending &&
        !p.localOnly &&
        kindOf.has(Date.parse(p.publishDate)),
    );
    const dates = queued.map((p) => p.publishDate);
    for (const kind of new Set(kindOf.values())) {
      const places = queued.flatMap((p, i) => (kindOf.get(Date.parse(p.publishDate)) === kind ? [i] : []));
      for (let i = places.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        const a = places[i] ?? 0;
        const b = places[j] ?? 0;
        [dates[a], dates[b]] = [dates[b] ?? '', dates[a] ?? ''];
      }
    }
    const answers: PostsWritten[] = [];
    for (const [i, post] of queued.entries()) {
      const date = dates[i];
      if (!date || date === post.publishDate) continue;
      const { outboxId: _, ...answer } = await this.o.reschedulePost(active, { id: post.id, date });
      answers.push(answer);
    }
    return { moved: answers.length, ...mergeWritten(answers, this.o.status()) };
  }

  private splitCopy(active: ActiveBrand, draft: Draft, ids: string[], first: boolean, date: string): Draft {
    const at = this.o.now().toISOString();
    return this.drafts.save(active.profileId, {
      ...draft,
      id: randomUUID(),
      targets: draft.targets.filter((t) => ids.includes(t.integrationId)),
      date,
      // An edit's old group goes once, with the first new copy.
      replacesGroup: first ? draft.replacesGroup : null,
      createdAt: at,
      updatedAt: at,
    });
  }

  private accountName(draft: Draft, integrationId: string): string {
    const target = draft.targets.find((t) => t.integrationId === integrationId);
    return target ? `The ${target.platform} account ${integrationId}` : 'This account';
  }
}

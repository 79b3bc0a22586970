import { randomUUID } from 'node:crypto';
import type { PostDetail } from '../../shared/api/resources.js';
import {
  EvergreenItem,
  EvergreenList,
  type EvergreenItemInput,
  type EvergreenTarget,
  type RepeatView,
} from '../../shared/evergreen/model.js';
import {
  planFills,
  type MadeFill,
  type PlanItem,
  type PlannedFill,
} from '../../shared/evergreen/plan-fills.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { Draft, DraftMedia } from '../../shared/drafts/ipc.js';
import type { SyncStatus } from '../../shared/outbox/ipc.js';
import { PlatformType } from '../../shared/platforms/types.js';
import { mediaKindFromPath } from '../../shared/platforms/validate.js';
import type { QueueSlot } from '../../shared/queue/slots.js';
import type { DraftsRepo } from '../drafts/drafts-repo.js';
import { AppFailure } from '../core/app-failure.js';
import { createLogger } from '../log.js';
import type { ActiveBrand } from '../core/active-brand.js';
import type { PostCommands } from '../posts/post-commands.js';
import type { PostsWritten } from '../../shared/posts/ipc.js';
import type { CreatePayload, OutboxReads } from '../outbox/outbox-repo.js';
import type { PostsCacheReads } from '../store/posts-cache.js';
import { validateCreatePayload } from '../outbox/create-request.js';
import { createSummary } from '../outbox/outbox-views.js';
import type { EvergreenRepo, FillRow } from './evergreen-repo.js';

/*
 * Evergreen lists: the store, the preview, and the runs that turn the plan
 * (shared/evergreen/plan-fills.ts) into posts through the outbox. A run reads the coming posts
 * (the calendar's own view: cache plus pending changes), plans the next FILL_AHEAD_DAYS and queues
 * each repeat once: its row (post, account, slot) and its outbox create land in one transaction.
 */

const log = createLogger('evergreen');
const DAY = 86_400_000;
/** How far ahead repeats are created as posts; the preview looks further. */
export const FILL_AHEAD_DAYS = 14;
export const PREVIEW_DAYS = 28;
/** A slot this close may pass before the outbox sends it (the queue's own margin). */
const LEAD_MS = 60_000;

/** What a run answers: how many repeats it queued, and the posts they show as, like every write. */
export type Ran = { created: number } & PostsWritten;

export interface EvergreenServiceOptions {
  repo: EvergreenRepo;
  outbox: OutboxReads;
  cache: PostsCacheReads;
  drafts: DraftsRepo;
  /** The door every repeat goes through (queued with its claim, announced once per run). */
  posts: Pick<PostCommands, 'queueCreates' | 'announce'>;
  /** The sync status, for a run that queued nothing. */
  status: () => SyncStatus;
  /** The brand a background run fills (the calls name their own brand). */
  active: () => ActiveBrand | null;
  now: () => Date;
  timezone: (active: ActiveBrand) => string;
  slotsOf: (active: ActiveBrand, integrationId: string) => QueueSlot[];
  listPosts: (range: IpcInput<'listPosts'>) => IpcOutput<'listPosts'> | Promise<IpcOutput<'listPosts'>>;
  getPost: (input: { id: string }) => Promise<PostDetail>;
  /** Which content category each list feeds, and giving a repeat's local post its list's category. */
  categories?: {
    ofLists: (active: ActiveBrand) => ReadonlyMap<string, string>;
    carry: (active: ActiveBrand, outboxId: string, categoryId: string) => void;
  };
}

export class EvergreenService {
  private readonly repo: EvergreenRepo;
  private readonly outbox: OutboxReads;
  private readonly cache: PostsCacheReads;
  private readonly drafts: DraftsRepo;
  /** Runs go one after another: a second waits for the first and plans from what it made. */
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: EvergreenServiceOptions) {
    this.repo = o.repo;
    this.outbox = o.outbox;
    this.cache = o.cache;
    this.drafts = o.drafts;
  }

  listEvergreen(active: ActiveBrand): IpcOutput<'listEvergreen'> {
    return {
      lists: this.repo.lists(active),
      items: this.repo.items(active),
      timezone: this.o.timezone(active),
    };
  }

  saveEvergreenList(active: ActiveBrand, { id, name }: IpcInput<'saveEvergreenList'>): EvergreenList {
    const at = this.o.now().toISOString();
    const old = id ? this.repo.list(active, id) : null;
    if (id && !old) throw missing('list');
    return this.repo.saveList(
      active,
      EvergreenList.parse({
        id: old?.id ?? randomUUID(),
        name,
        enabled: old?.enabled ?? false,
        createdAt: old?.createdAt ?? at,
        updatedAt: at,
      }),
    );
  }

  /** Turns a list on (its posts start filling at once) or pauses it (nothing made is touched). */
  async setEvergreenListEnabled(
    active: ActiveBrand,
    { id, enabled }: IpcInput<'setEvergreenListEnabled'>,
  ): Promise<IpcOutput<'setEvergreenListEnabled'>> {
    const old = this.repo.list(active, id);
    if (!old) throw missing('list');
    const list = this.repo.saveList(active, { ...old, enabled, updatedAt: this.o.now().toISOString() });
    const ran = enabled ? await this.run() : { created: 0, posts: [], hidden: [], status: this.o.status() };
    return { list, ...ran };
  }

  deleteEvergreenList(
    active: ActiveBrand,
    { id }: IpcInput<'deleteEvergreenList'>,
  ): IpcOutput<'deleteEvergreenList'> {
    return { deleted: this.repo.removeList(active, id) };
  }

  saveEvergreenItem(active: ActiveBrand, input: IpcInput<'saveEvergreenItem'>): EvergreenItem {
    if (!this.repo.list(active, input.listId)) throw missing('list');
    const old = input.id ? this.repo.item(active, input.id) : null;
    if (input.id && !old) throw missing('post');
    checkItem(input);
    const at = this.o.now().toISOString();
    return this.repo.saveItem({
      ...input,
      id: old?.id ?? randomUUID(),
      position: old && old.listId === input.listId ? old.position : this.repo.nextPosition(input.listId),
      createdAt: old?.createdAt ?? at,
      updatedAt: at,
    });
  }

  deleteEvergreenItem(
    active: ActiveBrand,
    { id }: IpcInput<'deleteEvergreenItem'>,
  ): IpcOutput<'deleteEvergreenItem'> {
    return { deleted: this.repo.removeItem(active, id) };
  }

  /** "Make evergreen" on a post or a local draft: a new evergreen post in a paused list (a new one if none). */
  async makeEvergreen(active: ActiveBrand, input: IpcInput<'makeEvergreen'>): Promise<EvergreenItem> {
    const source = input.postId
      ? fromPost(await this.o.getPost({ id: input.postId }))
      : fromDraft(this.drafts.getForBrand(active, input.draftId ?? '') ?? missingDraft());
    // A paused list: nothing is scheduled before the user has seen the preview and turned it on.
    const listId =
      input.listId ??
      this.repo.lists(active).find((l) => !l.enabled)?.id ??
      this.saveEvergreenList(active, { name: 'Evergreen' }).id;
    return this.saveEvergreenItem(active, {
      listId,
      ...source,
      cooldownDays: 7,
      endRule: { kind: 'never' },
      skipDates: [],
    });
  }

  /**
   * The next weeks of a list as if it were on (it may be paused): the repeats already made and
   * the ones a run would make, in time order.
   */
  async previewEvergreen(
    active: ActiveBrand,
    { listId, days }: IpcInput<'previewEvergreen'>,
  ): Promise<IpcOutput<'previewEvergreen'>> {
    if (!this.repo.list(active, listId)) throw missing('list');
    const from = this.o.now().getTime() + LEAD_MS;
    const to = from + (days ?? PREVIEW_DAYS) * DAY;
    const { planned, made, items } = await this.plan(active, from, to, listId);
    const ids = new Set(items.filter((i) => i.listId === listId).map((i) => i.id));
    const view = (f: PlannedFill, existing: boolean) => ({
      itemId: f.itemId,
      integrationId: f.integrationId,
      date: new Date(f.at).toISOString(),
      repeat: f.repeat,
      of: f.of,
      version: f.version,
      existing,
    });
    const fills = [
      ...made
        .filter((m) => ids.has(m.itemId) && m.slotMs >= from && m.slotMs < to)
        .map((m) => view(asPlanned(m), true)),
      ...planned.filter((p) => ids.has(p.itemId)).map((p) => view(p, false)),
    ].sort((a, b) => a.date.localeCompare(b.date) || a.integrationId.localeCompare(b.integrationId));
    return { timezone: this.o.timezone(active), fills };
  }

  /** Made repeats of the brand, for the calendar's "↻ 3/10" marks. */
  listRepeats(active: ActiveBrand): RepeatView[] {
    return this.repo.fills(active).map((f) => {
      let postId = f.postId;
      if (!postId && !(f.outboxId && this.outbox.get(f.outboxId))) {
        // The create was confirmed: its post sits in the account's slot minute.
        const found = this.cache
          .listRange(active.profileId, active.brandId, f.slotMs, f.slotMs + 60_000)
          .find((p) => p.integrationId === f.integrationId);
        if (found) {
          postId = found.id;
          this.repo.setPostId(f, found.id);
        }
      }
      return { ...fillView(f), postId, outboxId: f.outboxId };
    });
  }

  /** Plans the next FILL_AHEAD_DAYS and queues each new repeat once; answers how many were queued. */
  run(): Promise<Ran> {
    const next = this.running.then(
      () => this.runOnce(),
      () => this.runOnce(),
    );
    this.running = next.catch(() => undefined);
    return next;
  }

  /** Resolves once the run under way (if any) has ended; close() waits for it before the db closes. */
  idle(): Promise<void> {
    return this.running.then(() => undefined);
  }

  /** A run started by a timer or a pull: failures go to the log (the next run tries again). */
  kick(): void {
    if (!this.o.active()) return;
    this.run().catch((error: unknown) =>
      log.warn('an evergreen run failed; the next one tries again', error),
    );
  }

  private async runOnce(): Promise<Ran> {
    const active = this.o.active();
    const none = { created: 0, posts: [], hidden: [], status: this.o.status() };
    if (!active) return none;
    const from = this.o.now().getTime() + LEAD_MS;
    const { planned, items, synced } = await this.plan(active, from, from + FILL_AHEAD_DAYS * DAY, null);
    // Before the first pull the calendar does not know the one-off posts yet: fills could collide.
    if (!synced || planned.length === 0) return none;
    const byId = new Map(items.map((i) => [i.id, i]));
    const categoryOfList = this.o.categories?.ofLists(active) ?? new Map<string, string>();
    const queuedIds: string[] = [];
    for (const fill of planned) {
      const item = byId.get(fill.itemId);
      if (!item) continue;
      const payload = payloadOf(item, fill);
      if (!payload) continue;
      const issues = validateCreatePayload(payload);
      if (issues.length > 0) {
        log.warn(
          `evergreen post ${item.id} cannot go to ${fill.integrationId}: ${issues.map((i) => i.message).join(' ')}`,
        );
        continue;
      }
      const outboxId = randomUUID();
      const queued = this.o.posts.queueCreates(
        active,
        [
          {
            id: outboxId,
            payload,
            key: `evergreen:${fill.itemId}:${fill.integrationId}:${fill.at}`,
            summary: createSummary(
              payload,
              `Repeat ${fill.repeat}${fill.of === null ? '' : ` of ${fill.of}`}:`,
            ),
          },
        ],
        () => {
          const claimed = this.repo.claimFill(
            active,
            {
              itemId: fill.itemId,
              integrationId: fill.integrationId,
              slotMs: fill.at,
              repeat: fill.repeat,
              of: fill.of,
              version: fill.version,
            },
            outboxId,
          );
          // The repeat carries its list's category, in the same transaction as its create.
          const category = categoryOfList.get(item.listId);
          if (claimed && category) this.o.categories?.carry(active, outboxId, category);
          return claimed;
        },
        { kind: 'evergreen' },
      );
      if (queued) queuedIds.push(...queued);
    }
    // One announcement per run, with the repeats as the calendar now shows them.
    return { created: queuedIds.length, ...this.o.posts.announce(active, queuedIds) };
  }

  private async plan(active: ActiveBrand, from: number, to: number, previewList: string | null) {
    const lists = this.repo.lists(active);
    const on = new Set(lists.filter((l) => l.enabled || l.id === previewList).map((l) => l.id));
    const items = this.repo.items(active);
    const made = this.repo.fills(active);
    const categoryOfList = this.o.categories?.ofLists(active) ?? new Map<string, string>();
    const planItems: PlanItem[] = items.map((i) => ({
      category: categoryOfList.get(i.listId) ?? null,
      id: i.id,
      accounts: i.targets.map((t) => t.integrationId),
      cooldownDays: i.cooldownDays,
      endRule: i.endRule,
      skipDates: i.skipDates,
      versions: i.versions.length,
      active: on.has(i.listId),
    }));
    const accounts = [...new Set(planItems.flatMap((i) => i.accounts))];
    const { posts, syncedAt } = await this.o.listPosts({
      start: new Date(from).toISOString(),
      end: new Date(to).toISOString(),
    });
    const taken = new Map<string, number[]>();
    for (const p of posts)
      taken.set(p.integration.id, [...(taken.get(p.integration.id) ?? []), Date.parse(p.publishDate)]);
    const planned = planFills({
      items: planItems,
      slotsByAccount: new Map(accounts.map((a) => [a, this.o.slotsOf(active, a)])),
      timezone: this.o.timezone(active),
      taken,
      made: made.map((m): MadeFill => ({
        itemId: m.itemId,
        integrationId: m.integrationId,
        at: m.slotMs,
        repeat: m.repeat,
      })),
      from,
      to,
    });
    return { planned, made, items, synced: syncedAt !== null };
  }
}

const missing = (what: 'list' | 'post') =>
  new AppFailure(
    'NOT_FOUND',
    `This evergreen ${what} no longer exists; it may have been deleted in another window.`,
  );
const missingDraft = (): never => {
  throw new AppFailure('NOT_FOUND', 'This draft no longer exists; it may have been sent or deleted already.');
};

const asPlanned = (m: FillRow): PlannedFill => ({
  itemId: m.itemId,
  integrationId: m.integrationId,
  at: m.slotMs,
  repeat: m.repeat,
  of: m.of,
  version: m.version,
});

function fillView(f: FillRow) {
  return {
    itemId: f.itemId,
    integrationId: f.integrationId,
    date: new Date(f.slotMs).toISOString(),
    repeat: f.repeat,
    of: f.of,
    version: f.version,
  };
}

/** The create of one repeat: one account, the version's text, the post's media and settings. */
function payloadOf(item: EvergreenItem, fill: PlannedFill): CreatePayload | null {
  const target = item.targets.find((t) => t.integrationId === fill.integrationId);
  const content = item.versions[fill.version] ?? item.versions[0];
  if (!target || content === undefined) return null;
  return {
    type: 'schedule',
    date: new Date(fill.at).toISOString(),
    shortLink: false,
    targets: [
      {
        integrationId: target.integrationId,
        platform: target.platform,
        settings: target.settings,
        blocks: [{ content, media: item.media }],
      },
    ],
  };
}

/** Every version on every account must pass the platform rules before the post is saved. */
function checkItem(input: EvergreenItemInput): void {
  const messages: string[] = [];
  input.versions.forEach((content, v) => {
    const payload: CreatePayload = {
      type: 'schedule',
      date: new Date().toISOString(),
      shortLink: false,
      targets: input.targets.map((t) => ({ ...t, blocks: [{ content, media: input.media }] })),
    };
    for (const issue of validateCreatePayload(payload)) {
      const account = issue.target === null ? undefined : input.targets[issue.target];
      messages.push(`Version ${v + 1}${account ? ` on ${account.platform}` : ''}: ${issue.message}`);
    }
  });
  if (messages.length > 0) throw new AppFailure('INVALID_ARGUMENT', [...new Set(messages)].join(' '));
}

type Source = Pick<EvergreenItemInput, 'versions' | 'media' | 'targets'>;

function uploadedOnly(media: readonly DraftMedia[]): Source['media'] {
  if (media.some((m) => !m.mediaId || !m.path))
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'A file of this draft is not uploaded yet; send or upload it first, then make the post evergreen.',
    );
  return media.map((m) => ({ ...m, mediaId: m.mediaId ?? '', path: m.path ?? '' }));
}

function fromDraft(draft: Draft): Source {
  const first = draft.blocks[0];
  if (!first?.content.trim())
    throw new AppFailure('INVALID_ARGUMENT', 'Write the post’s text before making it evergreen.');
  if (draft.targets.length === 0)
    throw new AppFailure('INVALID_ARGUMENT', 'Choose at least one account to post to.');
  const targets: EvergreenTarget[] = draft.targets.map((t) => ({
    integrationId: t.integrationId,
    platform: t.platform,
    settings: t.settings,
  }));
  return { versions: [first.content], media: uploadedOnly(first.media), targets };
}

function fromPost(post: PostDetail): Source {
  const first = post.value[0];
  const platform = PlatformType.safeParse(post.integration.platform ?? post.settings.__type);
  if (!first?.content.trim() || !platform.success)
    throw new AppFailure(
      'INVALID_ARGUMENT',
      'This post has no text or no known platform; it cannot be made evergreen.',
    );
  const names = new Map((post.media ?? []).map((m) => [m.id, m]));
  const media = (first.image ?? []).map((ref) => ({
    localPath: null,
    mediaId: ref.id,
    path: ref.path,
    thumbnail: names.get(ref.id)?.thumbnail ?? null,
    name: names.get(ref.id)?.name ?? ref.path.split('/').pop() ?? ref.id,
    kind: mediaKindFromPath(ref) ?? ('image' as const),
  }));
  return {
    versions: [first.content],
    media,
    targets: [
      { integrationId: post.integration.id, platform: platform.data, settings: { ...post.settings } },
    ],
  };
}

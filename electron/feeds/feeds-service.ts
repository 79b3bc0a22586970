import { randomUUID } from 'node:crypto';
import { DEMO_FEEDS } from '../../shared/feeds/demo.js';
import type { DemoFeed, FeedCheck, FeedItemView, FeedView } from '../../shared/feeds/model.js';
import type { Draft, DraftMedia, DraftTarget } from '../../shared/drafts/ipc.js';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import type { DraftsRepo } from '../drafts/drafts-repo.js';
import { createLogger } from '../log.js';
import { fetchFeed, FeedProblem, type FeedFetchOptions } from './feed-fetch.js';
import { readFeedText, type FeedEntry } from './feed-parse.js';
import type { FeedRecord, FeedsRepo } from './feeds-repo.js';

const log = createLogger('feeds');

/** How many items of a feed's first read wait for review; the older ones are only remembered. */
const FIRST_READ_WAITING = 10;

export interface FeedsServiceDeps {
  feeds: FeedsRepo;
  drafts: DraftsRepo;
  now: () => Date;
  /** The brand's accounts, to address drafts and queued posts to the feed's chosen ones. */
  accounts: (brand: ActiveBrand) => IntegrationView[];
  /** The sandbox's own origin when the brand's connection is the sandbox, else null. */
  sandboxOrigin: (brand: ActiveBrand) => string | null;
  /** Queues a saved draft at its accounts' next free slots (the queue's one path). */
  queueDraft: (brand: ActiveBrand, draftId: string) => Promise<unknown>;
  /** Uploads a picture by its address through the service's URL upload; answers the draft's media. */
  uploadFromUrl: (brand: ActiveBrand, url: string) => Promise<DraftMedia>;
  /**
   * Gives a new draft the feed's content category (inside the draft's own transaction), so "Add to
   * queue" and "straight to the queue" take the category's kept slots.
   */
  categorize?: (brand: ActiveBrand, draftId: string, categoryId: string) => void;
  /** Tests stand in for DNS and shorten the limits. */
  fetchOptions?: Pick<FeedFetchOptions, 'resolve' | 'limits' | 'agent'>;
}

/**
 * Feeds to drafts: reads a brand's feeds (one at a time, so a dead one costs the rest nothing),
 * remembers every item it has seen, and makes a local draft of each item the user picks (or of
 * every new item, queued at once, for a feed set to go straight to the queue).
 */
export class FeedsService {
  constructor(private readonly d: FeedsServiceDeps) {}

  list(brand: ActiveBrand): FeedView[] {
    return this.d.feeds.list(brand).map(view);
  }

  waiting(brand: ActiveBrand): FeedItemView[] {
    return this.d.feeds.waiting(brand);
  }

  /** Reads the address once; a feed that cannot be read is refused with why, and nothing is kept. */
  async add(brand: ActiveBrand, raw: string): Promise<FeedCheck> {
    const url = new URL(raw.trim()).href;
    const live = this.liveAddress(brand, url);
    const known = this.d.feeds.list(brand).find((f) => this.liveAddress(brand, f.url) === live);
    if (known) return this.check(brand, known.id);
    let read: Awaited<ReturnType<FeedsService['read']>>;
    try {
      read = await this.read(brand, url, null);
    } catch (error) {
      if (error instanceof FeedProblem) throw new AppFailure('INVALID_ARGUMENT', error.message);
      throw error;
    }
    if (read.kind !== 'feed') throw new AppFailure('INVALID_ARGUMENT', 'The feed answered nothing to read.');
    const id = this.d.feeds.add(brand, url, this.d.now().toISOString());
    return this.keep(brand, id, read, true);
  }

  /** Reads one feed now; a failure is kept as that feed's sentence, never thrown. */
  async check(brand: ActiveBrand, id: string): Promise<FeedCheck> {
    const feed = this.d.feeds.get(brand, id);
    if (!feed) throw new AppFailure('NOT_FOUND', 'This feed was removed; add it again to read it.');
    const checkedAt = this.d.now().toISOString();
    try {
      const read = await this.read(brand, feed.url, feed);
      if (read.kind === 'unchanged') {
        this.d.feeds.saveRead(id, {
          ok: true,
          checkedAt,
          title: null,
          etag: feed.etag,
          lastModified: feed.lastModified,
        });
        return { feed: this.view(brand, id), added: 0, queued: 0 };
      }
      return await this.keep(brand, id, read, false);
    } catch (error) {
      const problem =
        error instanceof FeedProblem ? error.message : 'The feed could not be read: try again later.';
      if (!(error instanceof FeedProblem)) log.warn('a feed read failed unexpectedly', error);
      this.d.feeds.saveRead(id, { ok: false, checkedAt, problem });
      return { feed: this.view(brand, id), added: 0, queued: 0 };
    }
  }

  /** Reads every feed of every brand, one after another; each keeps its own outcome. */
  async checkAll(): Promise<void> {
    for (const feed of this.d.feeds.all()) {
      await this.check({ profileId: feed.profileId, brandId: feed.brandId }, feed.id).catch(
        (error: unknown) => log.warn('a feed could not be checked', error),
      );
    }
  }

  setOptions(
    brand: ActiveBrand,
    input: { id: string; straightToQueue: boolean; categoryId: string | null; accountIds: string[] },
  ): FeedView {
    const known = new Set(this.d.accounts(brand).map((a) => a.id));
    const unknown = input.accountIds.find((id) => !known.has(id));
    if (unknown)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'One of the chosen accounts is not an account of this brand: choose again.',
      );
    if (!this.d.feeds.setOptions(brand, input.id, input))
      throw new AppFailure('NOT_FOUND', 'This feed was removed; add it again to set its options.');
    return this.view(brand, input.id);
  }

  remove(brand: ActiveBrand, id: string): { removed: boolean } {
    return { removed: this.d.feeds.remove(brand, id) };
  }

  dismiss(brand: ActiveBrand, id: string): { dismissed: boolean } {
    return { dismissed: this.d.feeds.settle(brand, id, 'dismissed') };
  }

  /** Makes a local draft of a waiting item; its picture is uploaded only when the user approved it. */
  async draft(brand: ActiveBrand, id: string, withImage: boolean): Promise<{ draftId: string }> {
    const item = this.d.feeds.waitingItem(brand, id);
    if (!item)
      throw new AppFailure(
        'NOT_FOUND',
        'This item is no longer waiting: it was drafted or dismissed already.',
      );
    let media: DraftMedia[] = [];
    if (withImage && item.imageUrl) {
      try {
        media = [await this.d.uploadFromUrl(brand, item.imageUrl)];
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new AppFailure(
          'INVALID_ARGUMENT',
          `The item's picture could not be added (${why.replace(/\.$/, '')}). Make the draft without it, or try again later.`,
        );
      }
    }
    const feed = this.d.feeds.get(brand, item.feedId);
    return { draftId: this.saveDraft(brand, item, feed, media) };
  }

  /** The sandbox's demo feeds, on the sandbox connection only, and whether each is added. */
  demoFeeds(brand: ActiveBrand): DemoFeed[] {
    const origin = this.d.sandboxOrigin(brand);
    if (!origin) return [];
    const urls = new Set(this.d.feeds.list(brand).map((f) => this.liveAddress(brand, f.url)));
    return DEMO_FEEDS.map(({ path, title }) => {
      const url = new URL(path, origin).href;
      return { title, url, added: urls.has(url) };
    });
  }

  /**
   * Where a feed is read from now: the sandbox listens on a new port at every start, so on the
   * sandbox connection a demo feed kept with an earlier port is read at the sandbox's address.
   */
  private liveAddress(brand: ActiveBrand, url: string): string {
    const origin = this.d.sandboxOrigin(brand);
    if (!origin) return url;
    const kept = new URL(url);
    const demo = DEMO_FEEDS.some((f) => f.path === kept.pathname);
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(kept.hostname);
    return demo && loopback && kept.protocol === 'http:' ? new URL(kept.pathname, origin).href : url;
  }

  private view(brand: ActiveBrand, id: string): FeedView {
    const feed = this.d.feeds.get(brand, id);
    if (!feed) throw new AppFailure('NOT_FOUND', 'This feed was removed.');
    return view(feed);
  }

  private async read(
    brand: ActiveBrand,
    url: string,
    feed: FeedRecord | null,
  ): Promise<
    | { kind: 'unchanged' }
    | { kind: 'feed'; title: string; entries: FeedEntry[]; etag: string | null; lastModified: string | null }
  > {
    const answer = await fetchFeed(this.liveAddress(brand, url), {
      ...this.d.fetchOptions,
      allowOrigin: this.d.sandboxOrigin(brand),
      etag: feed?.etag ?? null,
      lastModified: feed?.lastModified ?? null,
    });
    if (answer.kind === 'unchanged') return answer;
    const { title, entries } = readFeedText(answer.text, answer.url);
    return { kind: 'feed', title, entries, etag: answer.etag, lastModified: answer.lastModified };
  }

  /** Keeps a good read: its title and validators, and each entry the brand has never seen. */
  private async keep(
    brand: ActiveBrand,
    id: string,
    read: { title: string; entries: FeedEntry[]; etag: string | null; lastModified: string | null },
    first: boolean,
  ): Promise<FeedCheck> {
    const at = this.d.now().toISOString();
    const feed = this.d.feeds.get(brand, id);
    if (!feed) throw new AppFailure('NOT_FOUND', 'This feed was removed.');
    // Newest first, so a first read keeps the newest waiting and only remembers the rest.
    const entries = [...read.entries].sort((a, b) =>
      (b.publishedAt ?? '').localeCompare(a.publishedAt ?? ''),
    );
    const fresh: string[] = [];
    this.d.feeds.saveRead(id, {
      ok: true,
      checkedAt: at,
      title: read.title,
      etag: read.etag,
      lastModified: read.lastModified,
    });
    this.d.feeds.transaction(() => {
      for (const entry of entries) {
        if (this.d.feeds.seen(brand, entry)) continue;
        const waiting = !first || fresh.length < FIRST_READ_WAITING;
        const itemId = this.d.feeds.addItem(brand, id, entry, waiting ? 'waiting' : 'dismissed', at);
        if (waiting) fresh.push(itemId);
      }
    });
    let queued = 0;
    if (feed.straightToQueue && fresh.length > 0) {
      if (feed.accountIds.length === 0) {
        this.d.feeds.saveRead(id, {
          ok: false,
          checkedAt: at,
          problem:
            'New items wait for review: choose the accounts this feed posts to, so they can go straight to the queue.',
        });
      } else {
        for (const itemId of [...fresh].reverse()) {
          const item = this.d.feeds.waitingItem(brand, itemId);
          if (!item) continue;
          const draftId = this.saveDraft(brand, item, feed, []);
          try {
            await this.d.queueDraft(brand, draftId);
            this.d.feeds.markQueued(brand, itemId);
            queued++;
          } catch (error) {
            const why = error instanceof Error ? error.message : String(error);
            this.d.feeds.saveRead(id, {
              ok: false,
              checkedAt: at,
              problem: `A new item could not be queued (${why.replace(/\.$/, '')}); it is kept as a draft.`,
            });
            break;
          }
        }
      }
    }
    return { feed: this.view(brand, id), added: fresh.length, queued };
  }

  /** A local draft of the item (title and link), the item settled as drafted in the same step. */
  private saveDraft(
    brand: ActiveBrand,
    item: FeedItemView,
    feed: FeedRecord | null,
    media: DraftMedia[],
  ): string {
    const at = this.d.now().toISOString();
    const accounts = new Map(this.d.accounts(brand).map((a) => [a.id, a]));
    const targets: DraftTarget[] = (feed?.accountIds ?? []).flatMap((accountId) => {
      const platform = accounts.get(accountId)?.platform;
      return platform
        ? [{ integrationId: accountId, platform, settings: { __type: platform }, blocks: null }]
        : [];
    });
    const draft: Draft = {
      id: randomUUID(),
      brandId: brand.brandId,
      // The link goes as the feed gave it: the brand's tracking rules tag it when the post is sent.
      blocks: [{ content: item.link ? `${item.title}\n\n${item.link}` : item.title, media }],
      targets,
      commentDelays: [],
      shortLink: false,
      date: null,
      replacesGroup: null,
      createdAt: at,
      updatedAt: at,
    };
    this.d.feeds.transaction(() => {
      if (!this.d.feeds.settle(brand, item.id, 'drafted', draft.id))
        throw new AppFailure(
          'NOT_FOUND',
          'This item is no longer waiting: it was drafted or dismissed already.',
        );
      this.d.drafts.save(brand.profileId, draft);
      if (feed?.categoryId) this.d.categorize?.(brand, draft.id, feed.categoryId);
    });
    return draft.id;
  }
}

function view(feed: FeedRecord): FeedView {
  return {
    id: feed.id,
    url: feed.url,
    title: feed.title,
    straightToQueue: feed.straightToQueue,
    categoryId: feed.categoryId,
    accountIds: feed.accountIds,
    checkedAt: feed.checkedAt,
    problem: feed.problem,
    waiting: feed.waiting,
  };
}

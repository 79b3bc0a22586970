import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import type { QueueService } from '../queue/queue-service.js';
import { FeedsRepo } from './feeds-repo.js';
import { FeedsService, type FeedsServiceDeps } from './feeds-service.js';
import { AppFailure } from '../core/app-failure.js';

type FeedsMethod =
  | 'listFeeds'
  | 'addFeed'
  | 'checkFeed'
  | 'setFeedOptions'
  | 'removeFeed'
  | 'listFeedItems'
  | 'draftFeedItem'
  | 'dismissFeedItem'
  | 'listDemoFeeds';

/** How often every feed is read again in the background. */
const EVERY_MS = 30 * 60_000;
/** The first background read after start, once the app has settled. */
const FIRST_AFTER_MS = 60_000;

/**
 * Feeds to drafts: a brand's feeds, read on add, on "Check now" and every 30 minutes (a
 * background job), and the review list of what they brought.
 */
export function setupFeeds(
  { db, now, repos, profiles, posts }: AppContext,
  { queue, fetchOptions }: { queue: QueueService; fetchOptions?: FeedsServiceDeps['fetchOptions'] },
): FeatureSetup<FeedsMethod> & { service: FeedsService } {
  const service = new FeedsService({
    feeds: new FeedsRepo(db),
    drafts: repos.drafts,
    now,
    accounts: (brand) => repos.integrations.list(brand.profileId, brand.brandId),
    sandboxOrigin: (brand) => profiles.sandboxOrigin(brand.profileId),
    queueDraft: async (brand, draftId) => {
      const { slots } = await queue.queueDraft(brand, { draftId }, undefined, { kind: 'feed' });
      // A write main made on its own: the calendar hears of it as it does of an evergreen run's.
      posts.announce(brand, [...new Set(slots.map((s) => s.outboxId))]);
    },
    // A category deleted since the feed chose it is left off rather than refusing the draft.
    categorize: (brand, draftId, categoryId) => {
      if (repos.categories.categories(brand).some((c) => c.id === categoryId))
        repos.categories.set(brand, [`draft:${draftId}`], categoryId);
    },
    uploadFromUrl: async (brand, url) => {
      const api = await profiles.apiFor(brand.profileId, brand.brandId);
      if (!api) throw new AppFailure('NOT_CONNECTED', 'This connection has no key: connect it again');
      const media = await api.uploadMediaFromUrl(url);
      return {
        localPath: null,
        mediaId: media.id,
        path: media.path,
        thumbnail: media.thumbnail,
        name: media.name,
        kind: 'image',
      };
    },
    ...(fetchOptions ? { fetchOptions } : {}),
  });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  const runAll = () => {
    running ??= service.checkAll().finally(() => (running = null));
  };
  return {
    service,
    handlers: {
      listFeeds: async (_, ctx) => service.list(requireBrand(ctx)),
      addFeed: ({ url }, ctx) => service.add(requireBrand(ctx), url),
      checkFeed: ({ id }, ctx) => service.check(requireBrand(ctx), id),
      setFeedOptions: async (input, ctx) => service.setOptions(requireBrand(ctx), input),
      removeFeed: async ({ id }, ctx) => service.remove(requireBrand(ctx), id),
      listFeedItems: async (_, ctx) => service.waiting(requireBrand(ctx)),
      draftFeedItem: ({ id, withImage }, ctx) => service.draft(requireBrand(ctx), id, withImage),
      dismissFeedItem: async ({ id }, ctx) => service.dismiss(requireBrand(ctx), id),
      listDemoFeeds: async (_, ctx) => service.demoFeeds(requireBrand(ctx)),
    },
    start: () => {
      timer = setTimeout(function tick() {
        runAll();
        timer = setTimeout(tick, EVERY_MS);
        timer.unref();
      }, FIRST_AFTER_MS);
      timer.unref();
    },
    stop: async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

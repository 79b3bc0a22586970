import { requireBrand } from '../core/active-brand.js';
import { plannerJob } from '../core/planner-job.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import type { QueueService } from '../queue/queue-service.js';
import { EvergreenRepo } from './evergreen-repo.js';
import { EvergreenService } from './evergreen-service.js';

/** A pull's burst of changes settles before evergreen plans again; and it plans at least this often. */
const SETTLE_MS = 2_000;
const EVERY_MS = 10 * 60_000;

type EvergreenMethod =
  | 'listEvergreen'
  | 'saveEvergreenList'
  | 'setEvergreenListEnabled'
  | 'deleteEvergreenList'
  | 'saveEvergreenItem'
  | 'deleteEvergreenItem'
  | 'makeEvergreen'
  | 'previewEvergreen'
  | 'runEvergreen'
  | 'listRepeats';

/**
 * Evergreen lists and their repeats. Its background job plans the coming weeks after every pull
 * (once the pull's changes settle), on a timer, and when slots or items change (`kick`).
 */
export function setupEvergreen(
  { db, now, repos, posts, sync, events, activeBrand }: AppContext,
  { queue }: { queue: QueueService },
): FeatureSetup<EvergreenMethod> & { kick: () => void; stop: () => Promise<void> } {
  const evergreen = new EvergreenService({
    repo: new EvergreenRepo(db, now),
    outbox: repos.outbox,
    cache: repos.cache,
    drafts: repos.drafts,
    posts,
    status: () => sync.getSyncStatus(),
    active: activeBrand,
    now,
    timezone: (a) => queue.timezone(a),
    slotsOf: (a, id) => queue.slotsOf(a, id),
    // Evergreen plans for the active brand (its background run has no call to name one).
    listPosts: (range) => sync.viewPosts(requireBrand({ brand: activeBrand() }), range),
    getPost: (input) => sync.getPost(requireBrand({ brand: activeBrand() }), input),
    categories: {
      ofLists: (a) => repos.categories.listCategories(a),
      carry: (a, outboxId, categoryId) => repos.categories.set(a, [`local:${outboxId}`], categoryId),
    },
  });
  const job = plannerJob({
    events,
    run: () => evergreen.kick(),
    idle: () => evergreen.idle(),
    settleMs: SETTLE_MS,
    everyMs: EVERY_MS,
  });
  const kick = job.kick;
  return {
    kick,
    start: job.start,
    stop: job.stop,
    handlers: {
      listEvergreen: async (_, ctx) => evergreen.listEvergreen(requireBrand(ctx)),
      saveEvergreenList: async (input, ctx) => evergreen.saveEvergreenList(requireBrand(ctx), input),
      setEvergreenListEnabled: (input, ctx) => evergreen.setEvergreenListEnabled(requireBrand(ctx), input),
      deleteEvergreenList: async (input, ctx) => evergreen.deleteEvergreenList(requireBrand(ctx), input),
      saveEvergreenItem: async (input, ctx) => {
        const item = evergreen.saveEvergreenItem(requireBrand(ctx), input);
        kick();
        return item;
      },
      deleteEvergreenItem: async (input, ctx) => evergreen.deleteEvergreenItem(requireBrand(ctx), input),
      makeEvergreen: (input, ctx) => evergreen.makeEvergreen(requireBrand(ctx), input),
      previewEvergreen: (input, ctx) => evergreen.previewEvergreen(requireBrand(ctx), input),
      runEvergreen: () => evergreen.run(),
      listRepeats: async (_, ctx) => evergreen.listRepeats(requireBrand(ctx)),
    },
  };
}

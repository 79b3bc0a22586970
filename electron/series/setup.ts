import { requireBrand } from '../core/active-brand.js';
import { plannerJob } from '../core/planner-job.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import type { SaveComposerCopy } from '../drafts/setup.js';
import { PostClaims } from '../outbox/post-claims.js';
import type { QueueService } from '../queue/queue-service.js';
import { SeriesRepo } from './series-repo.js';
import { SeriesService } from './series-service.js';

/** A pull's burst of changes settles before series plan again; and they plan at least this often. */
const SETTLE_MS = 2_000;
const EVERY_MS = 30 * 60_000;

type SeriesMethod =
  'listSeries' | 'createSeries' | 'editSeries' | 'skipSeriesDate' | 'deleteSeries' | 'runSeries';

/**
 * Recurring series. Its background job tops up each series' rolling horizon after a pull (once
 * its changes settle) and on a timer, as time passes.
 */
export function setupSeries(
  { db, now, repos, posts, sync, events, activeBrand }: AppContext,
  { queue, saveComposerCopy }: { queue: QueueService; saveComposerCopy: SaveComposerCopy },
): FeatureSetup<SeriesMethod> & { stop: () => Promise<void> } {
  const claims = new PostClaims(db, now);
  const series = new SeriesService({
    repo: new SeriesRepo(db, now),
    outbox: repos.outbox,
    cache: repos.cache,
    drafts: repos.drafts,
    posts,
    status: () => sync.getSyncStatus(),
    active: activeBrand,
    now,
    timezone: (a) => queue.timezone(a),
    signatures: (a) => repos.snippets.signatureMap(a),
    madeBy: (a, postId) => claims.opOf(a, postId),
    categories: {
      of: (a, subject) => repos.categories.categoryOf(a, subject),
      carry: (a, outboxId, categoryId) => {
        if (repos.categories.categories(a).some((c) => c.id === categoryId))
          repos.categories.set(a, [`local:${outboxId}`], categoryId);
      },
    },
    labels: {
      of: (a, subject) => repos.labels.labelsOf(a, subject).map((l) => l.id),
      // Labels deleted since the series was made are left off.
      carry: (a, outboxId, labelIds) => {
        const own = new Set(repos.labels.labels(a).map((l) => l.id));
        const kept = labelIds.filter((id) => own.has(id));
        if (kept.length > 0) repos.labels.setLabels(a, [`local:${outboxId}`], kept, []);
      },
    },
  });
  const job = plannerJob({
    events,
    run: () => series.kick(),
    idle: () => series.idle(),
    settleMs: SETTLE_MS,
    everyMs: EVERY_MS,
    runOnStart: true,
  });
  return {
    start: job.start,
    stop: job.stop,
    handlers: {
      listSeries: async (_, ctx) => series.listSeries(requireBrand(ctx)),
      createSeries: ({ draft, ...input }, ctx) => {
        const brand = requireBrand(ctx);
        saveComposerCopy(brand, input.draftId, draft);
        return series.createSeries(brand, input);
      },
      editSeries: (input, ctx) => series.editSeries(requireBrand(ctx), input),
      skipSeriesDate: (input, ctx) => series.skipSeriesDate(requireBrand(ctx), input),
      deleteSeries: async (input, ctx) => series.deleteSeries(requireBrand(ctx), input),
      runSeries: (_, ctx) => series.run(requireBrand(ctx)),
    },
  };
}

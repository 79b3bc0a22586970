import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import type { QueueService } from '../queue/queue-service.js';
import { MissedApprovals } from './missed-approvals.js';
import { readReplyFile } from './reply-file.js';
import { ReviewPackService } from './review-pack.js';

type ReviewMethod =
  'setReviewState' | 'getReviewSettings' | 'setReviewSettings' | 'exportReviewPack' | 'importReviewReply';

/** Client review: approval states, a brand's review settings, packs for a reviewer and their replies. */
export function setupReview(
  { now, repos, sync, posts, review, brandName, host, activeBrand, files, events }: AppContext,
  { queue }: { queue: QueueService },
): FeatureSetup<ReviewMethod> {
  const packs = new ReviewPackService({
    now,
    timezone: (brand) => queue.timezone(brand),
    brandName,
    lens: review,
    postsInRange: async (range) => (await sync.listShownPosts(range)).posts,
    postsById: (ids) => sync.postsShown(requireBrand({ brand: activeBrand() }), ids),
    outboxOp: (id) => repos.outbox.get(id),
    detail: (id) => sync.getPost(requireBrand({ brand: activeBrand() }), { id }),
    savedDetail: (id) => {
      const brand = activeBrand();
      return brand ? repos.cache.getDetail(brand.profileId, brand.brandId, id) : null;
    },
    record: (brand, packId, items) => posts.recordReviewPack(brand, packId, items),
    ...(host.chooseSavePath ? { chooseSavePath: host.chooseSavePath } : {}),
    ...(host.printToPdf ? { printToPdf: host.printToPdf } : {}),
    ...(host.fetch ? { fetch: host.fetch } : {}),
  });
  const missed = new MissedApprovals({
    lens: review,
    ops: () => repos.outbox.list(),
    emit: events.emit,
    status: () => sync.getSyncStatus(),
  });
  return {
    start: () => missed.start(),
    stop: async () => missed.stop(),
    handlers: {
      setReviewState: async (input, ctx) => posts.setReviewState(requireBrand(ctx), input),
      getReviewSettings: async (_, ctx) => posts.reviewSettings(requireBrand(ctx)),
      setReviewSettings: async (input, ctx) => posts.setReviewSettings(requireBrand(ctx), input),
      exportReviewPack: (input, ctx) => packs.exportReviewPack(requireBrand(ctx), input),
      importReviewReply: async ({ file }, ctx) => {
        const brand = requireBrand(ctx);
        return posts.importReviewReply(brand, await readReplyFile(files.take(brand, file)));
      },
    },
  };
}

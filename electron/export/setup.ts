import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import type { QueueService } from '../queue/queue-service.js';
import { ExportService } from './export-service.js';

/** Exports of the calendar's posts as .ics, CSV or JSON, where the user chooses. */
export function setupExport(
  { now, repos, sync, brandScope, brandName, host }: AppContext,
  { queue }: { queue: QueueService },
): FeatureSetup<'exportPosts' | 'showExportedFile'> {
  const exports = new ExportService({
    now,
    timezone: (brand) => queue.timezone(brand),
    brandName,
    postsInRange: async (range) => (await sync.listShownPosts(range)).posts,
    postsById: (brand, ids) => sync.postsShown(brand, ids),
    detail: (brand, id) => sync.getPost(brand, { id }),
    savedDetail: (brand, id) => repos.cache.getDetail(brand.profileId, brand.brandId, id),
    allBrandsZone: () =>
      brandScope.isAll()
        ? (brandScope.view().displayZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)
        : null,
    chooseSavePath: host.chooseSavePath,
    meta: (a, subjects) => repos.labels.exportedMeta(a, subjects),
    ...(host.showInFolder ? { showInFolder: host.showInFolder } : {}),
  });
  return {
    handlers: {
      exportPosts: (input, ctx) => exports.exportPosts(requireBrand(ctx), input),
      showExportedFile: async (input) => exports.showExportedFile(input),
    },
  };
}

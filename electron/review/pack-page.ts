import type { PackData } from '../../shared/review/model.js';
import { offlinePageAssets, offlinePageHtml, type OfflinePageAssets } from '../desktop/offline-page.js';

/*
 * The review pack's page: the app's offline page (one file, hashed policy, no network) around the
 * small React page in renderer/review-pack/ (the same preview components the composer draws).
 */

export const packAssets = (): Promise<OfflinePageAssets> => offlinePageAssets('review-pack');

export function packHtml(data: PackData, assets: OfflinePageAssets): string {
  return offlinePageHtml(
    {
      title: `${data.brandName}: posts for review, ${data.range.from} to ${data.range.to}`,
      dataId: 'pack-data',
      data,
      noscript: 'This review pack needs JavaScript to show its posts; open it in a current browser.',
    },
    assets,
  );
}

import type { ReportData } from '../../shared/reports/model.js';
import { offlinePageAssets, offlinePageHtml, type OfflinePageAssets } from '../desktop/offline-page.js';

/*
 * The client report's page: the app's offline page (one file, hashed policy, no network, pictures
 * from data: URLs only) around the small React page in renderer/client-report/. The same page is
 * what the PDF prints.
 */

export const reportAssets = (): Promise<OfflinePageAssets> => offlinePageAssets('client-report');

export function reportHtml(data: ReportData, assets: OfflinePageAssets): string {
  return offlinePageHtml(
    {
      title: `${data.brand}: report for ${data.periodTitle}`,
      dataId: 'report-data',
      data,
      noscript: 'This report needs JavaScript to draw its numbers; open it in a current browser.',
    },
    assets,
  );
}

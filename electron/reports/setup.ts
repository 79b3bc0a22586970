import type { AnalyticsHistory } from '../../shared/analytics/ipc.js';
import { normalizePostState } from '../../shared/api/resources.js';
import { autoBrandColor } from '../../shared/brands/colors.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { requireBrand } from '../core/active-brand.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { createLogger } from '../log.js';
import { defaultBrandColour } from '../review/review-pack.js';
import { ReportService } from './report-service.js';

const log = createLogger('reports');

type ReportsMethod = 'exportClientReport' | 'getReportSettings' | 'setReportSettings' | 'writeMonthlyReports';

export interface ReportsSetupOptions {
  /** The Analytics feature's read of the kept history (the screen's own numbers). */
  history: (input: { brands: BrandRef[]; from: string; to: string }) => AnalyticsHistory;
  timezone: (brand: BrandRef) => string;
  /** Settles once the connections are ready: the first-of-month check waits for it. */
  ready: Promise<unknown>;
}

/** How often a running app checks whether a new month's reports are due. */
const CHECK_EVERY_MS = 60 * 60_000;
/** How long the first-of-month run waits for the snapshot taken at start before using what is kept. */
const SNAPSHOT_WAIT_MS = 3 * 60_000;

/**
 * Client reports: one report saved where the user chooses; the agency's name and logo; monthly
 * reports of every brand into one folder, by hand, or by themselves when the app runs on or after
 * the first of a month (a desktop notification says so).
 */
export function setupReports(
  { now, events, host, repos, brandScope, brandName, review, files }: AppContext,
  options: ReportsSetupOptions,
): FeatureSetup<ReportsMethod> & { service: ReportService } {
  const service = new ReportService({
    now,
    settings: repos.settings,
    history: options.history,
    timezone: options.timezone,
    brandName,
    // The colour a client already sees on review packs, else the brand's own colour as the calendar shows it.
    brandColour: (brand) => {
      const chosen = review.settings(brand).colour;
      if (chosen) return chosen;
      const all = repos.brands.listAll();
      const i = all.findIndex((b) => b.profileId === brand.profileId && b.id === brand.brandId);
      return i < 0 ? defaultBrandColour(brand.brandId) : (all[i]!.color ?? autoBrandColor(i));
    },
    allBrands: () =>
      brandScope
        .known()
        .map(({ profileId, brandId }) => ({ profileId, brandId }))
        .sort((a, b) => brandName(a).localeCompare(brandName(b))),
    scheduledBetween: (brand, startMs, endMs) => {
      const accounts = new Map(repos.integrations.list(brand.profileId, brand.brandId).map((i) => [i.id, i]));
      return repos.cache
        .listRange(brand.profileId, brand.brandId, startMs, endMs)
        .filter((p) => normalizePostState(p.state) === 'scheduled')
        .map((p) => ({
          publishDate: p.publishDate,
          platform: accounts.get(p.integrationId)?.platform ?? '',
          account: accounts.get(p.integrationId)?.name ?? '',
          text: p.content,
        }));
    },
    pickedFile: (brand, token) => files.take(brand, token),
    emit: events.emit,
    ...(host.chooseSavePath ? { chooseSavePath: host.chooseSavePath } : {}),
    ...(host.chooseFolder ? { chooseFolder: host.chooseFolder } : {}),
    ...(host.printToPdf ? { printToPdf: host.printToPdf } : {}),
  });

  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;
  let running: Promise<unknown> | null = null;
  const runIfDue = () => {
    if (stopped || running || !service.monthlyDue()) return;
    running = service
      .writeMonthlyReports({ automatic: true })
      .catch((error: unknown) => log.warn('monthly reports could not be written', error))
      .finally(() => (running = null));
  };
  /** Resolves when the snapshot taken at start has ended, or after a while whatever happens. */
  const snapshotSettled = () =>
    new Promise<void>((resolve) => {
      const wait = setTimeout(done, SNAPSHOT_WAIT_MS);
      const off = events.on((name, payload) => {
        if (name === 'analyticsChanged' && (payload as { updating: boolean }).updating === false) done();
      });
      function done() {
        clearTimeout(wait);
        off();
        resolve();
      }
    });

  return {
    service,
    handlers: {
      exportClientReport: (input, ctx) => service.exportClientReport(requireBrand(ctx), input),
      getReportSettings: async () => service.settings(),
      setReportSettings: (input, ctx) => service.setSettings(requireBrand(ctx), input),
      writeMonthlyReports: (input) => service.writeMonthlyReports(input),
    },
    start: () => {
      void options.ready.then(async () => {
        if (!service.monthlyDue()) return;
        await snapshotSettled();
        runIfDue();
      });
      timer = setInterval(runIfDue, CHECK_EVERY_MS);
      timer.unref?.();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

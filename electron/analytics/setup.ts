import type { AccountHistory, AnalyticsHistory, HistoryProblem } from '../../shared/analytics/ipc.js';
import type { IpcInput } from '../../shared/ipc/contract.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { AppFailure } from '../core/app-failure.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { createLogger } from '../log.js';
import { AnalyticsRepo } from './analytics-repo.js';
import { historyProblemSentence, SnapshotJob, type SnapshotBackoff } from './snapshot-job.js';

const log = createLogger('analytics');

type AnalyticsMethod = 'getProfileAnalytics' | 'getAnalyticsHistory' | 'snapshotAnalytics';

export interface AnalyticsSetupOptions {
  /** Settles once a sandbox that was the active connection listens again: the first run waits for it. */
  ready: Promise<unknown>;
  /** Backoffs after a fault or a refusal (tests shorten them). */
  backoff?: SnapshotBackoff;
}

const sameBrand = (a: BrandRef, b: BrandRef) => a.profileId === b.profileId && a.brandId === b.brandId;

/**
 * Analytics: the history kept on this computer, read at once online or off, and the background job
 * that keeps it: a snapshot of every account of every brand on start, on every new connection or
 * key, once a day while the app runs, and when asked. The service's answer for one account stays
 * readable as it came.
 */
export function setupAnalytics(
  { db, now, events, profiles, brandScope, repos, sync }: AppContext,
  options: AnalyticsSetupOptions,
): FeatureSetup<AnalyticsMethod> & { snapshotSoon: () => void } {
  const repo = new AnalyticsRepo(db);
  const job = new SnapshotJob({
    repo,
    now,
    emit: events.emit,
    brands: () => brandScope.known().map(({ profileId, brandId }) => ({ profileId, brandId })),
    accountsOf: (b) => repos.integrations.list(b.profileId, b.brandId).map((i) => i.id),
    scopesOf: (b) => profiles.scopesOf(b.profileId),
    apiFor: (b) => profiles.apiFor(b.profileId, b.brandId),
    online: () => sync.getSyncStatus().online,
    settled: () => sync.pulled(),
    backoff: options.backoff,
  });
  let unsubscribe = () => {};
  let warming = false;

  /**
   * Reads the shown brands' kept history into memory in the background, one account per turn of
   * the event loop (a few ms each), so opening Analytics answers from memory: read all at once, a
   * year of ten brands held main for about 300 ms.
   */
  const warm = async () => {
    warming = true;
    try {
      for (const brand of brandScope.shown()) {
        for (const account of repo.accounts(brand)) {
          await new Promise((resolve) => setImmediate(resolve));
          if (!warming) return;
          repo.hold(brand, account.integrationId);
        }
      }
    } catch (error) {
      // Only a head start: the window's read takes whatever is not held yet.
      log.warn('the kept analytics were not read ahead', error);
    } finally {
      warming = false;
    }
  };

  const history = ({ brands, from, to }: IpcInput<'getAnalyticsHistory'>): AnalyticsHistory => {
    if (from > to)
      throw new AppFailure('INVALID_ARGUMENT', 'The range must end on or after the day it starts.');
    const asked: BrandRef[] = [];
    for (const b of brands ?? brandScope.shown())
      if (!asked.some((a) => sameBrand(a, b))) asked.push({ profileId: b.profileId, brandId: b.brandId });
    const accounts: AccountHistory[] = [];
    const problems: HistoryProblem[] = [];
    let asOf: string | null = null;
    for (const brand of asked) {
      const state = repo.brandState(brand);
      if (state.snapshotAt && (asOf === null || state.snapshotAt > asOf)) asOf = state.snapshotAt;
      if (state.problem) problems.push({ brand, message: historyProblemSentence(state.problem) });
      // What the calendar knows of an account fills what an analytics answer left out.
      const learned = new Map(repos.integrations.list(brand.profileId, brand.brandId).map((i) => [i.id, i]));
      for (const account of repo.accounts(brand)) {
        const known = learned.get(account.integrationId);
        accounts.push({
          brand,
          integration: {
            id: account.integrationId,
            name: account.name || known?.name || '',
            platform: account.platform ?? known?.platform ?? '',
          },
          days: repo.days(brand, account.integrationId, from, to),
          posts: repo.posts(brand, account.integrationId, from, to),
        });
      }
    }
    return { asOf, updating: job.updating, accounts, problems };
  };

  return {
    snapshotSoon: () => job.request('all', true),
    handlers: {
      getProfileAnalytics: async ({ integrationId }) =>
        (await profiles.active()).api.getProfileAnalytics(integrationId),
      getAnalyticsHistory: async (input) => history(input),
      snapshotAnalytics: async () => {
        if (brandScope.known().length === 0) return { started: false };
        // Offline, the run is kept for when the service answers again.
        const asked = job.request('all', true);
        return { started: asked && sync.getSyncStatus().online };
      },
    },
    start: () => {
      job.start();
      void warm();
      let online = sync.getSyncStatus().online;
      unsubscribe = events.on((name, payload) => {
        // A new connection, key or brand: its accounts are learned by the pull it starts (the
        // snapshot waits for it), and a key may be the fix a refused brand asked for. A brand
        // switch alone finds nothing due, so switching back and forth asks the service nothing.
        if (name === 'profileChanged') job.request('due', true);
        if (name === 'syncStatus') {
          const isOnline = (payload as { online: boolean }).online;
          if (isOnline && !online) job.onlineAgain();
          online = isOnline;
        }
      });
      void options.ready.then(() => job.request('all'));
    },
    stop: async () => {
      warming = false;
      unsubscribe();
      await job.stop();
    },
  };
}

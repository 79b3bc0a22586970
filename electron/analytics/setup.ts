import type {
  AccountHistory,
  AnalyticsHistory,
  HistoryProblem,
  PostResults,
} from '../../shared/analytics/ipc.js';
import { addDays, type DayRange } from '../../shared/analytics/ranges.js';
import type { IpcInput } from '../../shared/ipc/contract.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { requireBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { createLogger } from '../log.js';
import { AnalyticsRepo } from './analytics-repo.js';
import { HistoryImport, readHistoryFile } from './history-import.js';
import { importSandboxYear, type SandboxYear } from './sandbox-year.js';
import { historyProblemSentence, SnapshotJob, type SnapshotBackoff } from './snapshot-job.js';

const log = createLogger('analytics');

type AnalyticsMethod =
  'getProfileAnalytics' | 'getAnalyticsHistory' | 'snapshotAnalytics' | 'importAnalyticsHistory';

export interface AnalyticsSetupOptions {
  /** Settles once a sandbox that was the active connection listens again: the first run waits for it. */
  ready: Promise<unknown>;
  /** Backoffs after a fault or a refusal (tests shorten them). */
  backoff?: SnapshotBackoff;
}

/** Ranges in day order, those that touch or overlap joined, so no day is read twice. */
function disjointRanges(ranges: readonly DayRange[]): DayRange[] {
  const out: DayRange[] = [];
  for (const r of [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))) {
    const last = out.at(-1);
    if (last && r.from <= addDays(last.to, 1)) last.to = r.to > last.to ? r.to : last.to;
    else out.push({ ...r });
  }
  return out;
}

const sameBrand = (a: BrandRef, b: BrandRef) => a.profileId === b.profileId && a.brandId === b.brandId;

/**
 * Analytics: the history kept on this computer, read at once online or off, and the background job
 * that keeps it: a snapshot of every account of every brand on start, on every new connection or
 * key, once a day while the app runs, and when asked. The service's answer for one account stays
 * readable as it came.
 */
export function setupAnalytics(
  { db, now, events, profiles, brandScope, repos, sync, files }: AppContext,
  options: AnalyticsSetupOptions,
): FeatureSetup<AnalyticsMethod> & {
  snapshotSoon: () => void;
  sandboxStarted: (year: SandboxYear) => void;
  /** The kept history as the screen reads it (the client report adds up the same numbers). */
  history: (input: IpcInput<'getAnalyticsHistory'>) => AnalyticsHistory;
} {
  const repo = new AnalyticsRepo(db);
  // A row of a history file may name any account the calendar knows, or one with kept history.
  const importer = new HistoryImport({
    repo,
    now,
    accountsOf: (b) => {
      const known = new Map(
        repo
          .accounts(b)
          .map((a) => [a.integrationId, { id: a.integrationId, name: a.name, platform: a.platform }]),
      );
      for (const i of repos.integrations.list(b.profileId, b.brandId))
        known.set(i.id, { id: i.id, name: i.name || known.get(i.id)?.name || '', platform: i.platform });
      return [...known.values()];
    },
  });
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
  /** Brands whose accounts are to be read into memory, in turn. */
  const toWarm: BrandRef[] = [];
  let warming = false;
  let stopped = false;

  /**
   * Reads brands' kept history into memory in the background, one account per turn of the event
   * loop (a few ms each), so Analytics answers from memory: read all at once, a year of ten brands
   * held main for about 300 ms. The shown brands on start; a brand first read cold (a query before
   * its turn came, a brand switched to) right after that read.
   */
  const warmSoon = (brands: readonly BrandRef[]) => {
    for (const b of brands) if (!toWarm.some((w) => sameBrand(w, b))) toWarm.push(b);
    if (!warming && !stopped) void warm();
  };
  const warm = async () => {
    warming = true;
    try {
      for (let brand = toWarm.shift(); brand; brand = toWarm.shift()) {
        for (const account of repo.accounts(brand)) {
          await new Promise((resolve) => setImmediate(resolve));
          if (stopped) return;
          if (!repo.isHeld(brand, account.integrationId)) repo.hold(brand, account.integrationId);
        }
      }
    } catch (error) {
      // Only a head start: the window's read takes whatever is not held yet.
      log.warn('the kept analytics were not read ahead', error);
    } finally {
      warming = false;
    }
  };

  const history = ({
    brands,
    from,
    to,
    postsOnly,
    also,
  }: IpcInput<'getAnalyticsHistory'>): AnalyticsHistory => {
    if (from > to || (also && also.from > also.to))
      throw new AppFailure('INVALID_ARGUMENT', 'The range must end on or after the day it starts.');
    const ranges = disjointRanges([{ from, to }, ...(also ? [also] : [])]);
    const inRanges = <T>(read: (from: string, to: string) => T[]): T[] =>
      ranges.length === 1 ? read(ranges[0]!.from, ranges[0]!.to) : ranges.flatMap((r) => read(r.from, r.to));
    const asked: BrandRef[] = [];
    for (const b of brands ?? brandScope.shown())
      if (!asked.some((a) => sameBrand(a, b))) asked.push({ profileId: b.profileId, brandId: b.brandId });
    const accounts: AccountHistory[] = [];
    const problems: HistoryProblem[] = [];
    const labelled: NonNullable<AnalyticsHistory['labels']> = [];
    const cold = new Set<BrandRef>();
    let asOf: string | null = null;
    for (const brand of asked) {
      const state = repo.brandState(brand);
      if (state.snapshotAt && (asOf === null || state.snapshotAt > asOf)) asOf = state.snapshotAt;
      if (state.problem) problems.push({ brand, message: historyProblemSentence(state.problem) });
      // What the calendar knows of an account fills what an analytics answer left out.
      const learned = new Map(repos.integrations.list(brand.profileId, brand.brandId).map((i) => [i.id, i]));
      // A post carries the labels of its group (its own id when it has none), as the calendar shows them.
      const { labels, assignments } = repos.labels.view(brand);
      if (labels.length > 0) labelled.push({ brand, labels });
      const withLabels = (post: PostResults): PostResults => {
        const ids = labels.length > 0 ? assignments[post.group ?? post.postId] : undefined;
        return ids?.length ? { ...post, labels: ids } : post;
      };
      for (const account of repo.accounts(brand)) {
        // Read cold this time (only the days asked); held in memory for the next read.
        if (!repo.isHeld(brand, account.integrationId)) cold.add(brand);
        const known = learned.get(account.integrationId);
        accounts.push({
          brand,
          integration: {
            id: account.integrationId,
            name: account.name || known?.name || '',
            platform: account.platform ?? known?.platform ?? '',
          },
          days: postsOnly ? [] : inRanges((f, t) => repo.days(brand, account.integrationId, f, t)),
          posts: inRanges((f, t) => repo.posts(brand, account.integrationId, f, t)).map(withLabels),
          firstDay: repo.firstDay(brand, account.integrationId),
        });
      }
    }
    if (cold.size > 0) warmSoon([...cold]);
    return { asOf, updating: job.updating, accounts, problems, labels: labelled };
  };

  return {
    history,
    snapshotSoon: () => job.request('all', true),
    // The sandbox's first year comes in by the same door as a user's file, once per brand.
    sandboxStarted: (year) => {
      importSandboxYear(year, { importer, settings: repos.settings, now });
      events.emit('analyticsChanged', { updating: job.updating });
      job.request('all', true);
    },
    handlers: {
      getProfileAnalytics: async ({ integrationId }) =>
        (await profiles.active()).api.getProfileAnalytics(integrationId),
      getAnalyticsHistory: async (input) => history(input),
      importAnalyticsHistory: async ({ file }, ctx) => {
        const brand = requireBrand(ctx);
        const text = await readHistoryFile(files.take(brand, file));
        const result = importer.importText(brand, text);
        events.emit('analyticsChanged', { updating: job.updating });
        return result;
      },
      snapshotAnalytics: async () => {
        if (brandScope.known().length === 0) return { started: false };
        // Offline, the run is kept for when the service answers again.
        const asked = job.request('all', true);
        return { started: asked && sync.getSyncStatus().online };
      },
    },
    start: () => {
      job.start();
      warmSoon(brandScope.shown());
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
      stopped = true;
      unsubscribe();
      await job.stop();
    },
  };
}

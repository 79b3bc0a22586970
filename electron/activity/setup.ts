import {
  ActivityRetention,
  DEFAULT_RETENTION_DAYS,
  type ActivityEntry,
} from '../../shared/activity/model.js';
import { describeChange, describeOrigin, describeWho } from '../../shared/activity/words.js';
import { requireBrand, type ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { writeAtomically } from '../export/export-service.js';
import { writeCsv } from '../import/csv.js';
import { createLogger } from '../log.js';
import { MAX_ACTIVITY_PAGE } from './activity-log.js';

const log = createLogger('activity');

type ActivityMethod =
  | 'listPostActivity'
  | 'listBrandActivity'
  | 'exportActivity'
  | 'getActivityRetention'
  | 'setActivityRetention';

const RETENTION_KEY = 'activity.retention';
/** How often old entries are looked for (and once at start). */
const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;
/** The most entries one CSV holds (pages of the log, newest first). */
const MAX_EXPORT_ROWS = 100_000;
const LOCAL_POST = /^local:(.+):\d+$/u;

/**
 * The activity log's reads, its CSV and its retention (a background job forgets entries older
 * than the user's choice). Entries are written by the posts module and the outbox, never here.
 */
export function setupActivity(
  { repos, host, brandName }: AppContext,
  { timezone }: { timezone: (brand: ActiveBrand) => string },
): FeatureSetup<ActivityMethod> {
  const activity = repos.activity;
  const retention = (): ActivityRetention =>
    repos.settings.get(RETENTION_KEY, ActivityRetention) ?? { days: DEFAULT_RETENTION_DAYS };
  const prune = () => {
    const { days } = retention();
    if (days === null) return;
    try {
      const gone = activity.prune(days);
      if (gone > 0) log.info(`activity log: forgot ${gone} entries older than ${days} days`);
    } catch (error) {
      log.warn(`activity log: pruning failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let timer: ReturnType<typeof setInterval> | null = null;

  /** The history of the group a calendar post belongs to (or of the operation that makes it). */
  const postHistory = (brand: ActiveBrand, postId: string): ActivityEntry[] => {
    const local = LOCAL_POST.exec(postId);
    if (local) {
      const opId = local[1] ?? '';
      const op = repos.outbox.get(opId);
      if (op && (op.profileId !== brand.profileId || op.brandId !== brand.brandId)) return [];
      const groups = op?.kind === 'edit' ? [op.payload.replacesGroup] : [];
      return activity.history(brand, { groups, outboxIds: [opId] });
    }
    const post = repos.cache.get(brand.profileId, brand.brandId, postId);
    return activity.history(brand, { groups: [post?.group ?? postId], outboxIds: [] });
  };

  const exportCsv = async (brand: ActiveBrand, query: string | undefined) => {
    if (!host.chooseSavePath)
      throw new AppFailure('INTERNAL', 'Saving files is not available in this build.');
    const name =
      brandName(brand)
        .replace(/[^\p{L}\p{N} _-]+/gu, '')
        .trim() || 'Brand';
    const path = await host.chooseSavePath({
      defaultName: `${name} activity.csv`,
      format: 'csv',
      title: 'Export the activity log',
    });
    if (!path) return { path: null, rows: 0 };
    const zone = timezone(brand);
    const time = timeIn(zone);
    const rows: Record<string, string>[] = [];
    let before: number | undefined;
    do {
      const page = activity.brandLog(brand, {
        ...(query ? { query } : {}),
        ...(before ? { before } : {}),
        limit: MAX_ACTIVITY_PAGE,
      });
      for (const e of page.entries)
        rows.push({
          When: e.at,
          [`When (${zone})`]: time(e.at),
          Who: describeWho(e.who),
          'Who is':
            e.who.kind === 'service'
              ? 'the service'
              : e.who.kind === 'approver'
                ? 'a reviewer'
                : 'the connection',
          What: describeChange(e.change, time),
          'From where': describeOrigin(e.origin, time),
          'Post group': e.group ?? 'not on the service yet',
        });
      before = page.next ?? undefined;
    } while (before !== undefined && rows.length < MAX_EXPORT_ROWS);
    const columns = ['When', `When (${zone})`, 'Who', 'Who is', 'What', 'From where', 'Post group'];
    // A BOM makes Excel read the file as UTF-8.
    await writeAtomically(path, `\uFEFF${writeCsv(columns, rows)}\r\n`);
    return { path, rows: rows.length };
  };

  return {
    start: () => {
      prune();
      timer = setInterval(prune, PRUNE_EVERY_MS);
      timer.unref?.();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
    handlers: {
      listPostActivity: async ({ postId }, ctx) => ({ entries: postHistory(requireBrand(ctx), postId) }),
      listBrandActivity: async ({ query, before, limit }, ctx) =>
        activity.brandLog(requireBrand(ctx), {
          ...(query ? { query } : {}),
          ...(before ? { before } : {}),
          ...(limit ? { limit } : {}),
        }),
      exportActivity: async ({ query }, ctx) => exportCsv(requireBrand(ctx), query),
      getActivityRetention: async () => retention(),
      setActivityRetention: async (input) => {
        const next = ActivityRetention.parse(input);
        repos.settings.set(RETENTION_KEY, next);
        prune();
        return next;
      },
    },
  };
}

/** Times as the brand's calendar writes them, for the file. */
function timeIn(zone: string): (iso: string) => string {
  const f = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (iso) => {
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? iso : f.format(ms);
  };
}

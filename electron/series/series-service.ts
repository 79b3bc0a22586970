import { subjectOfDraft } from '../../shared/labels/model.js';
import { randomUUID } from 'node:crypto';
import { normalizePostState } from '../../shared/api/resources.js';
import type { Draft } from '../../shared/drafts/ipc.js';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { SyncStatus } from '../../shared/outbox/ipc.js';
import type { PostsWritten } from '../../shared/posts/ipc.js';
import { describeRule, repeatWarning, ruleNote } from '../../shared/series/describe.js';
import { Series, type OccurrenceView, type SeriesView } from '../../shared/series/model.js';
import {
  dueOccurrences,
  firstOccurrences,
  LEAD_MS,
  neverHappens,
  totalDates,
  type Occurrence,
} from '../../shared/series/occurrences.js';
import { signedDraft } from '../../shared/snippets/signature.js';
import type { ActiveBrand } from '../core/active-brand.js';
import { AppFailure } from '../core/app-failure.js';
import { createLogger } from '../log.js';
import { createPayloadFromDraft, validateCreatePayload } from '../outbox/create-request.js';
import type { CreatePayload, OutboxReads } from '../outbox/outbox-repo.js';
import { createSummary } from '../outbox/outbox-views.js';
import type { PostCommands } from '../posts/post-commands.js';
import type { PostsCacheReads } from '../store/posts-cache.js';
import type { MadeRow, SeriesRepo } from './series-repo.js';

/*
 * Recurring series: making the composer's draft a series, the runs that turn its due dates
 * (shared/series/occurrences.ts) into posts through the outbox, and the edits. Each date is queued
 * once: its row (series, date) and its outbox create land in one transaction. An edit of the dates
 * to come takes their posts off (through the one posts door) and lets the next run make them again
 * from the changed series; a post moved or edited on its own keeps its row, so the series leaves
 * that date alone.
 */

const log = createLogger('series');
/** The states of a post not sent yet, which a change of its series may take off. */
const STILL_TO_COME = new Set(['scheduled', 'draft']);
const DAY = 86_400_000;
/** How many dates of a series its view lists (the made ones and the next to come). */
const VIEW_DATES = 60;

export interface SeriesServiceOptions {
  repo: SeriesRepo;
  outbox: OutboxReads;
  cache: PostsCacheReads;
  drafts: {
    getForBrand(active: ActiveBrand, id: string): Draft | null;
    remove(profileId: string, id: string): boolean;
  };
  /** The door every post of a series goes through, and comes off through. */
  posts: Pick<PostCommands, 'queueCreates' | 'announce' | 'deleteGroup' | 'discardOutbox'>;
  status: () => SyncStatus;
  /** The brand a background run plans for. */
  active: () => ActiveBrand | null;
  now: () => Date;
  timezone: (active: ActiveBrand) => string;
  signatures: (active: ActiveBrand) => Map<string, string>;
  /** The operation that made a post, if one did (the outbox's claims). */
  madeBy: (active: ActiveBrand, postId: string) => string | null;
  /**
   * Content categories: the one a draft carries, and giving a date's local post the series'
   * category (inside the transaction of its create; a category deleted since is left off).
   */
  categories?: {
    of: (active: ActiveBrand, subject: string) => string | null;
    carry: (active: ActiveBrand, outboxId: string, categoryId: string) => void;
  };
  /** Labels, the same way: the draft's, and giving them to a date's local post with its create. */
  labels?: {
    of: (active: ActiveBrand, subject: string) => string[];
    carry: (active: ActiveBrand, outboxId: string, labelIds: readonly string[]) => void;
  };
}

export class SeriesService {
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly o: SeriesServiceOptions) {}

  listSeries(active: ActiveBrand): IpcOutput<'listSeries'> {
    return {
      series: this.o.repo.all(active).map((s) => this.view(active, s)),
      timezone: this.o.timezone(active),
    };
  }

  /** Makes the composer's draft a series (the draft is its copy from then on) and runs it. */
  async createSeries(
    active: ActiveBrand,
    input: IpcInput<'createSeries'>,
  ): Promise<IpcOutput<'createSeries'>> {
    const draft = this.o.drafts.getForBrand(active, input.draftId);
    if (!draft)
      throw new AppFailure(
        'NOT_FOUND',
        'This draft no longer exists; it may have been sent or deleted already.',
      );
    if (draft.replacesGroup)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'A post already scheduled cannot become a series; make a copy of it and repeat the copy.',
      );
    if (draft.targets.length === 0)
      throw new AppFailure('INVALID_ARGUMENT', 'Choose at least one account to post to.');
    const first = draft.blocks[0]?.content.trim() ?? '';
    if (!first) throw new AppFailure('INVALID_ARGUMENT', 'Write the post’s text before repeating it.');
    const local = [...draft.blocks, ...draft.targets.flatMap((t) => t.blocks ?? [])]
      .flatMap((b) => b.media)
      .some((m) => !m.mediaId || !m.path);
    if (local)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'A file of this post is not uploaded yet; wait for its upload to finish (or remove it), then repeat the post.',
      );
    const timezone = this.o.timezone(active);
    const never = neverHappens(input.rule, timezone);
    if (never) throw new AppFailure('INVALID_ARGUMENT', never);
    const at = this.o.now().toISOString();
    const series = Series.parse({
      id: randomUUID(),
      rule: input.rule,
      timezone,
      draft: { ...draft, date: null },
      variants: [draft.blocks[0]?.content ?? first, ...input.variants],
      skipDates: [],
      categoryId: this.o.categories?.of(active, subjectOfDraft(draft)) ?? null,
      labelIds: this.o.labels?.of(active, subjectOfDraft(draft)) ?? [],
      createdAt: at,
      updatedAt: at,
    });
    this.check(active, series);
    if (dueOccurrences(series.rule, timezone, new Set(), this.o.now().getTime()).length === 0)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'Every date of this rule has passed; choose a later start or end.',
      );
    this.o.repo.save(active, series);
    // The series holds the post now: the draft it came from goes, as a sent draft does.
    this.o.drafts.remove(active.profileId, draft.id);
    const ran = await this.run(active);
    return { ...ran, series: this.view(active, series) };
  }

  async editSeries(active: ActiveBrand, input: IpcInput<'editSeries'>): Promise<IpcOutput<'editSeries'>> {
    const old = this.require(active, input.id);
    const from = input.scope === 'all' ? null : (input.from ?? missingFrom());
    let draft = old.draft;
    if (input.integrationIds) {
      const keep = new Set(input.integrationIds);
      const targets = draft.targets.filter((t) => keep.has(t.integrationId));
      if (targets.length !== keep.size)
        throw new AppFailure(
          'INVALID_ARGUMENT',
          'An account chosen is not one of this series; choose among its own.',
        );
      draft = { ...draft, targets };
    }
    const variants = input.variants ?? old.variants;
    const next = Series.parse({
      ...old,
      draft: {
        ...draft,
        blocks: draft.blocks.map((b, i) => (i === 0 ? { ...b, content: variants[0] ?? '' } : b)),
      },
      variants,
      rule: { ...old.rule, ...(input.time ? { time: input.time } : {}) },
      updatedAt: this.o.now().toISOString(),
    });
    this.check(active, next);
    const { kept, touched } = this.takeOff(active, old, (row) => from === null || row.date >= from);
    this.o.repo.save(active, next);
    const ran = await this.run(active);
    return {
      ...ran,
      posts: [...ran.posts, ...touched.posts],
      hidden: [...ran.hidden, ...touched.hidden],
      series: this.view(active, next),
      remade: ran.created,
      kept,
    };
  }

  async skipSeriesDate(
    active: ActiveBrand,
    { id, date }: IpcInput<'skipSeriesDate'>,
  ): Promise<IpcOutput<'skipSeriesDate'>> {
    const old = this.require(active, id);
    const next = Series.parse({
      ...old,
      skipDates: [...new Set([...old.skipDates, date])].sort(),
      updatedAt: this.o.now().toISOString(),
    });
    this.o.repo.save(active, next);
    const { kept, touched } = this.takeOff(active, old, (row) => row.date === date);
    if (kept > 0)
      throw new AppFailure(
        'CONFLICT',
        'This date’s post is being sent right now; wait a moment, then delete it.',
      );
    // A long series keeps its horizon: the date after the last one may be due now.
    const ran = await this.run(active);
    return {
      ...ran,
      posts: [...ran.posts, ...touched.posts],
      hidden: [...ran.hidden, ...touched.hidden],
      series: this.view(active, next),
    };
  }

  deleteSeries(active: ActiveBrand, { id }: IpcInput<'deleteSeries'>): IpcOutput<'deleteSeries'> {
    const old = this.o.repo.get(active, id);
    if (!old) return { deleted: false, removed: 0, kept: 0, posts: [], hidden: [], status: this.o.status() };
    const { removed, kept, touched } = this.takeOff(active, old, () => true);
    const deleted = this.o.repo.remove(active, id);
    return { deleted, removed, kept, ...touched, status: this.o.status() };
  }

  /** Makes every series' due dates; runs go one after another. */
  run(active: ActiveBrand | null = this.o.active()): Promise<PostsWritten & { created: number }> {
    const next = this.running.then(
      () => this.runOnce(active),
      () => this.runOnce(active),
    );
    this.running = next.catch(() => undefined);
    return next;
  }

  idle(): Promise<void> {
    return this.running.then(() => undefined);
  }

  /** A run started by the timer or a pull: a failure goes to the log, the next run tries again. */
  kick(): void {
    if (!this.o.active()) return;
    this.run().catch((error: unknown) => log.warn('a series run failed; the next one tries again', error));
  }

  private async runOnce(active: ActiveBrand | null): Promise<PostsWritten & { created: number }> {
    if (!active) return { created: 0, posts: [], hidden: [], status: this.o.status() };
    const now = this.o.now().getTime();
    const signatures = this.o.signatures(active);
    const queued: string[] = [];
    for (const series of this.o.repo.all(active)) {
      const made = new Set(this.o.repo.made(active, series.id).map((r) => r.date));
      const due = dueOccurrences(series.rule, series.timezone, new Set(series.skipDates), now);
      for (const o of due) {
        if (made.has(o.date)) continue;
        const payload = payloadOf(series, o, signatures);
        const issues = validateCreatePayload(payload);
        if (issues.length > 0) {
          log.warn(`series ${series.id} cannot make ${o.date}: ${issues.map((i) => i.message).join(' ')}`);
          continue;
        }
        const outboxId = randomUUID();
        const ids = this.o.posts.queueCreates(
          active,
          [
            {
              id: outboxId,
              payload,
              key: `series:${series.id}:${o.date}`,
              summary: createSummary(payload, 'Series:'),
            },
          ],
          () => {
            const claimed = this.o.repo.claim({
              seriesId: series.id,
              date: o.date,
              index: o.index,
              atMs: o.at,
              outboxId,
            });
            // The date's post carries the series' category and labels, written with its create.
            if (claimed && series.categoryId) this.o.categories?.carry(active, outboxId, series.categoryId);
            if (claimed && series.labelIds?.length) this.o.labels?.carry(active, outboxId, series.labelIds);
            return claimed;
          },
          { kind: 'series' },
        );
        if (ids) queued.push(...ids);
      }
    }
    return { created: queued.length, ...this.o.posts.announce(active, queued) };
  }

  /**
   * Takes off the posts still to come of the made dates `which` picks, through the posts door:
   * one still in the outbox is discarded, one on the service deleted. A post already sent (or
   * about to be) stays, and so does its row. Answers how many went and how many stayed.
   */
  private takeOff(active: ActiveBrand, series: Series, which: (row: MadeRow) => boolean) {
    const after = this.o.now().getTime() + LEAD_MS;
    let removed = 0;
    let kept = 0;
    const touched: Pick<PostsWritten, 'posts' | 'hidden'> = { posts: [], hidden: [] };
    for (const row of this.o.repo.made(active, series.id)) {
      if (!which(row)) continue;
      const posts = this.postsOf(active, row);
      const pending = row.outboxId ? this.o.outbox.get(row.outboxId) : null;
      // A date whose post now goes out at another time (moved by hand) is judged by that time.
      const at = Math.max(row.atMs, ...posts.map((p) => p.publishMs));
      if (at < after || posts.some((p) => !STILL_TO_COME.has(normalizePostState(p.state) ?? ''))) {
        kept += 1;
        continue;
      }
      // Its post is gone already (deleted by hand): the date stays taken, never made again.
      if (posts.length === 0 && !(pending && pending.kind === 'create')) continue;
      try {
        if (pending && pending.kind === 'create') {
          this.o.posts.discardOutbox(active, { id: pending.id });
        } else {
          const groups = [...new Set(posts.map((p) => p.group ?? p.id))];
          for (const group of groups) {
            const w = this.o.posts.deleteGroup(active, { group });
            touched.posts.push(...w.posts);
            touched.hidden.push(...w.hidden);
          }
        }
        this.o.repo.forget(row);
        removed += 1;
      } catch (error) {
        log.warn(`series ${series.id}: the post of ${row.date} could not be taken off`, error);
        kept += 1;
      }
    }
    return { removed, kept, touched };
  }

  /** A made date's posts in the cache: known ids, or found by the claim its create left. */
  private postsOf(active: ActiveBrand, row: MadeRow) {
    const known = row.postIds
      .map((id) => this.o.cache.get(active.profileId, active.brandId, id))
      .filter((p) => p !== null);
    if (known.length > 0 || !row.outboxId || this.o.outbox.get(row.outboxId)) return known;
    // Confirmed: its posts carry the create's claim. A post moved by hand since is still found
    // within a few days of its date.
    const found = this.o.cache
      .listRange(active.profileId, active.brandId, row.atMs - 3 * DAY, row.atMs + 3 * DAY)
      .filter((p) => this.o.madeBy(active, p.id) === row.outboxId);
    if (found.length > 0)
      this.o.repo.setPostIds(
        row,
        found.map((p) => p.id),
      );
    return found;
  }

  private require(active: ActiveBrand, id: string): Series {
    const s = this.o.repo.get(active, id);
    if (!s)
      throw new AppFailure(
        'NOT_FOUND',
        'This series no longer exists; it may have been deleted in another window.',
      );
    return s;
  }

  /** Every text variant on every account must pass the platform rules before the series is kept. */
  private check(active: ActiveBrand, series: Series): void {
    const signatures = this.o.signatures(active);
    const messages = series.variants.flatMap((_, v) =>
      validateCreatePayload(
        payloadOf(
          series,
          { date: series.rule.start, index: v + 1, at: this.o.now().getTime() + DAY },
          signatures,
        ),
      ).map((i) => `${series.variants.length > 1 ? `Text ${v + 1}: ` : ''}${i.message}`),
    );
    if (messages.length > 0) throw new AppFailure('INVALID_ARGUMENT', [...new Set(messages)].join(' '));
  }

  private view(active: ActiveBrand, series: Series): SeriesView {
    const made = new Map(this.o.repo.made(active, series.id).map((r) => [r.date, r]));
    const skip = new Set(series.skipDates);
    const dates = firstOccurrences(series.rule, series.timezone, VIEW_DATES);
    // Dates that passed without a post (before the series was made) are not listed.
    const now = this.o.now().getTime();
    const occurrences: OccurrenceView[] = dates.flatMap((o): OccurrenceView[] => {
      const row = made.get(o.date);
      if (!row && o.at < now && !skip.has(o.date)) return [];
      const posts = row ? this.postsOf(active, row) : [];
      return [
        {
          seriesId: series.id,
          date: o.date,
          index: o.index,
          at: new Date(posts[0]?.publishMs ?? row?.atMs ?? o.at).toISOString(),
          state: skip.has(o.date) && !row ? 'skipped' : row ? 'made' : 'planned',
          postIds: posts.map((p) => p.id),
          outboxId: row?.outboxId ?? null,
        },
      ];
    });
    // Dates made before a change of the rule's time stay in the list, at their own time.
    for (const row of made.values())
      if (!dates.some((d) => d.date === row.date))
        occurrences.push({
          seriesId: series.id,
          date: row.date,
          index: row.index,
          at: new Date(row.atMs).toISOString(),
          state: 'made',
          postIds: this.postsOf(active, row).map((p) => p.id),
          outboxId: row.outboxId,
        });
    occurrences.sort((a, b) => a.date.localeCompare(b.date));
    const { draft: _draft, ...rest } = series;
    return {
      ...rest,
      description: describeRule(series.rule),
      title: (series.variants[0] ?? '').split('\n')[0]?.slice(0, 80) ?? '',
      accounts: series.draft.targets.map((t) => ({ integrationId: t.integrationId, platform: t.platform })),
      occurrences,
      note: ruleNote(series.rule),
      warning: repeatWarning(
        series.draft.targets.map((t) => t.platform),
        series.variants,
        totalDates(series.rule, series.timezone),
      ),
    };
  }
}

const missingFrom = (): never => {
  throw new AppFailure('INVALID_ARGUMENT', 'Say from which date the change applies.');
};

/** The create of one date: the series' post with the date's text variant, signed, at its time. */
function payloadOf(series: Series, o: Occurrence, signatures: Map<string, string>): CreatePayload {
  const text = series.variants[(o.index - 1) % series.variants.length] ?? series.variants[0] ?? '';
  const draft: Draft = {
    ...series.draft,
    blocks: series.draft.blocks.map((b, i) => (i === 0 ? { ...b, content: text } : b)),
  };
  return createPayloadFromDraft(signedDraft(draft, signatures), 'schedule', new Date(o.at).toISOString());
}

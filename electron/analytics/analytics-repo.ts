import { z } from 'zod';
import { IsoDateTime, MetricMap, type AnalyticsResponse } from '../../shared/api/resources.js';
import { DayKey, type AccountDay, type PostResults } from '../../shared/analytics/ipc.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { vouchKeyFree } from '../core/key-free.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRow, parseRows } from '../store/rows.js';

/*
 * The analytics kept on this computer: each account's daily metrics (one row a day, the latest
 * snapshot's value winning), its name and platform as last seen, each post's last-seen metrics with
 * one row of history per day it was seen, and each brand's last snapshot and last problem. Only
 * snapshots write here; reads never need the network.
 */

/** Why a brand's analytics could not be brought up to date; kept as a kind, said as a sentence. */
export const HistoryProblemKind = z.enum([
  'scope-missing',
  'brand-not-allowed',
  'key-refused',
  'refused',
  'no-key',
]);
export type HistoryProblemKind = z.infer<typeof HistoryProblemKind>;

/** An account whose history is kept, as the last snapshot saw it. */
export interface KeptAccount {
  integrationId: string;
  name: string;
  platform: string | null;
  /** The profile metrics of the service's window at the last snapshot (followers, following…). */
  profile: MetricMap;
}

/** A brand's snapshot state: when a snapshot of it last worked, and what stops it now. */
export interface BrandSnapshotState {
  snapshotAt: string | null;
  problem: HistoryProblemKind | null;
}

const AccountRow = z
  .object({
    integration_id: z.string().min(1),
    name: z.string(),
    platform: z.string().nullable(),
    profile_json: jsonText(MetricMap),
  })
  .transform((r): KeptAccount => ({
    integrationId: r.integration_id,
    name: r.name,
    platform: r.platform,
    profile: r.profile_json,
  }));

const DayRow = z
  .object({ day: DayKey, metrics_json: jsonText(MetricMap) })
  .transform((r): AccountDay => ({ date: r.day, metrics: r.metrics_json }));

const PostRow = z
  .object({
    post_id: z.string().min(1),
    group_id: z.string().nullable(),
    publish_date: IsoDateTime.nullable(),
    content: z.string(),
    release_url: z.string().nullable(),
    metrics_json: jsonText(MetricMap),
    seen_at: IsoDateTime,
  })
  .transform((r): PostResults => ({
    postId: r.post_id,
    group: r.group_id,
    publishDate: r.publish_date,
    content: r.content,
    releaseURL: r.release_url,
    metrics: r.metrics_json,
    seenAt: r.seen_at,
  }));

const BrandRow = z.object({
  snapshot_at: IsoDateTime.nullable(),
  // A kind this version does not know (written by a newer one) reads as none, not as a lost row.
  problem: HistoryProblemKind.nullable().catch(null),
});

/** The day (UTC, as the service's daily series counts days) an instant falls on. */
const dayOf = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

/**
 * An account's whole kept history as main holds it in memory, with the version of its rows it was
 * read at (analytics_versions, raised by triggers on every change to the account's days or posts,
 * whoever writes them): a year of ten brands read row by row and checked took about 250 ms of
 * main's event loop per query; slicing the kept arrays takes a few.
 */
interface HeldHistory {
  version: number;
  /** Oldest first; frozen, since every answer shares them. */
  days: readonly AccountDay[];
  /** Each day's key, in the same order. */
  dates: readonly string[];
  /** Posts with a publish day, by publish date then id; frozen. */
  posts: readonly PostResults[];
  /** Each post's publish day (UTC), in the same order. */
  postDays: readonly string[];
}

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;
/** What toISOString writes: the only form the fast check takes; any other goes through IsoDateTime. */
const CANONICAL_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A metric map as MetricMap takes it: a plain object of finite numbers. */
function isMetricMap(value: unknown): value is MetricMap {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (typeof v !== 'number' || !Number.isFinite(v)) return false;
  }
  return true;
}

/** A canonical instant IsoDateTime takes (checked as a real date by writing it back). */
function isCanonicalInstant(value: unknown): value is string {
  if (typeof value !== 'string' || !CANONICAL_INSTANT.test(value)) return false;
  const ms = Date.parse(value);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === value;
}

/** The first index whose key is at or after `key` (keys sorted). */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const frozen = <T extends object>(value: T): T => Object.freeze(value);
/** A day or post read from disk, walked for key-like text once so the IPC gate can step over it. */
const vouched = <T extends object>(value: T): T => {
  vouchKeyFree(value);
  return value;
};

const heldKey = (brand: BrandRef, integrationId: string) =>
  `${brand.profileId}\u0000${brand.brandId}\u0000${integrationId}`;

export class AnalyticsRepo {
  /** Each account's history read so far, by account (see HeldHistory). */
  private readonly held = new Map<string, HeldHistory>();

  constructor(private readonly db: AppDatabase) {}

  /**
   * Keeps one account's snapshot in one transaction: its days merged by day (a day seen again takes
   * the newer value; a day no longer in the service's window stays as it was), its recent posts'
   * metrics, and the day's row of each post's history. Answers the days written.
   */
  saveAccount(brand: BrandRef, answer: AnalyticsResponse, seenAt: Date): number {
    const at = seenAt.toISOString();
    const today = at.slice(0, 10);
    const { profileId, brandId } = brand;
    const integrationId = answer.integration.id;
    const account = this.db.sql.prepare(
      `INSERT INTO analytics_accounts (profile_id, brand_id, integration_id, name, platform, profile_json, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile_id, brand_id, integration_id) DO UPDATE SET
         name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE analytics_accounts.name END,
         platform = COALESCE(excluded.platform, analytics_accounts.platform), profile_json = excluded.profile_json,
         seen_at = excluded.seen_at`,
    );
    const day = this.db.sql.prepare(
      `INSERT INTO analytics_days (profile_id, brand_id, integration_id, day, metrics_json, seen_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile_id, brand_id, integration_id, day) DO UPDATE SET
         metrics_json = excluded.metrics_json, seen_at = excluded.seen_at, source = 'snapshot'`,
    );
    const post = this.db.sql.prepare(
      `INSERT INTO analytics_posts (profile_id, brand_id, post_id, integration_id, group_id, publish_date,
         publish_day, content, release_url, metrics_json, seen_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (profile_id, brand_id, post_id) DO UPDATE SET
         integration_id = excluded.integration_id, group_id = excluded.group_id,
         publish_date = excluded.publish_date, publish_day = excluded.publish_day,
         content = excluded.content, release_url = excluded.release_url,
         metrics_json = excluded.metrics_json, seen_at = excluded.seen_at`,
    );
    const postDay = this.db.sql.prepare(
      `INSERT INTO analytics_post_days (profile_id, brand_id, post_id, day, metrics_json) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (profile_id, brand_id, post_id, day) DO UPDATE SET metrics_json = excluded.metrics_json`,
    );
    // A day the service names oddly is left out rather than kept under a key no range can find.
    const days = (answer.daily ?? []).filter((d) => DayKey.safeParse(d.date).success);
    // A copy of what the service holds: committed without waiting for the disk (see copyTx), as the
    // pull's are, so a day's snapshot of many accounts never holds main on a busy disk. A power cut
    // loses at most the last accounts written, which the next snapshot takes again.
    this.db.copyTx(() => {
      account.run(
        profileId,
        brandId,
        integrationId,
        answer.integration.name ?? '',
        answer.integration.platform ?? null,
        JSON.stringify(answer.profile),
        at,
      );
      for (const d of days) day.run(profileId, brandId, integrationId, d.date, JSON.stringify(d.metrics), at);
      for (const p of answer.recentPosts) {
        const publishDate = p.publishDate ? new Date(p.publishDate).toISOString() : null;
        const metrics = JSON.stringify(p.metrics);
        post.run(
          profileId,
          brandId,
          p.postId,
          integrationId,
          p.group ?? null,
          publishDate,
          publishDate ? dayOf(publishDate) : null,
          p.content ?? '',
          p.releaseURL ?? null,
          metrics,
          at,
        );
        postDay.run(profileId, brandId, p.postId, today, metrics);
      }
    });
    // A history held in memory is read again now, a slice of the snapshot's work, rather than on
    // the window's next read (which would then take every account written at once).
    if (this.held.has(heldKey(brand, integrationId))) this.history(brand, integrationId);
    return days.length;
  }

  /**
   * Keeps imported days (a history file, the sandbox's first year) in one transaction. A day a
   * snapshot wrote keeps the service's numbers; a day imported before is replaced. Each account
   * gets a row (its name and platform as the brand knows them) if no snapshot has made one yet, so
   * its history shows before the first snapshot. Answers how many days were written and how many
   * were left as the service had them.
   */
  importDays(
    brand: BrandRef,
    accounts: readonly { integrationId: string; name: string; platform: string | null }[],
    days: readonly { integrationId: string; date: string; metrics: MetricMap }[],
    at: Date,
  ): { written: number; keptFromService: number } {
    const seen = at.toISOString();
    const { profileId, brandId } = brand;
    const account = this.db.sql.prepare(
      `INSERT INTO analytics_accounts (profile_id, brand_id, integration_id, name, platform, profile_json, seen_at)
       VALUES (?, ?, ?, ?, ?, '{}', ?)
       ON CONFLICT (profile_id, brand_id, integration_id) DO NOTHING`,
    );
    const day = this.db.sql.prepare(
      `INSERT INTO analytics_days (profile_id, brand_id, integration_id, day, metrics_json, seen_at, source)
       VALUES (?, ?, ?, ?, ?, ?, 'import')
       ON CONFLICT (profile_id, brand_id, integration_id, day) DO UPDATE SET
         metrics_json = excluded.metrics_json, seen_at = excluded.seen_at
       WHERE analytics_days.source = 'import'`,
    );
    let written = 0;
    // The user's own file: committed as any change of theirs is (not copyTx), all or nothing.
    this.db.tx(() => {
      for (const a of accounts) account.run(profileId, brandId, a.integrationId, a.name, a.platform, seen);
      for (const d of days) {
        const { changes } = day.run(
          profileId,
          brandId,
          d.integrationId,
          d.date,
          JSON.stringify(d.metrics),
          seen,
        );
        written += Number(changes);
      }
    });
    return { written, keptFromService: days.length - written };
  }

  /**
   * Reads an account's kept history into memory if it is not held (or has changed), so the
   * window's next read of it only slices: main warms the brands shown, one account at a time.
   */
  /** Whether the account's history is held in memory (it may still be stale: reads check). */
  isHeld(brand: BrandRef, integrationId: string): boolean {
    return this.held.has(heldKey(brand, integrationId));
  }

  hold(brand: BrandRef, integrationId: string): void {
    this.history(brand, integrationId);
  }

  /** A snapshot of the brand worked: its time is kept and any problem it had goes. */
  markSnapshot(brand: BrandRef, at: Date): void {
    this.db.sql
      .prepare(
        `INSERT INTO analytics_brands (profile_id, brand_id, snapshot_at, problem) VALUES (?, ?, ?, NULL)
         ON CONFLICT (profile_id, brand_id) DO UPDATE SET snapshot_at = excluded.snapshot_at, problem = NULL`,
      )
      .run(brand.profileId, brand.brandId, at.toISOString());
  }

  /** The service refused the brand's analytics (or no key can ask): kept until a snapshot works. */
  markProblem(brand: BrandRef, problem: HistoryProblemKind): void {
    this.db.sql
      .prepare(
        `INSERT INTO analytics_brands (profile_id, brand_id, snapshot_at, problem) VALUES (?, ?, NULL, ?)
         ON CONFLICT (profile_id, brand_id) DO UPDATE SET problem = excluded.problem`,
      )
      .run(brand.profileId, brand.brandId, problem);
  }

  brandState(brand: BrandRef): BrandSnapshotState {
    const rows = this.db.sql
      .prepare('SELECT snapshot_at, problem FROM analytics_brands WHERE profile_id = ? AND brand_id = ?')
      .all(brand.profileId, brand.brandId);
    const [row] = parseRows(this.db, 'analytics_brands', BrandRow, rows);
    return { snapshotAt: row?.snapshot_at ?? null, problem: row?.problem ?? null };
  }

  /** The brand's accounts with kept history, by name. */
  accounts(brand: BrandRef): KeptAccount[] {
    const rows = this.db.sql
      .prepare(
        `SELECT integration_id, name, platform, profile_json FROM analytics_accounts
         WHERE profile_id = ? AND brand_id = ? ORDER BY name COLLATE NOCASE, integration_id`,
      )
      .all(brand.profileId, brand.brandId);
    return parseRows(this.db, 'analytics_accounts', AccountRow, rows);
  }

  /** An account's kept days from `from` to `to` (both included), oldest first. */
  days(brand: BrandRef, integrationId: string, from: string, to: string): AccountDay[] {
    // An account never read yet (a query right after start, before the read-ahead reached it)
    // reads only the days asked: reading its whole year first made that query ~250 ms for ten
    // brands. What is read this way is not held; the read-ahead holds the account soon after.
    if (!this.held.has(heldKey(brand, integrationId)))
      return this.readDays(brand, integrationId, { from, to }).map(vouched);
    const { days, dates } = this.history(brand, integrationId);
    return days.slice(lowerBound(dates, from), lowerBound(dates, `${to}\u0000`));
  }

  /** An account's earliest kept day, or null before any. */
  firstDay(brand: BrandRef, integrationId: string): string | null {
    if (!this.held.has(heldKey(brand, integrationId))) {
      const row = this.db.sql
        .prepare(
          'SELECT MIN(day) AS day FROM analytics_days WHERE profile_id = ? AND brand_id = ? AND integration_id = ?',
        )
        .get(brand.profileId, brand.brandId, integrationId) as { day?: unknown } | undefined;
      return typeof row?.day === 'string' && DAY_KEY.test(row.day) ? row.day : null;
    }
    return this.history(brand, integrationId).dates[0] ?? null;
  }

  /** An account's posts published from `from` to `to` (UTC days, both included), oldest first. */
  posts(brand: BrandRef, integrationId: string, from: string, to: string): PostResults[] {
    if (!this.held.has(heldKey(brand, integrationId)))
      return this.readPosts(brand, integrationId, { from, to }).map((p) => vouched(p.post));
    const { posts, postDays } = this.history(brand, integrationId);
    return posts.slice(lowerBound(postDays, from), lowerBound(postDays, `${to}\u0000`));
  }

  /**
   * An account's whole kept history: the one held, while its version is the one on disk; else read
   * again (every row checked, a damaged one reported and left out, as any row read from disk).
   */
  private history(brand: BrandRef, integrationId: string): HeldHistory {
    const key = heldKey(brand, integrationId);
    const row = this.db.sql
      .prepare(
        'SELECT version FROM analytics_versions WHERE profile_id = ? AND brand_id = ? AND integration_id = ?',
      )
      .get(brand.profileId, brand.brandId, integrationId) as { version?: unknown } | undefined;
    // Read before the rows: a write in between makes the next read take them again, never miss one.
    const version = typeof row?.version === 'number' ? row.version : 0;
    const held = this.held.get(key);
    if (held && held.version === version) return held;
    const days = this.readDays(brand, integrationId);
    const posts = this.readPosts(brand, integrationId);
    // Each day and post is walked for key-like text once, here, rather than in every answer.
    for (const d of days) vouchKeyFree(d);
    for (const p of posts) vouchKeyFree(p.post);
    const fresh: HeldHistory = {
      version,
      days: frozen(days),
      dates: frozen(days.map((d) => d.date)),
      posts: frozen(posts.map((p) => p.post)),
      postDays: frozen(posts.map((p) => p.day)),
    };
    this.held.set(key, fresh);
    return fresh;
  }

  /**
   * Every kept day of an account. Fast path: SQLite checks each row (a day key, an object of valid
   * JSON) and joins them into one JSON text, parsed once and each metric checked a finite number:
   * what DayRow takes, without a JSON.parse and a schema per row. Any doubt (a row SQLite finds
   * bad, a value that is not a finite number) reads the account row by row through DayRow, which
   * reports and skips each damaged row as before.
   */
  private readDays(
    brand: BrandRef,
    integrationId: string,
    range?: { from: string; to: string },
  ): AccountDay[] {
    // Every day, or only those of a range (both included).
    const within = range ? ' AND day >= ? AND day <= ?' : '';
    const args = [brand.profileId, brand.brandId, integrationId, ...(range ? [range.from, range.to] : [])];
    let joined: { n?: unknown; bad?: unknown; list?: unknown } = {};
    try {
      joined = this.db.sql
        .prepare(
          `SELECT COUNT(*) AS n,
           COALESCE(SUM(typeof(day) <> 'text' OR typeof(metrics_json) <> 'text'
             OR NOT (day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
             OR NOT json_valid(metrics_json) OR substr(metrics_json, 1, 1) <> '{'), 0) AS bad,
           '[' || COALESCE(group_concat('{"date":"' || day || '","metrics":' || metrics_json || '}', ',' ORDER BY day), '') || ']' AS list
         FROM analytics_days WHERE profile_id = ? AND brand_id = ? AND integration_id = ?${within}`,
        )
        .get(...args) as typeof joined;
    } catch {
      // SQLite met a row it could not join (a text too long, say): the rows are read one by one.
    }
    const fast =
      joined.bad === 0 && typeof joined.list === 'string' ? daysFromJoined(joined.list, joined.n) : null;
    if (fast) return fast;
    const rows = this.db.sql
      .prepare(
        `SELECT day, metrics_json FROM analytics_days
         WHERE profile_id = ? AND brand_id = ? AND integration_id = ?${within} ORDER BY day`,
      )
      .all(...args);
    return parseRows(this.db, 'analytics_days', DayRow, rows).map((d) =>
      frozen({ ...d, metrics: frozen(d.metrics) }),
    );
  }

  /**
   * Every kept post of an account that has a publish day, with that day. Each row is checked by
   * hand for the common case (the forms saveAccount writes); a row that does not pass goes through
   * PostRow, which takes the rarer forms IsoDateTime allows and reports a damaged row as before.
   */
  private readPosts(
    brand: BrandRef,
    integrationId: string,
    range?: { from: string; to: string },
  ): { post: PostResults; day: string }[] {
    const within = range ? ' AND publish_day >= ? AND publish_day <= ?' : '';
    const args = [brand.profileId, brand.brandId, integrationId, ...(range ? [range.from, range.to] : [])];
    const rows = this.db.sql
      .prepare(
        `SELECT post_id, group_id, publish_date, publish_day, content, release_url, metrics_json, seen_at
         FROM analytics_posts
         WHERE profile_id = ? AND brand_id = ? AND integration_id = ? AND publish_day IS NOT NULL${within}
         ORDER BY publish_day, publish_date, post_id`,
      )
      .all(...args) as Record<string, unknown>[];
    const out: { post: PostResults; day: string }[] = [];
    for (const row of rows) {
      const day = row.publish_day;
      if (typeof day !== 'string') continue;
      const post = postFromRow(row) ?? parseRow(this.db, 'analytics_posts', PostRow, row);
      if (post) out.push({ post: frozen({ ...post, metrics: frozen(post.metrics) }), day });
    }
    return out;
  }

  /** A post's metrics on each day a snapshot saw it, oldest first. */
  postHistory(brand: BrandRef, postId: string): AccountDay[] {
    const rows = this.db.sql
      .prepare(
        `SELECT day, metrics_json FROM analytics_post_days WHERE profile_id = ? AND brand_id = ? AND post_id = ?
         ORDER BY day`,
      )
      .all(brand.profileId, brand.brandId, postId);
    return parseRows(this.db, 'analytics_post_days', DayRow, rows);
  }
}

/** The days joined by readDays, when every one is what DayRow takes; null to read them row by row. */
function daysFromJoined(list: string, count: unknown): AccountDay[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(list);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== count) return null;
  const days: AccountDay[] = [];
  let last = '';
  // Each entry is built as the answer's own object, so JSON.parse allocates nothing to throw away.
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { date, metrics } = entry as { date?: unknown; metrics?: unknown };
    if (typeof date !== 'string' || !DAY_KEY.test(date) || date <= last || !isMetricMap(metrics)) return null;
    last = date;
    frozen(metrics);
    days.push(frozen(entry as AccountDay));
  }
  return days;
}

/** A post row as PostRow reads it, when it is in the form saveAccount writes; else null. */
function postFromRow(row: Record<string, unknown>): PostResults | null {
  const { post_id, group_id, publish_date, content, release_url, metrics_json, seen_at } = row;
  if (typeof post_id !== 'string' || post_id.length === 0) return null;
  if (group_id !== null && typeof group_id !== 'string') return null;
  if (publish_date !== null && !isCanonicalInstant(publish_date)) return null;
  if (typeof content !== 'string') return null;
  if (release_url !== null && typeof release_url !== 'string') return null;
  if (!isCanonicalInstant(seen_at) || typeof metrics_json !== 'string') return null;
  let metrics: unknown;
  try {
    metrics = JSON.parse(metrics_json);
  } catch {
    return null;
  }
  if (!isMetricMap(metrics)) return null;
  return {
    postId: post_id,
    group: group_id,
    publishDate: publish_date,
    content,
    releaseURL: release_url,
    metrics,
    seenAt: seen_at,
  };
}

import { z } from 'zod';
import { IsoDateTime, MetricMap, type AnalyticsResponse } from '../../shared/api/resources.js';
import { DayKey, type AccountDay, type PostResults } from '../../shared/analytics/ipc.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import type { AppDatabase } from '../store/database.js';
import { jsonText, parseRows } from '../store/rows.js';

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

export class AnalyticsRepo {
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
    const rows = this.db.sql
      .prepare(
        `SELECT day, metrics_json FROM analytics_days
         WHERE profile_id = ? AND brand_id = ? AND integration_id = ? AND day >= ? AND day <= ? ORDER BY day`,
      )
      .all(brand.profileId, brand.brandId, integrationId, from, to);
    return parseRows(this.db, 'analytics_days', DayRow, rows);
  }

  /** An account's posts published from `from` to `to` (UTC days, both included), oldest first. */
  posts(brand: BrandRef, integrationId: string, from: string, to: string): PostResults[] {
    const rows = this.db.sql
      .prepare(
        `SELECT post_id, group_id, publish_date, content, release_url, metrics_json, seen_at FROM analytics_posts
         WHERE profile_id = ? AND brand_id = ? AND integration_id = ? AND publish_day >= ? AND publish_day <= ?
         ORDER BY publish_date, post_id`,
      )
      .all(brand.profileId, brand.brandId, integrationId, from, to);
    return parseRows(this.db, 'analytics_posts', PostRow, rows);
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

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '../../../shared/api/resources.js';
import { AnalyticsRepo } from '../../analytics/analytics-repo.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { saveTestProfile } from '../support/database.js';

/*
 * The kept history's rules on a real database file: a day seen again takes the later value and a
 * day seen once stays, a post keeps its last-seen metrics with a row of history per day, a brand's
 * problem stays until a snapshot works, a damaged row is skipped and reported, and removing a
 * connection removes its history.
 */

let dir = '';
let db: AppDatabase;
let repo: AnalyticsRepo;
const brand = { profileId: 'p1', brandId: 'b1' };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'postdeck-analytics-repo-'));
  db = openDatabase(join(dir, 'postdeck.db'));
  saveTestProfile(new ProfilesRepo(db), 'p1');
  repo = new AnalyticsRepo(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function answer(days: [string, number][], posts: [string, string, number][]): AnalyticsResponse {
  return {
    integration: { id: 'acc-1', platform: 'x', name: 'Harbor Coffee', disconnected: false },
    profile: { followers: 1200 },
    daily: days.map(([date, impressions]) => ({ date, metrics: { impressions } })),
    recentPosts: posts.map(([postId, publishDate, impressions]) => ({
      postId,
      publishDate,
      content: `post ${postId}`,
      metrics: { impressions },
    })),
  };
}

describe('the kept analytics', () => {
  it('merge days by day and keep each post’s last-seen metrics with a row a day', () => {
    repo.saveAccount(
      brand,
      answer(
        [
          ['2030-05-01', 10],
          ['2030-05-02', 20],
        ],
        [['post-a', '2030-05-01T09:00:00Z', 100]],
      ),
      new Date('2030-05-02T12:00:00Z'),
    );
    repo.saveAccount(
      brand,
      answer(
        [
          ['2030-05-02', 25],
          ['2030-05-03', 30],
        ],
        [['post-b', '2030-05-03T09:00:00+02:00', 300]],
      ),
      new Date('2030-05-03T12:00:00Z'),
    );
    repo.saveAccount(
      brand,
      answer([], [['post-b', '2030-05-03T09:00:00+02:00', 350]]),
      new Date('2030-05-04T12:00:00Z'),
    );
    expect(repo.days(brand, 'acc-1', '2030-05-01', '2030-05-31')).toEqual([
      { date: '2030-05-01', metrics: { impressions: 10 } },
      { date: '2030-05-02', metrics: { impressions: 25 } },
      { date: '2030-05-03', metrics: { impressions: 30 } },
    ]);
    expect(repo.days(brand, 'acc-1', '2030-05-02', '2030-05-02')).toHaveLength(1);
    const posts = repo.posts(brand, 'acc-1', '2030-05-01', '2030-05-31');
    expect(posts.map((p) => [p.postId, p.metrics.impressions, p.publishDate, p.seenAt])).toEqual([
      ['post-a', 100, '2030-05-01T09:00:00.000Z', '2030-05-02T12:00:00.000Z'],
      ['post-b', 350, '2030-05-03T07:00:00.000Z', '2030-05-04T12:00:00.000Z'],
    ]);
    // Published in the range means the post's UTC day, as the service's daily series counts days.
    expect(repo.posts(brand, 'acc-1', '2030-05-02', '2030-05-02')).toEqual([]);
    expect(repo.postHistory(brand, 'post-b')).toEqual([
      { date: '2030-05-03', metrics: { impressions: 300 } },
      { date: '2030-05-04', metrics: { impressions: 350 } },
    ]);
    expect(repo.accounts(brand)).toEqual([
      { integrationId: 'acc-1', name: 'Harbor Coffee', platform: 'x', profile: { followers: 1200 } },
    ]);
  });

  it('keep a brand’s problem until a snapshot of it works', () => {
    expect(repo.brandState(brand)).toEqual({ snapshotAt: null, problem: null });
    repo.markSnapshot(brand, new Date('2030-05-01T08:00:00Z'));
    repo.markProblem(brand, 'scope-missing');
    expect(repo.brandState(brand)).toEqual({
      snapshotAt: '2030-05-01T08:00:00.000Z',
      problem: 'scope-missing',
    });
    repo.markSnapshot(brand, new Date('2030-05-02T08:00:00Z'));
    expect(repo.brandState(brand)).toEqual({ snapshotAt: '2030-05-02T08:00:00.000Z', problem: null });
  });

  it('skip and report a damaged row, and go with their connection', () => {
    repo.saveAccount(
      brand,
      answer(
        [
          ['2030-05-01', 10],
          ['2030-05-02', 20],
        ],
        [],
      ),
      new Date('2030-05-02T12:00:00Z'),
    );
    db.sql
      .prepare("UPDATE analytics_days SET metrics_json = '{\"impressions\":' WHERE day = '2030-05-01'")
      .run();
    expect(repo.days(brand, 'acc-1', '2030-05-01', '2030-05-31').map((d) => d.date)).toEqual(['2030-05-02']);
    expect(db.corruptRows.some((r) => r.table === 'analytics_days')).toBe(true);

    new ProfilesRepo(db).remove('p1');
    expect(repo.accounts(brand)).toEqual([]);
    expect((db.sql.prepare('SELECT COUNT(*) AS n FROM analytics_days').get() as { n: number }).n).toBe(0);
  });
});

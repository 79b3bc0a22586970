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

  it.each([
    ['held in memory', true],
    ['read cold, only the days asked', false],
  ])(
    'read a damaged row of any kind as skipped and reported, the rest of the account as kept (%s)',
    (_, held) => {
      const days: [string, number][] = [
        ['2030-05-01', 10],
        ['2030-05-02', 20],
        ['2030-05-03', 30],
        ['2030-05-04', 40],
        ['2030-05-05', 50],
        ['2030-05-06', 60],
      ];
      repo.saveAccount(brand, answer(days, []), new Date('2030-05-06T12:00:00Z'));
      // Held in memory, every change below must still be seen; cold, each read goes to the file.
      if (held) repo.hold(brand, 'acc-1');
      expect(repo.days(brand, 'acc-1', '2030-05-01', '2030-05-31')).toHaveLength(6);
      const damage = (day: string, metrics: string) =>
        db.sql.prepare('UPDATE analytics_days SET metrics_json = ? WHERE day = ?').run(metrics, day);
      damage('2030-05-01', '{"impressions":"ten"}');
      damage('2030-05-02', '[1,2]');
      damage('2030-05-03', '{"impressions":1e999}');
      damage('2030-05-04', '{"impressions":{"n":1}}');
      db.sql.prepare("UPDATE analytics_days SET day = '2030-5-5' WHERE day = '2030-05-05'").run();
      const before = db.corruptRows.length;
      expect(repo.days(brand, 'acc-1', '2030-05-01', '2030-05-31')).toEqual([
        { date: '2030-05-06', metrics: { impressions: 60 } },
      ]);
      // A day written out of form ("2030-5-5") sorts outside the range a cold read asks for, so only
      // a whole read meets (and reports) it.
      expect(db.corruptRows.length - before).toBe(held ? 5 : 4);
      expect(db.corruptRows.slice(before).every((r) => r.table === 'analytics_days')).toBe(true);
    },
  );

  it('read posts kept in any form IsoDateTime takes, and report one that is not', () => {
    repo.saveAccount(
      brand,
      answer(
        [],
        [
          ['post-a', '2030-05-01T09:00:00Z', 100],
          ['post-b', '2030-05-02T09:00:00Z', 200],
          ['post-c', '2030-05-03T09:00:00Z', 300],
        ],
      ),
      new Date('2030-05-03T12:00:00Z'),
    );
    expect(repo.posts(brand, 'acc-1', '2030-05-01', '2030-05-31')).toHaveLength(3);
    // Written by another build: an offset rather than Z, seconds without a fraction.
    db.sql
      .prepare(
        "UPDATE analytics_posts SET publish_date = '2030-05-01T11:00:00+02:00' WHERE post_id = 'post-a'",
      )
      .run();
    db.sql.prepare("UPDATE analytics_posts SET seen_at = 'yesterday' WHERE post_id = 'post-b'").run();
    db.sql.prepare("UPDATE analytics_posts SET metrics_json = '{\"likes\":' WHERE post_id = 'post-c'").run();
    const before = db.corruptRows.length;
    expect(repo.posts(brand, 'acc-1', '2030-05-01', '2030-05-31')).toEqual([
      {
        postId: 'post-a',
        group: null,
        publishDate: '2030-05-01T11:00:00+02:00',
        content: 'post post-a',
        releaseURL: null,
        metrics: { impressions: 100 },
        seenAt: '2030-05-03T12:00:00.000Z',
      },
    ]);
    expect(db.corruptRows.slice(before).map((r) => r.table)).toEqual(['analytics_posts', 'analytics_posts']);
  });

  it('see every change to a held account, whoever writes it, and never let a reader change what it holds', () => {
    repo.saveAccount(
      brand,
      answer([['2030-05-01', 10]], [['post-a', '2030-05-01T09:00:00Z', 100]]),
      new Date('2030-05-01T12:00:00Z'),
    );
    repo.hold(brand, 'acc-1');
    const first = repo.days(brand, 'acc-1', '2030-05-01', '2030-05-31');
    expect(first).toEqual([{ date: '2030-05-01', metrics: { impressions: 10 } }]);
    // A reader may change its own array, never the held days.
    first.pop();
    expect(() => {
      (repo.days(brand, 'acc-1', '2030-05-01', '2030-05-31')[0]!.metrics as Record<string, number>).x = 1;
    }).toThrow(TypeError);
    expect(repo.days(brand, 'acc-1', '2030-05-01', '2030-05-31')).toEqual([
      { date: '2030-05-01', metrics: { impressions: 10 } },
    ]);
    // Another repository on the same file (the next start, an import) writes: this one sees it.
    const other = new AnalyticsRepo(db);
    other.saveAccount(brand, answer([['2030-05-02', 20]], []), new Date('2030-05-02T12:00:00Z'));
    expect(repo.days(brand, 'acc-1', '2030-05-01', '2030-05-31').map((d) => d.date)).toEqual([
      '2030-05-01',
      '2030-05-02',
    ]);
    db.sql.prepare("DELETE FROM analytics_days WHERE day = '2030-05-01'").run();
    db.sql.prepare("DELETE FROM analytics_posts WHERE post_id = 'post-a'").run();
    expect(repo.days(brand, 'acc-1', '2030-05-01', '2030-05-31').map((d) => d.date)).toEqual(['2030-05-02']);
    expect(repo.posts(brand, 'acc-1', '2030-05-01', '2030-05-31')).toEqual([]);
    db.sql
      .prepare(
        `INSERT INTO analytics_posts (profile_id, brand_id, post_id, integration_id, publish_date, publish_day,
           content, metrics_json, seen_at)
         VALUES ('p1', 'b1', 'post-z', 'acc-1', '2030-05-02T08:00:00.000Z', '2030-05-02', 'z', '{}', '2030-05-02T12:00:00.000Z')`,
      )
      .run();
    expect(repo.posts(brand, 'acc-1', '2030-05-01', '2030-05-31').map((p) => p.postId)).toEqual(['post-z']);
    // A post moved to another account leaves the first one's posts.
    db.sql.prepare("UPDATE analytics_posts SET integration_id = 'acc-2' WHERE post_id = 'post-z'").run();
    expect(repo.posts(brand, 'acc-1', '2030-05-01', '2030-05-31')).toEqual([]);
    expect(repo.posts(brand, 'acc-2', '2030-05-01', '2030-05-31').map((p) => p.postId)).toEqual(['post-z']);
  });

  it('answer an account not held yet from the file, only the days and posts asked, as a held one would', () => {
    const days: [string, number][] = Array.from({ length: 40 }, (_, i) => [
      `2030-05-${String((i % 31) + 1).padStart(2, '0')}`.replace(/^2030-05-(3[2-9]|[4-9]\d)$/, ''),
      i,
    ]);
    const may = days.slice(0, 31);
    const posts: [string, string, number][] = [
      ['post-a', '2030-05-02T09:00:00Z', 1],
      ['post-b', '2030-05-20T09:00:00Z', 2],
      ['post-c', '2030-05-31T23:30:00Z', 3],
    ];
    repo.saveAccount(brand, answer(may, posts), new Date('2030-05-31T23:59:00Z'));
    const cold = new AnalyticsRepo(db);
    const range = ['2030-05-10', '2030-05-20'] as const;
    const coldDays = cold.days(brand, 'acc-1', ...range);
    const coldPosts = cold.posts(brand, 'acc-1', ...range);
    const coldFirst = cold.firstDay(brand, 'acc-1');
    repo.hold(brand, 'acc-1');
    expect(coldDays).toEqual(repo.days(brand, 'acc-1', ...range));
    expect(coldDays.map((d) => d.date)).toEqual(may.slice(9, 20).map(([d]) => d));
    expect(coldPosts).toEqual(repo.posts(brand, 'acc-1', ...range));
    expect(coldPosts.map((p) => p.postId)).toEqual(['post-b']);
    expect(coldFirst).toBe('2030-05-01');
    expect(coldFirst).toBe(repo.firstDay(brand, 'acc-1'));
    expect(cold.firstDay(brand, 'acc-none')).toBeNull();
    // What a cold read answers is frozen too: a reader cannot change the kept numbers.
    expect(() => {
      (coldDays[0]!.metrics as Record<string, number>).x = 1;
    }).toThrow(TypeError);
  });
});

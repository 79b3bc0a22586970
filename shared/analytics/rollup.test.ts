import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MetricMap } from '../api/resources.js';
import type { AccountHistory, PostResults } from './ipc.js';
import { metricInfo, metricName, orderMetricKeys } from './metric-names.js';
import { addDays, eachDay, type DayRange } from './ranges.js';
import {
  compareSummaries,
  groupsOf,
  labelGroupsOf,
  postEngagements,
  rollupByLabel,
  summarizePosts,
  withLabel,
  type BrandLabels,
  postsPerWeek,
  sliceHistory,
  summarize,
  topAndBottomPosts,
} from './rollup.js';

const brandA = { profileId: 'prof_1', brandId: 'brand_a' };
const brandB = { profileId: 'prof_1', brandId: 'brand_b' };

function account(
  id: string,
  platform: string,
  brand = brandA,
  days: { date: string; metrics: MetricMap }[] = [],
  posts: PostResults[] = [],
): AccountHistory {
  return { brand, integration: { id, name: `Account ${id}`, platform }, days, posts };
}

function post(postId: string, publishDate: string, metrics: MetricMap): PostResults {
  return {
    postId,
    group: null,
    publishDate,
    content: `Post ${postId}`,
    releaseURL: null,
    metrics,
    seenAt: '2026-11-28T00:00:00.000Z',
  };
}

const range: DayRange = { from: '2026-11-01', to: '2026-11-07' };

describe('metric names', () => {
  it('names known metrics with their unit and how they add up', () => {
    expect(metricInfo('engagementRate')).toMatchObject({ name: 'Engagement rate', unit: '%', kind: 'ratio' });
    expect(metricInfo('followers')).toMatchObject({ name: 'Followers', kind: 'level' });
    expect(metricInfo('impressions').kind).toBe('count');
  });

  it('gives an unknown key a readable name, never the raw key', () => {
    expect(metricName('video_views')).toBe('Video views');
    expect(metricName('storyReplies')).toBe('Story replies');
    expect(metricName('saveRate')).toBe('Save rate');
    expect(metricInfo('saveRate').kind).toBe('ratio');
    expect(metricName('__')).toBe('Unnamed metric');
    expect(metricName('constructor')).toBe('Constructor');
    fc.assert(
      fc.property(fc.string(), (key) => {
        const name = metricName(key);
        expect(name.length).toBeGreaterThan(0);
        expect(name).not.toMatch(/[_\-.]/);
      }),
    );
  });

  it('orders the usual metrics first', () => {
    expect(orderMetricKeys(['saves', 'posts', 'followers'])).toEqual(['followers', 'posts', 'saves']);
  });
});

describe('summing a range', () => {
  const a = account('a', 'x', brandA, [
    { date: '2026-11-01', metrics: { impressions: 1000, engagements: 10, followers: 500 } },
    { date: '2026-11-02', metrics: { impressions: 10, engagements: 5, followers: 505 } },
    { date: '2026-11-05', metrics: { impressions: 90, engagements: 0, followers: 520 } },
  ]);
  const b = account('b', 'linkedin', brandB, [
    { date: '2026-11-02', metrics: { impressions: 100, engagements: 20, followers: 2000 } },
    { date: '2026-11-03', metrics: { impressions: 100, engagements: 30, followers: 1990 } },
  ]);

  it('adds counts across days and accounts, and counts the days that have data', () => {
    const s = summarize([a, b], range);
    expect(s.totals.impressions).toBe(1300);
    expect(s.totals.engagements).toBe(65);
    expect(s.daysInRange).toBe(7);
    expect(s.daysWithData).toBe(4);
    expect(s.series.impressions).toEqual([
      { date: '2026-11-01', value: 1000 },
      { date: '2026-11-02', value: 110 },
      { date: '2026-11-03', value: 100 },
      { date: '2026-11-05', value: 90 },
    ]);
  });

  it('takes the engagement rate as a ratio of sums, never a mean of daily rates', () => {
    const s = summarize([a, b], range);
    expect(s.totals.engagementRate).toBeCloseTo(65 / 1300, 12);
    // The mean of the daily rates would be far off: (0.01 + 0.5 + 0) / 3 for account a alone.
    expect(summarize([a], range).totals.engagementRate).toBeCloseTo(15 / 1100, 12);
    expect(s.series.engagementRate![1]).toEqual({ date: '2026-11-02', value: 25 / 110 });
  });

  it('takes followers as the last known value, with the change over the period', () => {
    const s = summarize([a, b], range);
    expect(s.totals.followers).toBe(520 + 1990);
    expect(s.levels.followers).toEqual({ first: 500 + 2000, last: 2510, change: 10 });
    // An account missing a day keeps its last value that day instead of dropping out of the sum.
    expect(s.series.followers).toEqual([
      { date: '2026-11-01', value: 500 },
      { date: '2026-11-02', value: 2505 },
      { date: '2026-11-03', value: 2495 },
      { date: '2026-11-05', value: 2510 },
    ]);
  });

  it('leaves out days outside the range and metrics nobody has', () => {
    const s = summarize([a], { from: '2026-11-02', to: '2026-11-03' });
    expect(s.totals).toEqual({ impressions: 10, engagements: 5, followers: 505, engagementRate: 0.5 });
    expect(s.daysWithData).toBe(1);
    expect(summarize([], range)).toMatchObject({ totals: {}, daysWithData: 0, daysInRange: 7, metrics: [] });
  });

  it('weights a rate it cannot rebuild by the impressions of each day', () => {
    const c = account('c', 'x', brandA, [
      { date: '2026-11-01', metrics: { impressions: 100, saveRate: 0.1 } },
      { date: '2026-11-02', metrics: { impressions: 300, saveRate: 0.2 } },
    ]);
    expect(summarize([c], range).totals.saveRate).toBeCloseTo((10 + 60) / 400, 12);
  });

  it('compares with an earlier period, a missing metric having no change', () => {
    const now = summarize([a], range);
    const before = summarize([b], range);
    const c = compareSummaries(now, before);
    expect(c.impressions).toEqual({ value: 1100, previous: 200, change: 4.5 });
    expect(compareSummaries(now, null).impressions).toEqual({
      value: 1100,
      previous: undefined,
      change: null,
    });
  });
});

describe('summing, as properties', () => {
  const dayMetrics = fc.record({
    impressions: fc.integer({ min: 0, max: 10_000 }),
    engagements: fc.integer({ min: 0, max: 500 }),
  });
  const history = fc.array(
    fc.tuple(fc.array(fc.option(dayMetrics, { nil: undefined }), { minLength: 7, maxLength: 7 })),
    { minLength: 1, maxLength: 5 },
  );
  const build = (accounts: [(MetricMap | undefined)[]][]) =>
    accounts.map(([days], i) =>
      account(
        `acc${i}`,
        i % 2 ? 'x' : 'linkedin',
        i % 3 ? brandA : brandB,
        eachDay(range).flatMap((date, d) => (days[d] ? [{ date, metrics: days[d] }] : [])),
      ),
    );

  it('the total over all accounts is the sum of the totals per account, per brand and per platform', () => {
    fc.assert(
      fc.property(history, (raw) => {
        const accounts = build(raw);
        const all = summarize(accounts, range).totals.impressions ?? 0;
        for (const by of ['account', 'brand', 'platform'] as const) {
          const parts = groupsOf(accounts, by).map(
            (g) => summarize(g.accounts, range).totals.impressions ?? 0,
          );
          expect(parts.reduce((x, y) => x + y, 0)).toBe(all);
        }
      }),
    );
  });

  it('the rate over the range is total engagements over total impressions, and adding days moves it only between them', () => {
    fc.assert(
      fc.property(history, (raw) => {
        const s = summarize(build(raw), range);
        const imp = s.totals.impressions ?? 0;
        if (imp > 0) expect(s.totals.engagementRate).toBeCloseTo((s.totals.engagements ?? 0) / imp, 12);
        else expect(s.totals.engagementRate).toBeUndefined();
        // Splitting the range in two and adding the halves gives the whole.
        const mid = addDays(range.from, 3);
        const first = summarize(build(raw), { from: range.from, to: mid });
        const second = summarize(build(raw), { from: addDays(mid, 1), to: range.to });
        expect((first.totals.impressions ?? 0) + (second.totals.impressions ?? 0)).toBe(imp);
        expect(first.daysWithData + second.daysWithData).toBe(s.daysWithData);
      }),
    );
  });
});

describe('groups', () => {
  const accounts = [account('a', 'x', brandA), account('b', 'x', brandB), account('c', 'linkedin', brandA)];
  it('groups by account, brand, platform or all', () => {
    expect(groupsOf(accounts, 'account')).toHaveLength(3);
    expect(groupsOf(accounts, 'brand').map((g) => g.accounts.map((a) => a.integration.id))).toEqual([
      ['a', 'c'],
      ['b'],
    ]);
    expect(groupsOf(accounts, 'platform').map((g) => g.key)).toEqual(['x', 'linkedin']);
    expect(groupsOf(accounts, 'all')).toEqual([{ key: 'all', accounts }]);
    expect(groupsOf([], 'all')).toEqual([{ key: 'all', accounts: [] }]);
  });
});

describe('posts', () => {
  const posts = [
    post('p1', '2026-11-02T10:00:00.000Z', { impressions: 100, likes: 10, comments: 2 }),
    post('p2', '2026-11-03T10:00:00.000Z', { impressions: 400, engagements: 40 }),
    post('p3', '2026-11-04T10:00:00.000Z', { impressions: 50, likes: 1 }),
    post('p4', '2026-11-10T10:00:00.000Z', { impressions: 50, likes: 5 }),
    post('p5', '2026-11-05T10:00:00.000Z', {}),
  ];
  const acc = account('a', 'x', brandA, [], posts);

  it('counts a post’s engagements as the service does, else from its parts', () => {
    expect(postEngagements({ engagements: 7, likes: 100 })).toBe(7);
    expect(postEngagements({ likes: 3, shares: 1 })).toBe(4);
    expect(postEngagements({ impressions: 10 })).toBeNull();
  });

  it('ranks the best and the worst posts by engagements, never one post in both', () => {
    const { top, bottom } = topAndBottomPosts([acc], 2);
    expect(top.map((r) => r.post.postId)).toEqual(['p2', 'p1']);
    expect(bottom.map((r) => r.post.postId)).toEqual(['p3', 'p4']);
    const few = topAndBottomPosts([acc], 3);
    expect(few.top.map((r) => r.post.postId)).toEqual(['p2', 'p1', 'p4']);
    expect(few.bottom.map((r) => r.post.postId)).toEqual(['p3']);
  });

  it('keeps only the posts published in the range, by their day in the zone', () => {
    const late = post('late', '2026-11-08T02:00:00.000Z', { likes: 1 });
    const sliced = sliceHistory([account('a', 'x', brandA, [], [...posts, late])], range, 'America/New_York');
    expect(sliced[0]!.posts.map((p) => p.postId)).toEqual(['p1', 'p2', 'p3', 'p5', 'late']);
    const utc = sliceHistory([account('a', 'x', brandA, [], [late])], range, 'UTC');
    expect(utc[0]!.posts).toEqual([]);
  });

  it('lists posts per week beside their results, short weeks at the ends', () => {
    const weeks = postsPerWeek([acc], { from: '2026-11-01', to: '2026-11-11' }, 'UTC');
    expect(weeks.map((w) => [w.week, w.days, w.posts])).toEqual([
      ['2026-10-26', 1, 0],
      ['2026-11-02', 7, 4],
      ['2026-11-09', 3, 1],
    ]);
    expect(weeks[1]).toMatchObject({ engagements: 12 + 40 + 1, impressions: 550 });
    expect(weeks[1]!.engagementRate).toBeCloseTo(53 / 550, 12);
    expect(weeks[0]!.engagementRate).toBeNull();
  });
});

describe('by label and by campaign', () => {
  const labels: BrandLabels = [
    {
      brand: brandA,
      labels: [
        {
          id: 'la_spring',
          name: 'Spring sale',
          color: 'green',
          campaign: { start: '2026-11-01', end: '2026-11-10' },
        },
        { id: 'la_tips', name: 'Tips', color: 'blue', campaign: null },
      ],
    },
    // The same label made in another brand (the all-brands view): one label by name.
    {
      brand: brandB,
      labels: [
        {
          id: 'lb_spring',
          name: 'spring sale',
          color: 'green',
          campaign: { start: '2026-10-28', end: '2026-11-05' },
        },
      ],
    },
  ];
  const labelled = (p: PostResults, ...ids: string[]): PostResults => ({ ...p, labels: ids });
  const accounts = [
    account(
      'a1',
      'x',
      brandA,
      [],
      [
        labelled(
          post('p1', '2026-11-02T10:00:00.000Z', { impressions: 1000, likes: 50, engagementRate: 0.05 }),
          'la_spring',
        ),
        labelled(
          post('p2', '2026-11-03T10:00:00.000Z', { impressions: 100, likes: 50, engagementRate: 0.5 }),
          'la_spring',
          'la_tips',
        ),
        post('p3', '2026-11-04T10:00:00.000Z', { impressions: 5000, engagementRate: 0.01 }),
        // Published before the range: not in it.
        labelled(
          post('p0', '2026-10-20T10:00:00.000Z', { impressions: 7, engagementRate: 0.1 }),
          'la_spring',
        ),
      ],
    ),
    account(
      'b1',
      'linkedin',
      brandB,
      [],
      [
        // Brand B's own label id: brand A's ids mean nothing here.
        labelled(
          post('q1', '2026-11-05T10:00:00.000Z', { impressions: 400, likes: 10, comments: 10 }),
          'lb_spring',
        ),
        labelled(post('q2', '2026-11-05T11:00:00.000Z', { impressions: 400, likes: 1 }), 'la_tips'),
      ],
    ),
  ];

  it('merges labels of the same name across brands; campaigns are the labels with days', () => {
    expect(labelGroupsOf(labels, 'label').map((g) => g.name)).toEqual(['Spring sale', 'Tips']);
    expect(labelGroupsOf(labels, 'campaign')).toEqual([
      {
        key: 'spring sale',
        name: 'Spring sale',
        color: 'green',
        campaign: { start: '2026-10-28', end: '2026-11-10' },
      },
    ]);
    expect(labelGroupsOf(undefined, 'label')).toEqual([]);
  });

  it('keeps the posts that carry the label, by their own brand’s labels, and no days', () => {
    const spring = withLabel(accounts, labels, 'spring sale');
    expect(spring.flatMap((a) => a.posts.map((p) => p.postId))).toEqual(['p1', 'p2', 'p0', 'q1']);
    expect(spring.every((a) => a.days.length === 0)).toBe(true);
    expect(withLabel(accounts, labels, 'tips').flatMap((a) => a.posts.map((p) => p.postId))).toEqual(['p2']);
  });

  it('adds up a label’s posts: counts add, the engagement rate is a ratio of sums', () => {
    const s = summarizePosts(withLabel(accounts, labels, 'spring sale'), range, 'UTC');
    expect(s.posts).toBe(3);
    expect(s.totals.posts).toBe(3);
    expect(s.totals.impressions).toBe(1500);
    // 50 + 50 + 20 engagements over 1,500 impressions, not the mean of 5%, 50% and 5%.
    expect(s.totals.engagements).toBe(120);
    expect(s.totals.engagementRate).toBeCloseTo(120 / 1500, 10);
    expect(s.daysWithData).toBe(3);
    expect(s.series.impressions).toEqual([
      { date: '2026-11-02', value: 1000 },
      { date: '2026-11-03', value: 100 },
      { date: '2026-11-05', value: 400 },
    ]);
    expect(s.levels).toEqual({});
  });

  it('a post with two labels counts once in each label and once in the total', () => {
    const { rows, total } = rollupByLabel(accounts, labels, range, 'UTC');
    expect(rows.map((r) => [r.label.name, r.summary.posts, r.summary.totals.impressions])).toEqual([
      ['Spring sale', 3, 1500],
      ['Tips', 1, 100],
    ]);
    // p1, p2, q1: p2 is in both labels, once here; p3 carries none and q2 an unknown id.
    expect(total.posts).toBe(3);
    expect(total.totals.impressions).toBe(1500);
  });

  it('never counts a post twice in the total, whatever labels it carries', () => {
    const ids = ['la_spring', 'la_tips'];
    const posts = fc.array(
      fc.record({
        impressions: fc.integer({ min: 1, max: 10_000 }),
        engagements: fc.integer({ min: 0, max: 500 }),
        day: fc.integer({ min: 0, max: 6 }),
        labels: fc.subarray(ids),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(posts, (raw) => {
        const list = raw.map((r, i) =>
          labelled(
            post(`p${i}`, `${addDays(range.from, r.day)}T12:00:00.000Z`, {
              impressions: r.impressions,
              engagements: r.engagements,
            }),
            ...r.labels,
          ),
        );
        const { rows, total } = rollupByLabel([account('a1', 'x', brandA, [], list)], labels, range, 'UTC');
        const carrying = (id: string) => raw.filter((r) => r.labels.includes(id));
        const anyLabel = raw.filter((r) => r.labels.length > 0);
        const sum = (rs: typeof raw, k: 'impressions' | 'engagements') => rs.reduce((s, r) => s + r[k], 0);
        expect(total.posts).toBe(anyLabel.length);
        if (anyLabel.length > 0) {
          expect(total.totals.impressions).toBe(sum(anyLabel, 'impressions'));
          expect(total.totals.engagementRate).toBeCloseTo(
            sum(anyLabel, 'engagements') / sum(anyLabel, 'impressions'),
            10,
          );
        }
        for (const [id, name] of [
          ['la_spring', 'Spring sale'],
          ['la_tips', 'Tips'],
        ] as const) {
          const row = rows.find((r) => r.label.name === name);
          expect(row?.summary.posts ?? 0).toBe(carrying(id).length);
          if (row) expect(row.summary.totals.impressions).toBe(sum(carrying(id), 'impressions'));
        }
        // Each label row counts its posts; the total counts each labelled post once.
        expect(rows.reduce((s, r) => s + r.summary.posts, 0)).toBe(
          raw.reduce((s, r) => s + r.labels.length, 0),
        );
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { MetricMap } from '../../shared/api/resources.js';
import type { AccountHistory, AnalyticsHistory, PostResults } from '../../shared/analytics/ipc.js';
import { eachDay } from '../../shared/analytics/ranges.js';
import { plotByDay } from './chart-geometry.js';
import {
  analyticsView,
  coverageSentence,
  dailyNumbersCsv,
  freshness,
  groupsFor,
  periodsOf,
  problemSentences,
  type AnalyticsChoice,
} from './view-model.js';

/*
 * What the analytics screen computes from a kept history: the same numbers the screen shows,
 * without drawing it.
 */

const harbor = { profileId: 'prof_1', brandId: 'brand_harbor' };
const bloom = { profileId: 'prof_1', brandId: 'brand_bloom' };
const names: Record<string, string> = { brand_harbor: 'Harbor Coffee', brand_bloom: 'Bloom Studio' };
const nameOf = (b: { brandId: string }) => names[b.brandId] ?? 'A brand no longer listed';

const today = '2026-11-28';
const zone = 'UTC';

function days(from: string, to: string, metrics: (date: string, i: number) => MetricMap) {
  return eachDay({ from, to }).map((date, i) => ({ date, metrics: metrics(date, i) }));
}

function post(postId: string, publishDate: string, metrics: MetricMap): PostResults {
  return {
    postId,
    group: `g_${postId}`,
    publishDate,
    content: `Post ${postId}`,
    releaseURL: null,
    metrics,
    seenAt: '2026-11-28T08:00:00.000Z',
  };
}

function account(
  id: string,
  name: string,
  platform: string,
  brand: typeof harbor,
  rows: AccountHistory['days'],
  posts: PostResults[] = [],
): AccountHistory {
  return { brand, integration: { id, name, platform }, days: rows, posts };
}

// Two months of history: October and November up to today.
const harborX = account(
  'int_hx',
  'Harbor',
  'x',
  harbor,
  days('2026-10-01', today, (_, i) => ({ impressions: 100, engagements: 5, followers: 1000 + i })),
  [
    post('p1', '2026-11-20T09:00:00.000Z', { impressions: 500, likes: 40 }),
    post('p2', '2026-11-21T09:00:00.000Z', { impressions: 300, likes: 3 }),
    post('p0', '2026-10-10T09:00:00.000Z', { impressions: 50, likes: 1 }),
  ],
);
const harborLinkedIn = account(
  'int_hl',
  'Harbor',
  'linkedin',
  harbor,
  // A gap: the app was closed from 10 to 19 November, and the service's window did not reach back.
  days('2026-11-01', today, (): MetricMap => ({ impressions: 50, engagements: 10 })).filter(
    (d) => d.date < '2026-11-10' || d.date > '2026-11-19',
  ),
);
const bloomX = account(
  'int_bx',
  'Bloom',
  'x',
  bloom,
  days('2026-11-01', today, () => ({ impressions: 200, engagements: 2, followers: 300 })),
  [post('p3', '2026-11-22T09:00:00.000Z', { impressions: 900, engagements: 90 })],
);

const history: AnalyticsHistory = {
  asOf: '2026-11-28T09:14:00.000Z',
  updating: false,
  accounts: [harborX, harborLinkedIn, bloomX],
  problems: [{ brand: bloom, message: 'This key cannot read analytics of Bloom Studio' }],
};

const choice = (c: Partial<AnalyticsChoice>): AnalyticsChoice => ({
  rangeKind: 'thisMonth',
  custom: null,
  rollup: 'all',
  groupKey: null,
  compare: 'previous',
  ...c,
});

describe('periods', () => {
  it('reads the range and the period before in one span, and the year before beside them only when compared', () => {
    const p = periodsOf({ rangeKind: 'lastMonth', custom: null }, today);
    expect(p.range).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(p.previous).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(p.yearAgo).toEqual({ from: '2025-10-01', to: '2025-10-31' });
    expect(p.query).toEqual({ from: '2026-09-01', to: '2026-10-31' });
    const yearly = periodsOf({ rangeKind: 'lastMonth', custom: null, compare: 'yearBefore' }, today);
    expect(yearly.query).toEqual({
      from: '2026-09-01',
      to: '2026-10-31',
      also: { from: '2025-10-01', to: '2025-10-31' },
    });
  });
});

describe('groups', () => {
  it('names accounts with their platform, and their brand when several brands are shown', () => {
    const groups = groupsFor(history.accounts, 'account', nameOf);
    expect(groups.map((g) => [g.key, g.label])).toEqual([
      ['int_bx', 'Bloom (X) · Bloom Studio'],
      ['int_hl', 'Harbor (LinkedIn) · Harbor Coffee'],
      ['int_hx', 'Harbor (X) · Harbor Coffee'],
    ]);
    expect(groupsFor([harborX], 'account', nameOf)[0]!.label).toBe('Harbor (X)');
  });

  it('names brands and platforms in words', () => {
    expect(groupsFor(history.accounts, 'brand', nameOf).map((g) => g.label)).toEqual([
      'Bloom Studio',
      'Harbor Coffee',
    ]);
    expect(groupsFor(history.accounts, 'platform', nameOf).map((g) => [g.key, g.label])).toEqual([
      ['linkedin', 'LinkedIn'],
      ['x', 'X'],
    ]);
  });
});

describe('the all-brands view of this month', () => {
  const view = analyticsView(history, choice({}), today, zone, nameOf);

  it('adds every account’s counts and takes the rate as a ratio of the sums', () => {
    // 28 days of Harbor X and Bloom X, 18 days of Harbor LinkedIn.
    expect(view.summary.totals.impressions).toBe(28 * 100 + 18 * 50 + 28 * 200);
    expect(view.summary.totals.engagements).toBe(28 * 5 + 18 * 10 + 28 * 2);
    expect(view.summary.totals.engagementRate).toBeCloseTo(
      (28 * 5 + 18 * 10 + 28 * 2) / (28 * 100 + 18 * 50 + 28 * 200),
      12,
    );
    expect(view.summary.daysWithData).toBe(28);
    expect(view.coverage).toBe('All 28 days have data.');
  });

  it('takes followers as the last value, with the month’s change', () => {
    // Harbor X: 1000 on 1 October, one more each day; 28 November is day 58.
    expect(view.summary.totals.followers).toBe(1058 + 300);
    expect(view.summary.levels.followers).toEqual({ first: 1031 + 300, last: 1358, change: 27 });
  });

  it('compares with the same days of last month, where only Harbor X has history', () => {
    expect(view.earlier?.range).toEqual({ from: '2026-10-01', to: '2026-10-28' });
    expect(view.comparisons.impressions).toMatchObject({ previous: 2800 });
    expect(view.comparisons.impressions!.change).toBeCloseTo((9300 - 2800) / 2800, 12);
    expect(view.noComparison).toBeNull();
  });

  it('has no year before to compare with, and says so', () => {
    const v = analyticsView(history, choice({ compare: 'yearBefore' }), today, zone, nameOf);
    expect(v.reachesYearBefore).toBe(false);
    expect(v.earlier).toBeNull();
    expect(v.noComparison).toMatch(/^No history is kept for the same days a year before \(/);
    expect(v.comparisons.impressions!.previous).toBeUndefined();
  });

  it('lists the month’s posts newest first, best and worst by engagements', () => {
    expect(view.posts.map((p) => p.postId)).toEqual(['p3', 'p2', 'p1']);
    expect(view.ranked.top.map((r) => r.post.postId)).toEqual(['p3', 'p1', 'p2']);
    expect(view.ranked.bottom).toEqual([]);
    expect(view.allPosts.map((p) => p.postId).sort()).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(view.weeks.find((w) => w.week === '2026-11-16')).toMatchObject({ posts: 3, engagements: 133 });
  });
});

describe('one account, one brand', () => {
  it('shows the chosen account, or the first when the chosen one is gone', () => {
    const v = analyticsView(history, choice({ rollup: 'account', groupKey: 'int_hl' }), today, zone, nameOf);
    expect(v.group.key).toBe('int_hl');
    expect(v.summary.daysWithData).toBe(18);
    expect(v.coverage).toBe('18 of 28 days have data; the others are left out, not counted as zero.');
    expect(v.summary.series.impressions).toHaveLength(18);
    const gone = analyticsView(
      history,
      choice({ rollup: 'account', groupKey: 'int_gone' }),
      today,
      zone,
      nameOf,
    );
    expect(gone.group.key).toBe('int_bx');
  });

  it('adds a brand’s accounts only', () => {
    const groups = groupsFor(history.accounts, 'brand', nameOf);
    const harborKey = groups.find((g) => g.label === 'Harbor Coffee')!.key;
    const v = analyticsView(history, choice({ rollup: 'brand', groupKey: harborKey }), today, zone, nameOf);
    expect(v.summary.totals.impressions).toBe(28 * 100 + 18 * 50);
  });
});

describe('by label and by campaign', () => {
  // Harbor's "Spring sale" is a campaign; Bloom has a plain label of the same name (one label).
  const labels: NonNullable<AnalyticsHistory['labels']> = [
    {
      brand: harbor,
      labels: [
        {
          id: 'l_spring',
          name: 'Spring sale',
          color: 'green',
          campaign: { start: '2026-11-15', end: '2026-11-30' },
        },
      ],
    },
    { brand: bloom, labels: [{ id: 'l_bloom_spring', name: 'spring sale', color: 'green', campaign: null }] },
  ];
  const tag = (a: AccountHistory, ids: Record<string, string>): AccountHistory => ({
    ...a,
    posts: a.posts.map((p) => (ids[p.postId] ? { ...p, labels: [ids[p.postId]!] } : p)),
  });
  const labelled: AnalyticsHistory = {
    ...history,
    labels,
    accounts: [
      tag(harborX, { p1: 'l_spring', p0: 'l_spring' }),
      harborLinkedIn,
      tag(bloomX, { p3: 'l_bloom_spring' }),
    ],
  };

  it('adds up the posts of the period that carry the label, across brands, and says so', () => {
    const v = analyticsView(labelled, choice({ rollup: 'label' }), today, zone, nameOf);
    expect(v.groups).toEqual([{ key: 'spring sale', label: 'Spring sale' }]);
    expect(v.label).toMatchObject({ name: 'Spring sale', posts: 2 });
    expect(v.summary.totals.impressions).toBe(500 + 900);
    expect(v.summary.totals.engagements).toBe(40 + 90);
    expect(v.summary.totals.engagementRate).toBeCloseTo(130 / 1400, 12);
    // No followers: they belong to accounts, not to posts.
    expect(v.summary.totals.followers).toBeUndefined();
    expect(v.posts.map((p) => p.postId)).toEqual(['p3', 'p1']);
    expect(v.label?.headline).toBe('Results of the 2 posts labelled Spring sale');
    expect(v.coverage).toMatch(
      /^Each post as last seen: an account’s daily numbers cannot be split by label\./,
    );
    // October had p0 with the label: the period before compares post with post.
    expect(v.earlier?.summary.totals.impressions).toBe(50);
  });

  it('says when no labelled post was published in the period compared with, though its days are kept', () => {
    const tipsOnly: AnalyticsHistory = {
      ...labelled,
      accounts: [tag(harborX, { p1: 'l_spring' }), harborLinkedIn, bloomX],
    };
    const v = analyticsView(tipsOnly, choice({ rollup: 'label' }), today, zone, nameOf);
    expect(v.earlier).toBeNull();
    expect(v.noComparison).toMatch(/^No post with this label was published in the period before \(/);
  });

  it('offers only labels with days as campaigns, and says when there is none', () => {
    const v = analyticsView(labelled, choice({ rollup: 'campaign' }), today, zone, nameOf);
    expect(v.groups).toEqual([{ key: 'spring sale', label: 'Spring sale' }]);
    expect(v.label?.headline).toBe('Results of the 2 posts of the Spring sale campaign');
    expect(v.coverage).toMatch(/ The campaign runs .*\.$/);
    const none = analyticsView(history, choice({ rollup: 'campaign' }), today, zone, nameOf);
    expect(none.groups).toEqual([]);
    expect(none.noGroups).toMatch(/^No campaign yet\./);
  });

  it('adds up every label of the group, a post once in the total', () => {
    const v = analyticsView(labelled, choice({}), today, zone, nameOf);
    expect(v.byLabel.rows.map((r) => [r.label.name, r.summary.posts])).toEqual([['Spring sale', 2]]);
    expect(v.byLabel.total.posts).toBe(2);
  });

  it('rests the best time to post on every kept post when the whole history is given', () => {
    const whole: AnalyticsHistory = {
      ...labelled,
      accounts: labelled.accounts.map((a) => ({
        ...a,
        days: [],
        posts: [...a.posts, post(`old_${a.integration.id}`, '2025-03-04T09:00:00.000Z', { impressions: 1 })],
      })),
    };
    const v = analyticsView(labelled, choice({}), today, zone, nameOf, whole);
    expect(v.allPosts).toHaveLength(7);
    expect(v.allPostsBasis).toMatch(/^7 posts since March 2025$/);
    // Another period hands the best time the very same list: its table is not worked out again.
    expect(
      analyticsView(labelled, choice({ rangeKind: 'last90' }), today, zone, nameOf, whole).allPosts,
    ).toBe(v.allPosts);
    const onlyLabel = analyticsView(labelled, choice({ rollup: 'label' }), today, zone, nameOf, whole);
    expect(onlyLabel.allPosts.map((p) => p.postId).sort()).toEqual(['p0', 'p1', 'p3']);
  });
});

describe('sentences', () => {
  it('says each brand’s problem with its name, as a sentence', () => {
    expect(problemSentences(history, nameOf)).toEqual([
      'Bloom Studio: This key cannot read analytics of Bloom Studio.',
    ]);
  });

  it('says how fresh the numbers are', () => {
    const now = Date.parse('2026-11-28T10:00:00.000Z');
    const time = { hour: '2-digit', minute: '2-digit', timeZone: 'UTC', hourCycle: 'h23' } as const;
    expect(freshness(history, now, time)).toBe('As of 09:14');
    expect(freshness({ ...history, updating: true }, now, time)).toBe('As of 09:14 · updating now…');
    expect(freshness(history, Date.parse('2026-11-30T10:00:00.000Z'), time)).toMatch(/^As of .*28.*09:14$/);
    expect(freshness({ asOf: null, updating: true }, now)).toBe('Reading analytics for the first time…');
    expect(freshness({ asOf: null, updating: false }, now)).toBe('Not read yet');
  });

  it('counts days with data in words', () => {
    expect(coverageSentence({ daysWithData: 0, daysInRange: 7 })).toBe('No day of this period has data.');
    expect(coverageSentence({ daysWithData: 1, daysInRange: 1 })).toBe('The day has data.');
  });
});

describe('exports and drawing', () => {
  it('exports the daily numbers with metric names in words, a missing day left out', () => {
    const v = analyticsView(history, choice({ rollup: 'account', groupKey: 'int_hl' }), today, zone, nameOf);
    const lines = dailyNumbersCsv(v.summary).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Day,Impressions,Engagements,Engagement rate');
    expect(lines[1]).toBe('2026-11-01,50,10,0.2');
    expect(lines).toHaveLength(19);
    expect(lines.some((l) => l.startsWith('2026-11-15'))).toBe(false);
  });

  it('places each day by its date, so a gap stays a gap', () => {
    const box = { width: 110, height: 100, left: 10, right: 0, top: 0, bottom: 0 };
    const xy = plotByDay(
      [
        { date: '2026-11-01', value: 1 },
        { date: '2026-11-11', value: 1 },
      ],
      [0, 1],
      box,
      { from: '2026-11-01', to: '2026-11-11' },
    );
    expect(xy.map((p) => p.x)).toEqual([10, 110]);
    const mid = plotByDay([{ date: '2026-11-06', value: 0 }], [0, 1], box, {
      from: '2026-11-01',
      to: '2026-11-11',
    });
    expect(mid[0]).toEqual({ x: 60, y: 100 });
  });
});

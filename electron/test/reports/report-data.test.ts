import { describe, expect, it } from 'vitest';
import type { AccountHistory } from '../../../shared/analytics/ipc.js';
import { sliceHistory, summarize } from '../../../shared/analytics/rollup.js';
import { ReportData } from '../../../shared/reports/model.js';
import {
  buildReportData,
  nextMonth,
  periodTitle,
  reportCsvRows,
  wholeMonth,
} from '../../reports/report-data.js';
import { reportFileName, safeName } from '../../reports/report-service.js';

/*
 * A report's numbers are the Analytics screen's: counts add over days and accounts, a rate is the
 * ratio of the sums, followers are the last value; the per-platform rows add up to the summary, and
 * nothing a client reads is a raw key, an id or an enum value.
 */

const brand = { profileId: 'p1', brandId: 'b1' };

function account(id: string, platform: string, days: [string, Record<string, number>][]): AccountHistory {
  return {
    brand,
    integration: { id, name: `Account ${id}`, platform },
    days: days.map(([date, metrics]) => ({ date, metrics })),
    posts: [
      {
        postId: `${id}-post`,
        group: null,
        publishDate: '2026-10-14T09:30:00Z',
        content: `Autumn roast from ${id} https://harborcoffee.com/menu?utm_source=x&utm_campaign=autumn-${id}`,
        releaseURL: null,
        metrics: { impressions: 900, likes: 40, comments: 5, shares: 3, clicks: 2 },
        seenAt: '2026-10-15T00:00:00Z',
      },
    ],
  };
}

const october = { from: '2026-10-01', to: '2026-10-31' };
const september = { from: '2026-09-01', to: '2026-09-30' };

function day(date: string, impressions: number, engagements: number, followers: number) {
  return [date, { impressions, engagements, followers, video_views_total: 3 }] as [
    string,
    Record<string, number>,
  ];
}

const accounts: AccountHistory[] = [
  account('a', 'x', [
    day('2026-09-30', 50, 5, 990),
    day('2026-10-01', 100, 10, 1000),
    day('2026-10-02', 300, 12, 1010),
    day('2026-10-31', 200, 1, 1050),
  ]),
  account('b', 'instagram', [
    day('2026-09-15', 70, 7, 480),
    day('2026-10-05', 1000, 90, 500),
    day('2026-10-06', 10, 0, 505),
  ]),
  account('c', 'instagram', [day('2026-10-07', 400, 40, 2000)]),
];

const data = buildReportData({
  accounts,
  period: october,
  previous: september,
  zone: 'Europe/Berlin',
  sections: ['summary', 'charts', 'platforms', 'topPosts', 'labels', 'scheduled'],
  brand: 'Harbor Coffee',
  brandColour: '#0b7285',
  agency: { name: 'North Star Studio', logo: null },
  madeAt: new Date('2026-11-01T08:00:00Z'),
  postLabels: new Map([
    ['a-post', [{ name: 'Autumn launch', campaign: { from: '2026-10-01', to: '2026-10-20' } }]],
  ]),
  scheduled: [
    {
      publishDate: '2026-11-03T08:30:00Z',
      platform: 'linkedin-page',
      account: 'Harbor',
      text: 'Winter menu https://harborcoffee.com/winter?utm_campaign=winter-menu',
    },
  ],
});

const row = (name: string) => data.summary.find((r) => r.name === name)!;

describe('a client report’s data', () => {
  it('adds up as the Analytics screen does: counts sum, rates are ratios of sums, followers the last value', () => {
    const screen = summarize(sliceHistory(accounts, october, 'Europe/Berlin'), october);
    expect(row('Impressions').value).toBe(100 + 300 + 200 + 1000 + 10 + 400);
    expect(row('Impressions').value).toBe(screen.totals.impressions);
    expect(row('Engagements').value).toBe(screen.totals.engagements);
    expect(row('Engagement rate').value).toBeCloseTo((10 + 12 + 1 + 90 + 0 + 40) / 2010, 12);
    expect(row('Followers').value).toBe(1050 + 505 + 2000);
    // September has data for two accounts: 50 + 70 impressions.
    expect(row('Impressions').previous).toBe(120);
    expect(row('Impressions').change).toBeCloseTo((2010 - 120) / 120, 12);
    expect(data.coverage).toBe('6 of 31 days have data; the others are left out, not counted as zero.');
  });

  it('per platform rows add up to the summary’s counts', () => {
    const i = data.platforms.metrics.findIndex((m) => m.name === 'Impressions');
    const sum = data.platforms.rows.reduce((s, r) => s + (r.values[i] ?? 0), 0);
    expect(sum).toBe(row('Impressions').value);
    expect(data.platforms.rows.map((r) => [r.platform, r.accounts])).toEqual([
      ['Instagram', 2],
      ['X', 1],
    ]);
  });

  it('the charts are the summary’s daily series; top posts, labels and next month are in words', () => {
    const impressions = data.charts.find((c) => c.name === 'Impressions')!;
    expect(impressions.points.reduce((s, p) => s + p.value, 0)).toBe(row('Impressions').value);
    expect(data.topPosts[0]).toMatchObject({
      platform: 'X',
      account: 'Account a',
      engagements: 50,
      impressions: 900,
    });
    expect(data.topPosts[0]!.when).toBe('Wed 14 Oct 2026 · 11:30');
    expect(data.labels).toEqual([
      {
        name: 'Autumn launch',
        campaign: '1 Oct 2026 – 20 Oct 2026',
        posts: 1,
        engagements: 50,
        impressions: 900,
        engagementRate: 50 / 900,
      },
    ]);
    expect(data.scheduled).toEqual({
      label: 'November 2026',
      rows: [
        {
          when: 'Tue 3 Nov 2026 · 09:30',
          platform: 'LinkedIn page',
          account: 'Harbor',
          text: 'Winter menu https://harborcoffee.com/winter?utm_campaign=winter-menu',
          linkCampaigns: ['winter-menu'],
        },
      ],
      more: 0,
    });
    expect(data.periodTitle).toBe('October 2026');
    expect(data.previousLabel).toBe('1 Sept 2026 – 30 Sept 2026');
  });

  it('shows no raw metric key, id or platform value anywhere a client reads', () => {
    expect(ReportData.safeParse(data).success).toBe(true);
    // Every text the page writes (a preview's look is the platform type the previews draw by, never shown).
    const texts: string[] = [];
    const walk = (v: unknown, key = ''): void => {
      if (typeof v === 'string' && key !== 'look' && key !== 'from' && key !== 'to') texts.push(v);
      else if (Array.isArray(v)) v.forEach((x) => walk(x));
      else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    };
    walk({ ...data, sections: [] });
    for (const raw of [
      'engagementRate',
      'video_views_total',
      'instagram',
      'linkedin-page',
      'p1',
      'b1',
      'a-post',
    ])
      expect(
        texts.filter((t) => t.includes(raw)),
        raw,
      ).toEqual([]);
    expect(row('Video views total')).toBeDefined();
    const csv = reportCsvRows(data);
    expect(csv.rows.some((r) => r.Metric === 'Engagement rate' && r.Section === 'Summary')).toBe(true);
    expect(csv.rows.every((r) => !/engagementRate|video_views/.test(Object.values(r).join(' ')))).toBe(true);
  });

  it('says in its CSV which campaign each top post’s and each scheduled post’s links carried', () => {
    const csv = reportCsvRows(data);
    const campaigns = csv.rows.filter((r) => r.Metric === 'Link campaigns');
    expect(campaigns.filter((r) => r.Section === 'Top posts').map((r) => r.Value)).toEqual(
      data.topPosts.map((p) => p.linkCampaigns?.join('; ')),
    );
    expect(campaigns.map((r) => r.Value)).toContain('autumn-b');
    expect(campaigns.find((r) => r.Section === 'Scheduled in November 2026')?.Value).toBe('winter-menu');
  });

  it('names months and files by brand and month, safely', () => {
    expect(wholeMonth(october)).toBe('2026-10');
    expect(wholeMonth({ from: '2026-10-01', to: '2026-10-30' })).toBeNull();
    expect(periodTitle({ from: '2027-02-01', to: '2027-02-28' })).toBe('February 2027');
    expect(nextMonth({ from: '2026-12-01', to: '2026-12-31' })).toEqual({
      from: '2027-01-01',
      to: '2027-01-31',
    });
    expect(reportFileName('Acme', october, 'pdf')).toBe('Acme report 2026-10.pdf');
    expect(reportFileName('A/B: "Co"', { from: '2026-10-03', to: '2026-10-09' }, 'csv')).toBe(
      'A B Co report 2026-10-03 to 2026-10-09.csv',
    );
    expect(safeName('..\u0000')).toBe('Postdeck');
  });
});

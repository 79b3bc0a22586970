import { describe, expect, it } from 'vitest';
import type { AccountHistory } from '../../../shared/analytics/ipc.js';
import { ReportData } from '../../../shared/reports/model.js';
import { buildReportData } from '../../reports/report-data.js';

/* The client report says which campaign each top post's and scheduled post's links carried. */

const history: AccountHistory = {
  brand: { profileId: 'p1', brandId: 'b1' },
  integration: { id: 'a', name: 'Harbor Coffee', platform: 'x' },
  days: [{ date: '2026-10-14', metrics: { impressions: 900, engagements: 50 } }],
  posts: [
    {
      postId: 'a-post',
      group: null,
      publishDate: '2026-10-14T09:30:00Z',
      content: 'Autumn roast https://shop.example.com/autumn?utm_source=x&utm_campaign=autumn-launch',
      releaseURL: null,
      metrics: { impressions: 900, likes: 40, comments: 5, shares: 3, clicks: 2 },
      seenAt: '2026-10-15T00:00:00Z',
    },
    {
      postId: 'b-post',
      group: null,
      publishDate: '2026-10-15T09:30:00Z',
      content: 'No link in this one',
      releaseURL: null,
      metrics: { impressions: 100, likes: 1, comments: 0, shares: 0, clicks: 0 },
      seenAt: '2026-10-16T00:00:00Z',
    },
  ],
};

describe('the campaign links carried, in the client report', () => {
  it('names it on a top post and a scheduled one, and on none without', () => {
    const data = buildReportData({
      accounts: [history],
      period: { from: '2026-10-01', to: '2026-10-31' },
      previous: { from: '2026-09-01', to: '2026-09-30' },
      zone: 'Europe/Berlin',
      sections: ['topPosts', 'scheduled'],
      brand: 'Harbor Coffee',
      brandColour: '#0b7285',
      agency: { name: 'North Star Studio', logo: null },
      madeAt: new Date('2026-11-01T08:00:00Z'),
      postLabels: new Map(),
      scheduled: [
        {
          publishDate: '2026-11-03T08:30:00Z',
          platform: 'linkedin-page',
          account: 'Harbor',
          text: 'Winter menu https://shop.example.com/winter?utm_campaign=winter-menu',
        },
      ],
    });
    expect(ReportData.parse(data)).toEqual(data);
    expect(data.topPosts.map((p) => p.linkCampaigns)).toEqual([['autumn-launch'], undefined]);
    expect(data.scheduled.rows[0]?.linkCampaigns).toEqual(['winter-menu']);
  });
});

import { describe, expect, it } from 'vitest';
import { axisTicks, plot } from './chart-geometry.js';
import { toCsv } from './csv.js';
import { formatMetric, metricLabel, orderedMetricNames, trendOf } from './metrics.js';
import { columnsFor, nextSort, recentPostsCsv, sortPosts, type RecentPost } from './recent-posts.js';

const posts: RecentPost[] = [
  {
    postId: 'p1',
    publishDate: '2026-11-01T10:00:00.000Z',
    content: 'Beta, "quoted"',
    metrics: { impressions: 50, likes: 5, video_views: 7 },
  },
  {
    postId: 'p2',
    publishDate: '2026-11-03T10:00:00.000Z',
    content: 'alpha\nsecond line',
    metrics: { impressions: 900, likes: 1 },
  },
  {
    postId: 'p3',
    publishDate: '2026-11-02T10:00:00.000Z',
    content: '=SUM(A1)',
    metrics: { impressions: 300, likes: 9, engagementRate: 0.0312 },
  },
];

describe('metric labels', () => {
  it('names known metrics and makes unknown ones readable', () => {
    expect(metricLabel('engagementRate')).toBe('Engagement rate');
    expect(metricLabel('video_views')).toBe('Video views');
    expect(metricLabel('storyReplies')).toBe('Story replies');
    expect(metricLabel('link-clicks')).toBe('Link clicks');
    expect(metricLabel('CTRValue')).toBe('Ctr value');
    expect(metricLabel('__')).toBe('Unnamed metric');
  });

  it('writes rates as percentages and counts with separators', () => {
    expect(formatMetric('engagementRate', 0.0345)).toMatch(/3\.45\s?%/);
    expect(formatMetric('impressions', 12345)).toMatch(/12.345/);
    expect(formatMetric('impressions', Number.NaN)).toBe('—');
  });

  it('puts the usual metrics first and keeps unknown ones', () => {
    expect(orderedMetricNames({ saves: 1, posts: 2, followers: 3 })).toEqual(['followers', 'posts', 'saves']);
  });
});

describe('trends', () => {
  it('says how much a metric moved against the previous period', () => {
    expect(trendOf('followers', 110, 100)).toMatchObject({ direction: 'up', change: 0.1 });
    expect(trendOf('followers', 90, 100)?.sentence).toMatch(/10\s?% down from 100/);
    expect(trendOf('posts', 4, 4)?.direction).toBe('flat');
    expect(trendOf('posts', 4, 0)).toMatchObject({ direction: 'up', change: null });
    expect(trendOf('posts', 4, undefined)).toBeNull();
  });
});

describe('recent posts table', () => {
  it('has a column per metric any post carries, the usual ones first', () => {
    expect(columnsFor(posts).map((c) => c.label)).toEqual([
      'Published',
      'Post',
      'Impressions',
      'Likes',
      'Engagement rate',
      'Video views',
    ]);
  });

  it('sorts by a metric both ways, posts without it last', () => {
    const byViews = { key: 'metric:video_views', direction: 'descending' } as const;
    expect(sortPosts(posts, byViews).map((p) => p.postId)).toEqual(['p1', 'p2', 'p3']);
    expect(
      sortPosts(posts, { key: 'metric:impressions', direction: 'ascending' }).map((p) => p.postId),
    ).toEqual(['p1', 'p3', 'p2']);
    expect(sortPosts(posts, { key: 'publishDate', direction: 'descending' }).map((p) => p.postId)).toEqual([
      'p2',
      'p3',
      'p1',
    ]);
    expect(sortPosts(posts, { key: 'content', direction: 'ascending' }).map((p) => p.postId)).toEqual([
      'p3',
      'p2',
      'p1',
    ]);
  });

  it('flips the order on the same column and starts numbers high first', () => {
    const first = nextSort({ key: 'publishDate', direction: 'descending' }, 'metric:likes');
    expect(first).toEqual({ key: 'metric:likes', direction: 'descending' });
    expect(nextSort(first, 'metric:likes').direction).toBe('ascending');
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', 3],
          [null, '=1+1'],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n,\'=1+1\r\n');
  });

  it('exports the recent posts with raw numbers', () => {
    const lines = recentPostsCsv(posts).split('\r\n');
    expect(lines[0]).toBe('Published,Post,Post ID,Link,Impressions,Likes,Engagement rate,Video views');
    expect(lines[1]).toBe('2026-11-01T10:00:00.000Z,"Beta, ""quoted""",p1,,50,5,,7');
    expect(lines[3]).toBe("2026-11-02T10:00:00.000Z,'=SUM(A1),p3,,300,9,0.0312,");
  });
});

describe('chart axis', () => {
  it('starts at zero and covers the highest value with round marks', () => {
    expect(axisTicks([0, 120, 430])).toEqual([0, 200, 400, 600]);
    expect(axisTicks([0.01, 0.034])).toEqual([0, 0.01, 0.02, 0.03, 0.04]);
  });

  it('uses whole marks for counts and zooms in on values far from zero', () => {
    expect(axisTicks([0, 1, 2])).toEqual([0, 1, 2]);
    const followers = axisTicks([20_100, 20_150]);
    expect(followers[0]).toBeGreaterThan(20_000);
    expect(followers[followers.length - 1]).toBeGreaterThanOrEqual(20_150);
  });

  it('draws an empty or constant series without dividing by zero', () => {
    expect(axisTicks([])).toEqual([0, 1]);
    expect(axisTicks([0, 0])).toEqual([0, 1]);
    const box = { width: 100, height: 100, left: 0, right: 0, top: 0, bottom: 0 };
    expect(plot([{ date: 'd', value: 5 }], axisTicks([5, 5]), box)[0]!.x).toBe(50);
  });
});

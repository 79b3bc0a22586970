import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestTimeHeatmap, topHoursAsSlots, wallSlot, type PostWithMetrics } from './best-time.js';

const post = (publishDate: string, metrics: Record<string, number>): PostWithMetrics => ({
  publishDate,
  metrics,
});
/** A post with `rate` interactions per impression (1000 impressions). */
const rated = (publishDate: string, rate: number) =>
  post(publishDate, { impressions: 1000, likes: rate * 1000, comments: 0, shares: 0 });

describe('best time heatmap', () => {
  it('places posts on the brand zone’s wall clock, across a DST change', () => {
    // 2026-11-02 14:30Z is Monday 09:30 in New York (EST, after fall back); 2026-10-30 13:30Z is Friday 09:30 (EDT).
    expect(wallSlot('2026-11-02T14:30:00Z', 'America/New_York')).toEqual({ weekday: 1, hour: 9 });
    expect(wallSlot('2026-10-30T13:30:00Z', 'America/New_York')).toEqual({ weekday: 5, hour: 9 });
    // The same instant is already Tuesday in Tokyo.
    expect(wallSlot('2026-11-02T16:00:00Z', 'Asia/Tokyo')).toEqual({ weekday: 2, hour: 1 });
    expect(wallSlot('not a date', 'UTC')).toBeNull();
  });

  it('reads the same weekday and hour as the zone’s own clock at any instant, transition days included', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/London',
      'Europe/Berlin',
      'Asia/Kolkata',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'America/Santiago',
    ];
    const start = Date.UTC(2019, 0, 1);
    const end = Date.UTC(2031, 0, 1);
    // Instants on (and around) every transition, where the day's offset does not hold all day.
    const nearChanges = zones.flatMap((zone) => {
      const out: number[] = [];
      const offsetAt = (t: number) => new TZDate(t, zone).getTimezoneOffset();
      for (let day = start; day < end; day += 86_400_000) {
        if (offsetAt(day) === offsetAt(day + 86_400_000)) continue;
        for (let t = day; t < day + 86_400_000; t += 3_600_000)
          if (offsetAt(t) !== offsetAt(t + 3_600_000))
            out.push(t - 60_000, t + 1_800_000, t + 3_540_000, t + 3_600_000);
      }
      return out.map((at) => [zone, at] as const);
    });
    expect(nearChanges.length).toBeGreaterThan(500);
    for (const [zone, at] of nearChanges) {
      const wall = new TZDate(at, zone);
      expect(wallSlot(new Date(at).toISOString(), zone)).toEqual({
        weekday: wall.getDay(),
        hour: wall.getHours(),
      });
    }
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: start, max: end }), (zone, at) => {
        const wall = new TZDate(at, zone);
        expect(wallSlot(new Date(at).toISOString(), zone)).toEqual({
          weekday: wall.getDay(),
          hour: wall.getHours(),
        });
      }),
      { numRuns: 2_000 },
    );
  });

  it('averages the engagement rate per cell and counts the posts it rests on', () => {
    const posts = [
      // Monday 09:xx UTC: rates 0.02, 0.04, 0.06 → mean 0.04
      rated('2026-11-02T09:05:00Z', 0.02),
      rated('2026-11-09T09:40:00Z', 0.04),
      rated('2026-11-16T09:59:00Z', 0.06),
      // Monday 10:00 UTC: (30 + 10 + 10 + 10 clicks) / 500 = 0.12
      post('2026-11-02T10:00:00Z', { impressions: 500, likes: 30, comments: 10, shares: 10, clicks: 10 }),
      // no impressions: the service's own rate is used
      post('2026-11-03T10:00:00Z', { engagementRate: 0.5 }),
      // no numbers at all: left out
      post('2026-11-03T10:00:00Z', {}),
    ];
    const h = bestTimeHeatmap(posts, 'UTC');
    expect(h.basis).toBe('rate');
    expect(h.cells).toHaveLength(7);
    expect(h.cells.every((row) => row.length === 24)).toBe(true);
    expect(h.cells[1]![9]).toMatchObject({ count: 3 });
    expect(h.cells[1]![9]!.mean).toBeCloseTo(0.04, 10);
    expect(h.cells[1]![10]!.mean).toBeCloseTo(0.12, 10);
    expect(h.cells[2]![10]).toMatchObject({ count: 1, mean: 0.5 });
    expect(h.cells[0]![0]).toMatchObject({ count: 0, mean: null });
    expect(h.used).toBe(5);
    expect(h.skipped).toBe(1);
    expect(h.maxMean).toBe(0.5);
    // Fewer than 10 posts: says so, and recommends nothing.
    expect(h.status).toBe('too-little-data');
    expect(h.top).toEqual([]);
  });

  it('falls back to interactions per post only when no post has impressions or a rate', () => {
    const h = bestTimeHeatmap(
      [post('2026-11-02T09:00:00Z', { likes: 10, comments: 2 }), post('2026-11-09T09:00:00Z', { likes: 4 })],
      'UTC',
    );
    expect(h.basis).toBe('interactions');
    expect(h.cells[1]![9]).toMatchObject({ count: 2, mean: 8 });
  });

  it('recommends only cells with enough posts, best first, and turns them into queue slots', () => {
    const posts = [
      // Tuesday 18:00 in Paris (17:00Z in November): 3 posts, mean 0.09
      ...[3, 10, 17].map((d) => rated(`2026-11-${String(d).padStart(2, '0')}T17:10:00Z`, 0.09)),
      // Monday 08:00 Paris: 3 posts, mean 0.05
      ...[2, 9, 16].map((d) => rated(`2026-11-${String(d).padStart(2, '0')}T07:00:00Z`, 0.05)),
      // Thursday 12:00 Paris: 2 posts with the best rate, but too few to recommend
      ...[5, 12].map((d) => rated(`2026-11-${String(d).padStart(2, '0')}T11:00:00Z`, 0.5)),
      // Friday 07:00 Paris: 3 posts, mean 0.01
      ...[6, 13, 20].map((d) => rated(`2026-11-${String(d).padStart(2, '0')}T06:00:00Z`, 0.01)),
    ];
    const h = bestTimeHeatmap(posts, 'Europe/Paris');
    expect(h.used).toBe(11);
    expect(h.status).toBe('ok');
    expect(h.top.map((c) => [c.weekday, c.hour, c.count])).toEqual([
      [2, 18, 3],
      [1, 8, 3],
      [5, 7, 3],
    ]);
    expect(topHoursAsSlots(h)).toEqual([
      { weekday: 1, time: '08:00' },
      { weekday: 2, time: '18:00' },
      { weekday: 5, time: '07:00' },
    ]);
    expect(bestTimeHeatmap(posts, 'Europe/Paris', { topHours: 1 }).top).toHaveLength(1);
  });

  it('says when enough posts are spread too thin to recommend an hour', () => {
    const posts = Array.from({ length: 12 }, (_, i) =>
      rated(new Date(Date.UTC(2026, 10, 2, i)).toISOString(), 0.1),
    );
    const h = bestTimeHeatmap(posts, 'UTC');
    expect(h.status).toBe('too-spread');
    expect(h.top).toEqual([]);
    expect(bestTimeHeatmap([], 'UTC')).toMatchObject({ used: 0, status: 'too-little-data', maxMean: 0 });
  });
});

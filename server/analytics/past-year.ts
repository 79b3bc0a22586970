import type { HistoryCsvLine } from '../../shared/analytics/history-csv.js';
import { PlatformType } from '../../shared/platforms/types.js';
import { ANALYTICS_RANGE_DAYS, followersBefore, REACH_FACTOR, unit } from './insights.js';

const DAY = 86_400_000;
/**
 * How far back the sandbox's history reaches from today: a year and 95 days, so that every range
 * up to 90 days long (the last 7, 30 or 90 days, this or last month, this quarter) has its same
 * days a year before kept, whatever day of the month the app first starts on.
 */
export const PAST_REACH_DAYS = 460;

/** How a weekday's reach compares with the week's mean, per platform (Sunday first). */
const WEEK_RHYTHM: Record<'work' | 'leisure', readonly number[]> = {
  // Professional networks rest at the weekend.
  work: [0.45, 1.15, 1.25, 1.2, 1.15, 1.0, 0.5],
  // The others peak in the evening of the week's end.
  leisure: [1.15, 0.9, 0.92, 0.95, 1.0, 1.1, 1.2],
};

/** The account as the sandbox seeded it (what the app learned of it). */
export interface PastYearAccount {
  id: string;
  name?: string | null;
  platform?: string | null;
  disconnected?: boolean;
}

/**
 * Over a year of plausible daily history for the sandbox's accounts, ending the day before the
 * service's own 30-day window at `now` (so the two never overlap), as rows of a history CSV.
 * Deterministic per account and day: platform-sized numbers as the service's insights make them
 * (the same reach factors), a weekly rhythm, two or three posting days a week, a slow rise over
 * the months, and followers climbing to where the service's numbers start.
 */
export function pastYearLines(accounts: readonly PastYearAccount[], now: number): HistoryCsvLine[] {
  const today = Math.floor(now / DAY) * DAY;
  const lastDay = today - ANALYTICS_RANGE_DAYS * DAY;
  const firstDay = today - PAST_REACH_DAYS * DAY;
  const length = Math.round((lastDay - firstDay) / DAY) + 1;
  const lines: HistoryCsvLine[] = [];
  for (const account of accounts) {
    const platform = PlatformType.safeParse(account.platform);
    // An account on a platform this build does not know has no size to give its numbers. A
    // disconnected one keeps its past (the service still answers its window), so totals have no step.
    if (!platform.success || !account.name) continue;
    const p = platform.data;
    const factor = REACH_FACTOR[p];
    const rhythm = WEEK_RHYTHM[p === 'linkedin' || p === 'linkedin-page' ? 'work' : 'leisure'];
    const postDays = new Set([
      1 + Math.floor(unit(`${account.id}:pd1`) * 3),
      4 + Math.floor(unit(`${account.id}:pd2`) * 2),
    ]);
    if (unit(`${account.id}:pd3`) > 0.5) postDays.add(6);
    const days: { date: string; impressions: number; engagements: number; posts: number }[] = [];
    for (let t = firstDay, i = 0; t <= lastDay; t += DAY, i += 1) {
      const date = new Date(t).toISOString().slice(0, 10);
      const weekday = new Date(t).getUTCDay();
      // A slow rise over the year: the year's last month reaches about 35% more than its first.
      const growth = 0.75 + (0.25 * i) / length;
      const noise = 0.8 + unit(`${account.id}:${date}:past`) * 0.4;
      let impressions = (40 + unit(`${account.id}:${date}:org`) * 260) * factor;
      let engagements = impressions * (0.004 + unit(`${account.id}:${date}:oeng`) * 0.01);
      // Most weeks post on the account's days; a holiday week now and then posts less.
      const posts = postDays.has(weekday) && unit(`${account.id}:${date}:skip`) > 0.12 ? 1 : 0;
      if (posts) {
        const reach = (300 + unit(`${account.id}:${date}:imp`) * 4700) * factor;
        impressions += reach;
        engagements += reach * (0.02 + unit(`${account.id}:${date}:eng`) * 0.06);
      }
      const scale = growth * noise * (rhythm[weekday] ?? 1);
      days.push({
        date,
        impressions: Math.round(impressions * scale),
        engagements: Math.round(engagements * scale),
        posts,
      });
    }
    // Followers climb with each day's reach, by a fifth or so over the months, to exactly where
    // the service's window starts, so the kept line meets the service's without a step.
    const end = followersBefore(account.id, p);
    const start = Math.round(end * (0.8 + unit(`${account.id}:start`) * 0.08));
    const total = days.reduce((s, d) => s + d.impressions + 20 * d.engagements, 0);
    let gained = 0;
    for (const d of days) {
      gained += d.impressions + 20 * d.engagements;
      lines.push({
        date: d.date,
        account: account.name,
        platform: p,
        metrics: {
          followers: Math.round(start + ((end - start) * gained) / Math.max(1, total)),
          impressions: d.impressions,
          engagements: d.engagements,
          posts: d.posts,
        },
      });
    }
  }
  return lines;
}

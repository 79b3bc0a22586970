import { createHash } from 'node:crypto';
import type { AnalyticsResponse, MetricMap } from '../../shared/api/resources.js';
import type { PlatformType } from '../../shared/platforms/types.js';
import type { IntegrationRecord } from '../store/accounts.js';
import type { PostRecord } from '../store/posts.js';

const DAY = 86_400_000;
/** Days in the reported range; the previous range has the same length. */
export const ANALYTICS_RANGE_DAYS = 30;
const RECENT_POSTS = 10;

/** A stable number in [0, 1) from a seed: the same post always gets the same metrics. */
export function unit(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) / 0x1_0000_0000;
}

/** How far a post travels on each platform, relative to the others. */
export const REACH_FACTOR: Record<PlatformType, number> = {
  x: 1.2,
  instagram: 1.6,
  linkedin: 0.8,
  'linkedin-page': 0.6,
  facebook: 0.9,
  threads: 0.7,
  tiktok: 3.0,
  youtube: 2.2,
  bluesky: 0.5,
};

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** Per-post metrics, derived from the post id and the account's platform. */
export function postMetrics(post: PostRecord, platform: PlatformType): MetricMap {
  const impressions = Math.round((300 + unit(`${post.id}:imp`) * 4700) * REACH_FACTOR[platform]);
  const likes = Math.round(impressions * (0.01 + unit(`${post.id}:like`) * 0.06));
  const comments = Math.round(likes * (0.05 + unit(`${post.id}:com`) * 0.2));
  const shares = Math.round(likes * (0.02 + unit(`${post.id}:shr`) * 0.15));
  const clicks = Math.round(impressions * unit(`${post.id}:clk`) * 0.03);
  const engagements = likes + comments + shares + clicks;
  return {
    impressions,
    likes,
    comments,
    shares,
    clicks,
    engagementRate: impressions === 0 ? 0 : round4(engagements / impressions),
  };
}

/** An account's followers as the service's 60 days begin (the sandbox's past year ends there). */
export function followersBefore(integrationId: string, platform: PlatformType): number {
  return Math.round(500 + unit(`${integrationId}:followers`) * 24_500 * REACH_FACTOR[platform]);
}

interface DayTotals {
  impressions: number;
  engagements: number;
  posts: number;
}

/**
 * Profile analytics of one account over the last 30 days (ending today, UTC), the 30 before, a
 * daily series and its latest published posts. Everything follows from the account's published
 * posts and its id, so the same data always gives the same numbers.
 */
export function profileInsights(
  integration: IntegrationRecord,
  published: readonly PostRecord[],
  now = Date.now(),
): AnalyticsResponse {
  const end = Math.floor(now / DAY) * DAY + DAY;
  const start = end - ANALYTICS_RANGE_DAYS * DAY;
  const previousStart = start - ANALYTICS_RANGE_DAYS * DAY;
  const factor = REACH_FACTOR[integration.platform];

  const day = (t: number): DayTotals => {
    const date = new Date(t).toISOString().slice(0, 10);
    // Every account has some organic reach on a day without posts.
    return {
      impressions: Math.round((40 + unit(`${integration.id}:${date}`) * 260) * factor),
      engagements: 0,
      posts: 0,
    };
  };
  const days = new Map<number, DayTotals>();
  for (let t = previousStart; t < end; t += DAY) days.set(t, day(t));
  for (const post of published) {
    const at = post.published_at ?? post.publish_date;
    const bucket = days.get(Math.floor(at / DAY) * DAY);
    if (!bucket) continue;
    const m = postMetrics(post, integration.platform);
    bucket.impressions += m.impressions ?? 0;
    bucket.engagements += (m.likes ?? 0) + (m.comments ?? 0) + (m.shares ?? 0) + (m.clicks ?? 0);
    bucket.posts += 1;
  }

  const baseFollowers = followersBefore(integration.id, integration.platform);
  const following = Math.round(50 + unit(`${integration.id}:following`) * 850);
  let followers = baseFollowers;
  const followersAt = new Map<number, number>();
  for (const [t, totals] of [...days.entries()].sort((a, b) => a[0] - b[0])) {
    followers += Math.round(totals.impressions * 0.004 + totals.engagements * 0.02);
    followersAt.set(t, followers);
  }

  const summarize = (from: number, to: number): MetricMap => {
    let impressions = 0;
    let engagements = 0;
    let posts = 0;
    for (const [t, d] of days) {
      if (t < from || t >= to) continue;
      impressions += d.impressions;
      engagements += d.engagements;
      posts += d.posts;
    }
    return {
      followers: followersAt.get(to - DAY) ?? baseFollowers,
      following,
      impressions,
      reach: Math.round(impressions * 0.68),
      engagements,
      engagementRate: impressions === 0 ? 0 : round4(engagements / impressions),
      posts,
    };
  };

  const daily = [...days.entries()]
    .filter(([t]) => t >= start)
    .sort((a, b) => a[0] - b[0])
    .map(([t, d]) => ({
      date: new Date(t).toISOString().slice(0, 10),
      metrics: {
        followers: followersAt.get(t) ?? baseFollowers,
        impressions: d.impressions,
        engagements: d.engagements,
        posts: d.posts,
      },
    }));

  return {
    integration: {
      id: integration.id,
      platform: integration.platform,
      name: integration.name,
      disconnected: integration.disconnected,
    },
    range: { startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString() },
    profile: summarize(start, end),
    previous: summarize(previousStart, start),
    daily,
    recentPosts: published.slice(0, RECENT_POSTS).map((p) => ({
      postId: p.id,
      group: p.group_id,
      publishDate: new Date(p.publish_date).toISOString(),
      releaseURL: p.release_url,
      content: p.blocks[0]?.content ?? '',
      metrics: postMetrics(p, integration.platform),
    })),
  };
}

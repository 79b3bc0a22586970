import type { PlatformType } from './types.js';

/*
 * The words a screen uses for a platform and for an account on it. One place, so every picker,
 * plan and preview tells "Harbor Coffee (X)" from "Harbor Coffee (Instagram)" the same way and
 * never shows the service's type value ("linkedin-page"). No other import here: the IPC contract
 * (and so the sandboxed preload) reaches this file through the bulk plan, and must not pull in the
 * text-counting libraries of rules.ts.
 */

/** Each platform's name as the platform writes it (rules.ts reads its names from here). */
export const PLATFORM_NAMES: Record<PlatformType, string> = {
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  'linkedin-page': 'LinkedIn page',
  facebook: 'Facebook',
  threads: 'Threads',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  bluesky: 'Bluesky',
};

/** The platform's name as the platform writes it; an unknown value reads as "Other platform". */
export function platformName(platform: string | null | undefined): string {
  if (!platform) return 'Unknown platform';
  // A plain lookup, not a zod parse: a bulk plan names thousands of posts' accounts at once.
  return Object.hasOwn(PLATFORM_NAMES, platform)
    ? PLATFORM_NAMES[platform as PlatformType]
    : 'Other platform';
}

/** An account with its platform: "Harbor Coffee (X)". */
export function accountWithPlatform(
  name: string | null | undefined,
  platform: string | null | undefined,
): string {
  return `${name ?? 'Unnamed account'} (${platformName(platform)})`;
}

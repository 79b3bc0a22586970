import { z } from 'zod';

/** The spec's `settings.__type` values, one per supported platform. */
export const PlatformType = z.enum([
  'x',
  'instagram',
  'linkedin',
  'linkedin-page',
  'facebook',
  'threads',
  'tiktok',
  'youtube',
  'bluesky',
]);
export type PlatformType = z.infer<typeof PlatformType>;
export const PLATFORM_TYPES: readonly PlatformType[] = PlatformType.options;

export type MediaKind = 'image' | 'video';

import { PLATFORM_NAMES } from './names.js';
import type { MediaKind, PlatformType } from './types.js';
import { countGraphemes, countXWeighted, X_WEIGHTED_LIMIT } from './text.js';

export interface MediaRules {
  /** Items the first block must carry at least (Instagram, TikTok, YouTube need media). */
  minItems: number;
  /** Items one block may carry at most. */
  maxItems: number;
  /** Images one block may carry at most. */
  maxImages: number;
  /** Videos one block may carry at most. */
  maxVideos: number;
  /** A video must be the only item of its block. */
  videoAlone: boolean;
  /** Only this kind is accepted, when set (YouTube: video). */
  onlyKind?: MediaKind;
}

/** Everything the composer shows and the service checks about one platform. */
export interface PlatformRules {
  type: PlatformType;
  label: string;
  /** Maximum length of one block's text, in the unit `countText` returns. */
  textLimit: number;
  /** How the platform counts text: X weights characters, the others count graphemes. Call it through measureText. */
  countText: (text: string) => number | 'word too long';
  counting: 'x-weighted' | 'graphemes';
  media: MediaRules;
  /** Whether the platform publishes later blocks as a thread (replies or comments). */
  threads: boolean;
}

const mediaRules = (r: Partial<MediaRules> & Pick<MediaRules, 'maxItems'>): MediaRules => ({
  minItems: 0,
  maxImages: r.maxItems,
  maxVideos: 1,
  videoAlone: true,
  ...r,
});

const graphemes = { countText: countGraphemes, counting: 'graphemes' as const };

/*
 * Text limits and the X, Bluesky, Instagram, TikTok and YouTube media rules are what Postiz does
 * (docs/architecture.md).
 * LinkedIn (20 images or one video), Facebook (10), Threads (20) are this project's choices.
 */
export const platformRules: Record<PlatformType, PlatformRules> = {
  x: {
    type: 'x',
    label: PLATFORM_NAMES['x'],
    textLimit: X_WEIGHTED_LIMIT,
    countText: countXWeighted,
    counting: 'x-weighted',
    media: mediaRules({ maxItems: 4 }),
    threads: true,
  },
  instagram: {
    type: 'instagram',
    label: PLATFORM_NAMES['instagram'],
    textLimit: 2200,
    ...graphemes,
    media: mediaRules({ minItems: 1, maxItems: 10, maxVideos: 10, videoAlone: false }),
    threads: true,
  },
  linkedin: {
    type: 'linkedin',
    label: PLATFORM_NAMES['linkedin'],
    textLimit: 3000,
    ...graphemes,
    media: mediaRules({ maxItems: 20 }),
    threads: true,
  },
  'linkedin-page': {
    type: 'linkedin-page',
    label: PLATFORM_NAMES['linkedin-page'],
    textLimit: 3000,
    ...graphemes,
    media: mediaRules({ maxItems: 20 }),
    threads: true,
  },
  facebook: {
    type: 'facebook',
    label: PLATFORM_NAMES['facebook'],
    textLimit: 63206,
    ...graphemes,
    media: mediaRules({ maxItems: 10 }),
    threads: true,
  },
  threads: {
    type: 'threads',
    label: PLATFORM_NAMES['threads'],
    textLimit: 500,
    ...graphemes,
    media: mediaRules({ maxItems: 20, maxVideos: 20, videoAlone: false }),
    threads: true,
  },
  tiktok: {
    type: 'tiktok',
    label: PLATFORM_NAMES['tiktok'],
    textLimit: 2200,
    ...graphemes,
    media: mediaRules({ minItems: 1, maxItems: 35 }),
    threads: false,
  },
  youtube: {
    type: 'youtube',
    label: PLATFORM_NAMES['youtube'],
    textLimit: 5000,
    ...graphemes,
    media: mediaRules({ minItems: 1, maxItems: 1, maxImages: 0, onlyKind: 'video' }),
    threads: false,
  },
  bluesky: {
    type: 'bluesky',
    label: PLATFORM_NAMES['bluesky'],
    textLimit: 300,
    ...graphemes,
    media: mediaRules({ maxItems: 4 }),
    threads: true,
  },
};

/** Size limits per kind of file, shared by the service's defaults and the composer's checks. */
export const DEFAULT_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const DEFAULT_MAX_VIDEO_BYTES = 1024 * 1024 * 1024;

/** MIME types the service accepts, sniffed from the bytes. */
export const ACCEPTED_MIME: Record<string, MediaKind> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
};

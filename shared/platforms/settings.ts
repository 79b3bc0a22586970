import { z } from 'zod';
import type { PlatformType } from './types.js';

/*
 * Settings schema per platform. Field titles (`meta`) drive the composer's generated forms, so the
 * form, the client check and the server check are one definition. Extra fields are kept: other
 * clients send platform options we do not model.
 */

const base = <T extends PlatformType>(type: T) => ({ __type: z.literal(type) });

const TikTokPrivacyLevel = z
  .enum(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'])
  .meta({ title: 'Who can view', description: 'TikTok requires an explicit choice; none is pre-selected.' });

export const settingsSchemas = {
  x: z.looseObject(base('x')),
  instagram: z.looseObject({
    ...base('instagram'),
    post_type: z.enum(['post', 'story']).meta({ title: 'Post or story' }),
  }),
  linkedin: z.looseObject(base('linkedin')),
  'linkedin-page': z.looseObject(base('linkedin-page')),
  facebook: z.looseObject(base('facebook')),
  threads: z.looseObject(base('threads')),
  tiktok: z.looseObject({
    ...base('tiktok'),
    privacy_level: TikTokPrivacyLevel,
    duet: z.boolean().meta({ title: 'Allow duets' }),
    stitch: z.boolean().meta({ title: 'Allow stitches' }),
    comment: z.boolean().meta({ title: 'Allow comments' }),
    autoAddMusic: z.enum(['yes', 'no']).meta({ title: 'Add music automatically' }),
    brand_content_toggle: z.boolean().meta({ title: 'Branded content (paid partnership)' }),
    brand_organic_toggle: z.boolean().meta({ title: 'Promotes your own brand' }),
    content_posting_method: z
      .enum(['DIRECT_POST', 'UPLOAD'])
      .meta({ title: 'Posting method', description: 'UPLOAD sends a draft to the TikTok app inbox.' }),
  }),
  youtube: z.looseObject({
    ...base('youtube'),
    title: z.string().min(2).max(100).meta({ title: 'Video title' }),
    type: z.enum(['public', 'private', 'unlisted']).meta({ title: 'Visibility' }),
  }),
  bluesky: z.looseObject(base('bluesky')),
} as const satisfies Record<PlatformType, z.ZodObject>;

import { createHash } from 'node:crypto';
import type { PlatformType } from '../../shared/platforms/types.js';

/** Deterministic digits and letters from a seed, so a post's release URL is stable and plausible. */
function seeded(seed: string, length: number, alphabet: string): string {
  let out = '';
  let counter = 0;
  while (out.length < length) {
    const digest = createHash('sha256').update(`${seed}:${counter++}`).digest();
    for (const byte of digest) {
      if (out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

const DIGITS = '0123456789';
const CODE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Where one published block lives on its platform. */
export function releaseUrl(platform: PlatformType, handle: string, postId: string, block: number): string {
  const seed = `${postId}#${block}`;
  const snowflake = `1${seeded(seed, 18, DIGITS)}`;
  switch (platform) {
    case 'x':
      return `https://x.com/${handle}/status/${snowflake}`;
    case 'instagram':
      return `https://www.instagram.com/p/${seeded(seed, 11, CODE)}/`;
    case 'linkedin':
    case 'linkedin-page':
      return `https://www.linkedin.com/feed/update/urn:li:share:${snowflake}/`;
    case 'facebook':
      return `https://www.facebook.com/${handle}/posts/${snowflake}`;
    case 'threads':
      return `https://www.threads.net/@${handle}/post/${seeded(seed, 11, CODE)}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${handle}/video/${snowflake}`;
    case 'youtube':
      return `https://www.youtube.com/watch?v=${seeded(seed, 11, CODE)}`;
    case 'bluesky':
      return `https://bsky.app/profile/${handle}.bsky.social/post/${seeded(seed, 13, 'abcdefghijklmnopqrstuvwxyz234567')}`;
  }
}

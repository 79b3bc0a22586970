import type { z } from 'zod';
import type { ValidationIssue } from '../api/errors.js';
import type { PostTarget } from '../api/resources.js';
import { platformRules } from './rules.js';
import { settingsSchemas } from './settings.js';
import { measureText } from './text-length.js';
import { hasCharactersXRefuses, X_MAX_LINKED_WORD } from './x-weighted.js';
import { PlatformType, type MediaKind } from './types.js';

/** Tells the kind of an attached media item, or undefined when it is not known. */
export type MediaKindOf = (ref: { id: string; path: string }) => MediaKind | undefined;

const VIDEO_EXT = /\.(mp4|mov|webm|m4v)(\?|#|$)/i;
/** Fallback when no media record is at hand: guess the kind from the path's extension. */
export const mediaKindFromPath: MediaKindOf = (ref) => (VIDEO_EXT.test(ref.path) ? 'video' : 'image');

function zodIssues(target: number, prefix: string, error: z.ZodError): ValidationIssue[] {
  return error.issues.map((i) => ({
    target,
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));
}

/**
 * Checks one `posts[]` entry against its platform's rules: settings, text length per block, media
 * count and kind, comment delays. Returns every problem, each with a sentence a user can act on.
 * `platform` is the integration's platform (the server knows it; the composer knows it too).
 */
export function validatePostTarget(
  target: PostTarget,
  index: number,
  platform: PlatformType,
  kindOf: MediaKindOf = mediaKindFromPath,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const rules = platformRules[platform];
  const issue = (path: string, message: string) => issues.push({ target: index, path, message });

  if (target.settings.__type !== platform) {
    issue(
      'settings.__type',
      `settings.__type is "${target.settings.__type}" but this account is on ${rules.label}; use "${platform}".`,
    );
  } else {
    const parsed = settingsSchemas[platform].safeParse(target.settings);
    if (!parsed.success) issues.push(...zodIssues(index, 'settings', parsed.error));
  }

  if (!rules.threads && target.value.length > 1) {
    issue('value', `${rules.label} publishes a single block; remove the extra ${target.value.length - 1}.`);
  }

  target.value.forEach((block, b) => {
    const media = block.image ?? [];
    // A text no longer in UTF-16 units than the limit cannot exceed it in graphemes: skip the count.
    const fits = rules.counting === 'graphemes' && block.content.length <= rules.textLimit;
    const length = fits ? 0 : measureText(platform, block.content);
    if (length === 'too long') {
      issue(
        `value.${b}.content`,
        `${rules.label} allows ${rules.textLimit} characters; this block is ${block.content.length.toLocaleString('en')} characters long, too long to count. Shorten it.`,
      );
    } else if (length === 'word too long') {
      issue(
        `value.${b}.content`,
        `${rules.label} cannot count a word of more than ${X_MAX_LINKED_WORD.toLocaleString('en')} characters that holds a link or a domain; add a space or shorten it.`,
      );
    } else if (length > rules.textLimit) {
      issue(
        `value.${b}.content`,
        `${rules.label} allows ${rules.textLimit} characters; this block has ${length}. Shorten it by ${length - rules.textLimit}.`,
      );
    }
    if (rules.counting === 'x-weighted' && length !== 'too long' && hasCharactersXRefuses(block.content)) {
      issue(
        `value.${b}.content`,
        `${rules.label} refuses the invisible characters U+FEFF, U+FFFE and U+FFFF (often pasted from other apps); remove them.`,
      );
    }
    if (block.content.trim() === '' && media.length === 0) {
      issue(`value.${b}.content`, 'This block is empty; add text or media, or remove it.');
    }
    const kinds = media.map((m) => kindOf(m) ?? 'image');
    const videos = kinds.filter((k) => k === 'video').length;
    const images = kinds.length - videos;
    const m = rules.media;
    if (b === 0 && media.length < m.minItems) {
      issue(`value.${b}.image`, `${rules.label} needs at least ${m.minItems} media item; attach one.`);
    }
    if (media.length > m.maxItems) {
      issue(
        `value.${b}.image`,
        `${rules.label} allows at most ${m.maxItems} media items per block; remove ${media.length - m.maxItems}.`,
      );
    }
    if (m.onlyKind === 'video' && images > 0) {
      issue(`value.${b}.image`, `${rules.label} accepts only a video; remove the images.`);
    } else if (images > m.maxImages) {
      issue(`value.${b}.image`, `${rules.label} allows at most ${m.maxImages} images per block.`);
    }
    if (videos > m.maxVideos) {
      issue(`value.${b}.image`, `${rules.label} allows at most ${m.maxVideos} video per block.`);
    }
    if (m.videoAlone && videos > 0 && media.length > 1) {
      issue(`value.${b}.image`, `On ${rules.label} a video must be the only media item of its block.`);
    }
  });

  const delays = target.commentDelays ?? [];
  if (delays.length > Math.max(0, target.value.length - 1)) {
    issue(
      'commentDelays',
      `commentDelays has ${delays.length} entries but the thread has ${target.value.length} blocks; give one delay per block after the first.`,
    );
  }
  return issues;
}

export { PlatformType };

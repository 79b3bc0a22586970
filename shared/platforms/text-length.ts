import { platformRules } from './rules.js';
import { X_MAX_TEXT_LENGTH } from './text.js';
import type { PlatformType } from './types.js';

/**
 * No platform accepts a longer text than its largest limit (Facebook's), so nothing longer is
 * counted at all. In UTF-16 units, as the request body and the textarea measure it, which a
 * grapheme count never exceeds: a Facebook text of 63,206 emoji-laden graphemes but more units is
 * refused, the price of a check that costs nothing.
 */
export const MAX_TEXT_LENGTH = Math.max(...Object.values(platformRules).map((r) => r.textLimit));

/**
 * A block's length in its platform's unit; 'too long' when it was refused without counting, 'word
 * too long' when an X word holding a possible link is longer than X_MAX_LINKED_WORD.
 */
export type TextLength = number | 'too long' | 'word too long';

/**
 * The one way into the counters: cheap caps before any of them runs (docs/architecture.md: "Text is
 * capped before any counter runs"), since twitter-text takes seconds on some long texts.
 */
export function measureText(platform: PlatformType, text: string): TextLength {
  if (text.length > MAX_TEXT_LENGTH) return 'too long';
  const rules = platformRules[platform];
  if (rules.counting === 'x-weighted' && text.normalize('NFC').length > X_MAX_TEXT_LENGTH) return 'too long';
  return rules.countText(text);
}

import type { DraftTarget } from '../../shared/drafts/ipc.js';
import { measureText } from '../../shared/platforms/text-length.js';
import type { PlatformType } from '../../shared/platforms/types.js';

/** What the composer's counters count once signatures are added. */

const size = (platform: PlatformType, text: string) => {
  const n = measureText(platform, text);
  return typeof n === 'number' ? n : Infinity;
};

/**
 * The text a block's counter counts for one platform: the block as it will be sent (signed) to
 * the accounts on show; of several accounts on that platform, the longest.
 */
export function countedText(
  signedTargets: readonly DraftTarget[],
  shown: readonly string[],
  block: number,
  platform: PlatformType,
  typed: string,
): string {
  let longest = typed;
  for (const t of signedTargets) {
    if (t.platform !== platform || !shown.includes(t.integrationId)) continue;
    const text = t.blocks?.[block]?.content;
    if (text !== undefined && size(platform, text) > size(platform, longest)) longest = text;
  }
  return longest;
}

import { normalizePostState, type PostState } from '../api/resources.js';

/*
 * What a person reads for a post's state and its platform, in every screen (calendar, details,
 * search, filters): one word per state, and each platform spelt as it spells itself.
 */

const STATE_NAMES: Record<PostState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  error: 'Failed',
};

/** A state by its one label, whatever name the service gave it; a state nobody knows shows as it came. */
export function stateLabel(state: string): string {
  const known = normalizePostState(state);
  return known ? STATE_NAMES[known] : state;
}

import { normalizePostState } from '../api/resources.js';

/*
 * The one rule for whether a post's time can
 * still change, so the calendar, main's outbox and the service answer alike. A state this app does
 * not know cannot be moved: nobody can say what the service would do with it, and the user is told why.
 */

/** What the rule looks at: the post's state as the service named it, and whether it exists only here. */
export interface MovablePost {
  state: string;
  /** Created offline and not yet on the service. */
  localOnly?: boolean;
}

/** Why a post cannot be moved, or null when it can. */
export function whyNotMovable(post: MovablePost): string | null {
  if (post.localOnly) return 'This post has not reached the service yet; it can be moved once it has synced.';
  const state = normalizePostState(post.state);
  if (state === 'published') return 'Published posts cannot be moved.';
  if (state === 'publishing') return 'This post is being published right now and cannot be moved.';
  if (state === null) return `Posts in state "${post.state}" cannot be moved.`;
  return null;
}

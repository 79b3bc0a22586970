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

/**
 * Why a post made here cannot move until the service has it: a create whose answer was lost is
 * looked for around its date before it is sent again, so that date must hold.
 */
export const NOT_ON_SERVICE_YET =
  'This post has not reached the service yet; it can be moved once it has synced.';

/** Why a post cannot be moved, or null when it can. */
export function whyNotMovable(post: MovablePost): string | null {
  if (post.localOnly) return NOT_ON_SERVICE_YET;
  const state = normalizePostState(post.state);
  if (state === 'published') return 'Published posts cannot be moved.';
  if (state === 'publishing') return 'This post is being published right now and cannot be moved.';
  if (state === null) return `Posts in state "${post.state}" cannot be moved.`;
  return null;
}

/**
 * Why a bulk change's move of a post cannot be taken back now, or null when it can: the post was
 * published since, or cannot move for another reason (being published right now, a state unknown).
 */
export function whyMoveCannotBeUndone(post: MovablePost): string | null {
  if (normalizePostState(post.state) === 'published')
    return 'It has been published since, so its time cannot change.';
  return whyNotMovable(post);
}

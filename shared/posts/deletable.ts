import { normalizePostState } from '../api/resources.js';

/*
 * The one rule for whether a post can be deleted, so one post alone, a bulk change, main's outbox
 * and the calendar answer alike (a post being published could be deleted alone but not in bulk).
 */

/** What the rule looks at: the post's state as the service named it, and whether it exists only here. */
export interface DeletablePost {
  state: string;
  /** Created offline and not yet on the service. */
  localOnly?: boolean;
}

/** Why a post cannot be deleted, or null when it can. */
export function whyNotDeletable(post: DeletablePost): string | null {
  if (post.localOnly) return 'This post has not reached the service yet; discard it in the Outbox instead.';
  if (normalizePostState(post.state) === 'publishing')
    return 'This post is being published right now; it can be deleted once it is out.';
  return null;
}

/** Deleting a post deletes its whole group: why the group cannot go, from its first post that cannot, or null. */
export function whyGroupNotDeletable(posts: readonly DeletablePost[]): string | null {
  for (const post of posts) {
    const why = whyNotDeletable(post);
    if (why) return why;
  }
  return null;
}

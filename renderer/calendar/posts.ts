import { normalizePostState, PostState } from '../../shared/api/resources.js';
import { reviewLabel } from '../../shared/review/model.js';
import { whyNotDeletable as postCannotBeDeleted } from '../../shared/posts/deletable.js';
import { whyNotMovable as postCannotMove } from '../../shared/posts/movable.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { stateLabel } from '../../shared/posts/names.js';
import { platformName } from '../../shared/platforms/names.js';
import { instantToWall } from './time.js';
import { keyRefusal } from '../ui/key-access.js';

/** How long a post looks in the week and day views: one slot, so it can be seen and grabbed. */
export const EVENT_MINUTES = 30;

/** A post as every calendar view places it: with its wall-clock times in the brand zone. */
export interface PostEvent {
  id: string;
  title: string;
  start: Date;
  end: Date;
  post: CalendarPost;
  state: PostState | null;
}

const eventCache = new WeakMap<CalendarPost, { zone: string; event: PostEvent }>();

/**
 * The calendar event of a post. Cached per post object: react-query keeps unchanged posts
 * identical across refetches, so unchanged events stay identical and their memoized cells skip.
 */
export function toPostEvent(post: CalendarPost, zone: string): PostEvent {
  const cached = eventCache.get(post);
  if (cached && cached.zone === zone) return cached.event;
  const start = instantToWall(Date.parse(post.publishDate), zone);
  const event: PostEvent = {
    id: post.id,
    title: firstLine(post.content) || '(no text)',
    start,
    end: new Date(start.getTime() + EVENT_MINUTES * 60_000),
    post,
    state: normalizePostState(post.state),
  };
  eventCache.set(post, { zone, event });
  return event;
}

/** The first non-empty line of a post's text, trimmed for a calendar cell. */
export function firstLine(content: string): string {
  // Walks to the first line with text instead of splitting all of it: the calendar titles every
  // post of a month (2,000 or more) with this on its first render.
  for (let start = 0; start < content.length;) {
    const end = content.indexOf('\n', start);
    const line = content.slice(start, end === -1 ? content.length : end).trim();
    if (line !== '') return line.slice(0, 140);
    if (end === -1) break;
    start = end + 1;
  }
  return '';
}

/**
 * Why a post cannot be moved, or null when it can: the key's scopes first, then the rule that main
 * and the service apply too (shared/posts/movable.ts).
 */
export function whyNotMovable(post: CalendarPost): string | null {
  return keyRefusal('reschedule') ?? postCannotMove(post);
}

/** Why a post cannot be deleted, or null when it can: the key's scopes first, then the rule main applies too. */
export function whyNotDeletable(post: CalendarPost): string | null {
  return keyRefusal('deletePosts') ?? postCannotBeDeleted(post);
}

/** The class names of a post in every view (state colour, pending, fixed); the grids' boxes add `cal-post`. */
export function postEventClass(event: PostEvent): string {
  return [
    'post-event',
    `post-event--${event.state ?? 'unknown'}`,
    event.post.pending ? 'post-event--pending' : '',
    whyNotMovable(event.post) === null ? '' : 'post-event--fixed',
  ].join(' ');
}

/** Up to two initials of an account name, for its avatar when it has no picture. */
export function initials(name: string | null): string {
  const words = (name ?? '')
    .replace(/^@/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [...words[0]!].slice(0, 2) : [[...words[0]!][0], [...words[1]!][0]];
  return letters.join('').toUpperCase();
}

export interface PostFilters {
  platforms: string[];
  accounts: string[];
  states: string[];
  /** Review states (shared/review/model.ts); absent or empty: any. */
  reviews?: string[];
  /** Brands shown in the all-brands view (`brandKeyOf`); absent or empty: every brand. */
  brands?: string[];
}

/** Which brand of which connection a post belongs to, as the brand filter names it. */
export function brandKeyOf(post: Pick<CalendarPost, 'profileId' | 'brandId'>): string {
  return `${post.profileId ?? ''}:${post.brandId ?? ''}`;
}

/** The review state a filter groups a post under ('draft' when never put in review). */
export const reviewKey = (post: CalendarPost): string => post.review?.state ?? 'draft';

export const NO_FILTERS: PostFilters = { platforms: [], accounts: [], states: [] };

/** The state a filter or count groups a post under: ours, or the server's own name. */
export function stateKey(post: CalendarPost): string {
  return normalizePostState(post.state) ?? post.state;
}

/** Posts matching the platform and account filters (the state filter is applied separately, so counts can ignore it). */
export function matchesSource(post: CalendarPost, filters: PostFilters): boolean {
  if (filters.platforms.length > 0 && !filters.platforms.includes(post.integration.platform ?? ''))
    return false;
  if (filters.accounts.length > 0 && !filters.accounts.includes(post.integration.id)) return false;
  if (filters.brands && filters.brands.length > 0 && !filters.brands.includes(brandKeyOf(post))) return false;
  return true;
}

/** Posts matching every filter. */
export function applyFilters(posts: readonly CalendarPost[], filters: PostFilters): CalendarPost[] {
  const reviews = filters.reviews ?? [];
  return posts.filter(
    (p) =>
      matchesSource(p, filters) &&
      (filters.states.length === 0 || filters.states.includes(stateKey(p))) &&
      (reviews.length === 0 || reviews.includes(reviewKey(p))),
  );
}

/** Count of posts per state among those matching the platform and account filters. */
export function countByState(posts: readonly CalendarPost[], filters: PostFilters): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of posts) {
    if (!matchesSource(p, filters)) continue;
    const key = stateKey(p);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** The states in the order the toolbar lists them, then any unknown ones seen. */
export function orderedStates(counts: Map<string, number>): string[] {
  const known: string[] = PostState.options;
  return [...known, ...[...counts.keys()].filter((k) => !known.includes(k)).sort()];
}

/** The accessible name of a post: everything the cell shows, in words. */
export function postAccessibleName(event: PostEvent, time: string): string {
  const p = event.post;
  const parts = [
    `${stateLabel(p.state)} post`,
    `${platformName(p.integration.platform)}, ${p.integration.name ?? 'an unnamed account'}`,
    time,
    event.title,
  ];
  if (p.groupSize > 1) parts.push(`one of a group of ${p.groupSize}`);
  if (p.thumbnail) parts.push('with media');
  if (p.blockCount > 1) parts.push(`thread of ${p.blockCount}`);
  if (p.pending) parts.push('change pending sync');
  if (p.error) parts.push(`error: ${p.error}`);
  if (p.review && p.review.state !== 'draft') parts.push(reviewLabel(p.review.state).toLowerCase());
  if (p.review?.held) parts.push('waiting for approval');
  return parts.join(', ');
}

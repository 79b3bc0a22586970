import type { PostCreateRequest, PostCreateResultItem } from '../../shared/api/resources.js';
import { AppFailure } from '../core/app-failure.js';
import { createLogger } from '../log.js';
import { ApiError } from './errors.js';
import type { PublishingApi } from './publishing-api.js';

/*
 * POST /posts is not idempotent: a timeout or a cut connection leaves us not
 * knowing whether the post exists. Sending again blindly would publish it twice, so first we look
 * for it (GET /posts around its date, same account, same text) and only send when it is absent.
 */

const log = createLogger('create-posts');

/** How far around the intended date to look; `now` posts are dated by the server, so wider. */
const SCHEDULED_WINDOW_MS = 2 * 60_000;
const NOW_WINDOW_MS = 15 * 60_000;

export interface CreateSafelyOptions {
  /** An earlier attempt of this same create ended ambiguously (e.g. before a crash): look first. */
  mayAlreadyExist?: boolean;
  now?: () => Date;
  /** A post another local operation already took as its own: never taken for this one. */
  claimed?: (postId: string) => boolean;
  /** Look once, without the client's retries: the caller (the outbox) retries the whole operation. */
  lookOnce?: boolean;
}

export async function createPostsSafely(
  api: PublishingApi,
  body: PostCreateRequest,
  opts: CreateSafelyOptions = {},
): Promise<PostCreateResultItem[]> {
  const now = opts.now ?? (() => new Date());
  if (opts.mayAlreadyExist) {
    const found = await findCreatedPosts(api, body, now(), opts.claimed, { once: opts.lookOnce });
    if (found) return found;
  }
  try {
    return await api.createPosts(body);
  } catch (error) {
    if (!(error instanceof ApiError) || !error.ambiguous) throw error;
    // This failed request's one warning (the client logs its cause at debug level only).
    log.warn('create ended ambiguously; looking for the post before sending again', error.message);
    let found: PostCreateResultItem[] | null;
    try {
      found = await findCreatedPosts(api, body, now(), opts.claimed, { once: opts.lookOnce });
    } catch {
      // Cannot tell yet: the caller keeps it pending and looks again on its next attempt.
      throw error;
    }
    if (found) return found;
    return api.createPosts(body);
  }
}

/**
 * The result items of an earlier create of `body` when every target's post is on the server,
 * null when none is. A partial match cannot come from one create call, so it is reported.
 * Two identical posts may be queued minutes apart: a post `claimed` by another local operation is
 * never taken, and among the candidates the one nearest the intended date is taken first.
 */
export async function findCreatedPosts(
  api: PublishingApi,
  body: PostCreateRequest,
  now: Date,
  claimed: (postId: string) => boolean = () => false,
  lookup: { once?: boolean } = {},
): Promise<PostCreateResultItem[] | null> {
  const targets = body.posts ?? [];
  // A draft without accounts is not listed anywhere; saving it twice costs an empty draft at worst.
  if (targets.length === 0) return null;
  const center = body.type === 'now' ? now.getTime() : Date.parse(body.date);
  const window = body.type === 'now' ? NOW_WINDOW_MS : SCHEDULED_WINDOW_MS;
  const distance = (item: { publishDate: string }) => Math.abs(Date.parse(item.publishDate) - center);
  const listed = (
    await api.listPosts(
      new Date(center - window).toISOString(),
      new Date(center + window).toISOString(),
      lookup,
    )
  )
    .filter((item) => !claimed(item.id))
    .sort((a, b) => distance(a) - distance(b));

  const found: PostCreateResultItem[] = [];
  const used = new Set<string>();
  for (const target of targets) {
    const text = comparable(target.value[0]?.content ?? '');
    let match: PostCreateResultItem | null = null;
    for (const item of listed) {
      if (used.has(item.id) || item.integration.id !== target.integration.id) continue;
      const detail =
        item.content === undefined || item.group === undefined ? await api.getPost(item.id) : null;
      const content = item.content ?? detail?.value[0]?.content ?? '';
      if (comparable(content) !== text) continue;
      match = { postId: item.id, integration: item.integration.id, group: item.group ?? detail?.group ?? '' };
      break;
    }
    if (match) {
      used.add(match.postId);
      found.push(match);
    }
  }
  if (found.length === 0) return null;
  if (found.length < targets.length) {
    throw new AppFailure(
      'CONFLICT',
      'Only some copies of this post are on the service: check the calendar and remove or recreate the missing ones.',
    );
  }
  return found;
}

/** Text as the server may have stored it: links may be shortened, spacing trimmed. */
export function comparable(text: string): string {
  return text.replace(/https?:\/\/\S+/g, '<link>').trim();
}

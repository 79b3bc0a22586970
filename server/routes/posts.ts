import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/api/errors.js';
import { whyNotMovable } from '../../shared/posts/movable.js';
import type { Integration } from '../../shared/api/resources.js';
import type { RequestAuth } from '../http/auth.js';
import { ApiHttpError, notFound } from '../http/errors.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { AnswerCache } from '../http/answer-cache.js';
import { defineRoute, SerializedAnswer } from '../http/route.js';
import { createPosts } from '../posts/create.js';
import { detailView, firstThumbnailOf, integrationView, listItemView } from '../posts/view.js';
import type { Service } from '../service.js';
import type { IntegrationRecord } from '../store/accounts.js';
import { summaryOf, type PostRecord } from '../store/posts.js';
import { timeHasPassed } from '../../shared/posts/time-passed.js';

/** The widest window GET /posts answers, so one request cannot ask for the whole history. */
export const MAX_LIST_RANGE_DAYS = 400;

function postInBrand(
  svc: Service,
  auth: RequestAuth,
  id: string,
): { post: PostRecord; integration: IntegrationRecord } {
  const post = svc.posts.get(id);
  const integration = post ? svc.accounts.integration(post.integration_id) : null;
  if (!post || post.brand_id !== auth.brand.id || !integration) throw notFound(`Post "${id}"`);
  return { post, integration };
}

/** POST /posts, GET /posts, GET /posts/:id, PUT /posts/:id/date, DELETE /posts/:group. */
export function postRoutes(app: FastifyInstance, svc: Service, limiter: RateLimiter | null): void {
  defineRoute(app, svc, limiter, 'createPosts', async ({ auth, body }) => createPosts(svc, auth, body));

  const listAnswers = new AnswerCache<SerializedAnswer<'listPosts'>>();
  defineRoute(app, svc, limiter, 'listPosts', async ({ auth, query }) => {
    const start = Date.parse(query.startDate);
    const end = Date.parse(query.endDate);
    if (end < start) {
      throw new ApiHttpError(400, ErrorCode.VALIDATION_ERROR, 'endDate lies before startDate; swap them.', [
        { target: null, path: 'endDate', message: 'endDate must not be before startDate.' },
      ]);
    }
    if (end - start > MAX_LIST_RANGE_DAYS * 86_400_000) {
      throw new ApiHttpError(
        400,
        ErrorCode.VALIDATION_ERROR,
        `The range spans more than ${MAX_LIST_RANGE_DAYS} days; ask for smaller windows.`,
        [
          {
            target: null,
            path: 'endDate',
            message: `At most ${MAX_LIST_RANGE_DAYS} days between startDate and endDate.`,
          },
        ],
      );
    }
    // The same month is asked for again and again; its answer is built once per state of the data.
    const key = `${auth.brand.id}|${start}|${end}|${svc.urls.cdnUrl}`;
    return listAnswers.answer(key, svc.changeStamp(), () => {
      // A month holds thousands of posts over a handful of accounts: each account is read and viewed once.
      const views = new Map<string, Integration | null>();
      const integrationOf = (id: string) => {
        if (!views.has(id)) {
          const integration = svc.accounts.integration(id);
          views.set(id, integration ? integrationView(svc, integration) : null);
        }
        return views.get(id) ?? null;
      };
      const posts = svc.posts.listByBrand(auth.brand.id, start, end).flatMap((p) => {
        const integration = integrationOf(p.integration_id);
        return integration ? [listItemView(svc, p, integration)] : [];
      });
      return SerializedAnswer.of('listPosts', { posts });
    });
  });

  defineRoute(app, svc, limiter, 'getPost', async ({ auth, params }) => {
    const { post, integration } = postInBrand(svc, auth, params.id);
    return detailView(svc, post, integration);
  });

  defineRoute(app, svc, limiter, 'reschedulePost', async ({ auth, params, body }) => {
    const { post, integration } = postInBrand(svc, auth, params.id);
    const date = Date.parse(body.date);
    const refused = whyNotMovable(post);
    if (refused)
      throw new ApiHttpError(409, ErrorCode.POST_NOT_RESCHEDULABLE, `${refused} Create a new post instead.`);
    if (post.state !== 'draft' && timeHasPassed(date, Date.now())) {
      throw new ApiHttpError(
        400,
        ErrorCode.DATE_IN_PAST,
        `The date ${body.date} is not in the future; pick a later time.`,
        [{ target: null, path: 'date', message: 'A scheduled post needs a date in the future.' }],
      );
    }
    // A failed post moved to the future is queued again (its error cleared); a draft stays a draft.
    const state = post.state === 'draft' ? 'draft' : 'scheduled';
    const moved: PostRecord = { ...post, publish_date: date, state, error: null };
    // The answer is built and checked before the write, so it cannot fail after the post moved.
    const answer = SerializedAnswer.of(
      'reschedulePost',
      listItemView(svc, summaryOf(moved, firstThumbnailOf(svc, moved)), integrationView(svc, integration)),
    );
    if (!svc.posts.reschedule(post.id, date, state)) throw notFound(`Post "${params.id}"`);
    return answer;
  });

  defineRoute(app, svc, limiter, 'deleteGroup', async ({ auth, params }) => {
    const deleted = svc.posts.deleteGroup(auth.brand.id, params.group);
    if (deleted === 0) throw notFound(`Group "${params.group}"`);
    return { group: params.group, deleted };
  });
}

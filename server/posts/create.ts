import { ErrorCode, type ValidationIssue } from '../../shared/api/errors.js';
import { timeHasPassed } from '../../shared/posts/time-passed.js';
import type { PostCreateRequest } from '../../shared/api/resources.js';
import { validatePostTarget, type MediaKindOf } from '../../shared/platforms/validate.js';
import type { RequestAuth } from '../http/auth.js';
import { ApiHttpError } from '../http/errors.js';
import { SerializedAnswer } from '../http/route.js';
import type { Service } from '../service.js';
import type { IntegrationRecord } from '../store/accounts.js';
import { newId } from '../store/ids.js';
import type { NewPost } from '../store/posts.js';
import type { NewShortLink } from '../store/short-links.js';
import { MAX_SHORT_LINKS_PER_REQUEST, shortenUrls } from './short-links.js';

/**
 * POST /posts: checks the whole request first (targets present, date, accounts, every platform
 * rule) and then stores every copy in one transaction, so a request either creates all its posts
 * or none.
 */
export function createPosts(
  svc: Service,
  auth: RequestAuth,
  body: PostCreateRequest,
  now = Date.now(),
): SerializedAnswer<'createPosts'> {
  const targets = body.posts ?? [];
  if (body.type !== 'draft' && targets.length === 0) {
    throw new ApiHttpError(
      400,
      ErrorCode.VALIDATION_ERROR,
      `posts[] needs at least one target when type is "${body.type}".`,
      [
        {
          target: null,
          path: 'posts',
          message: 'Add at least one target account, or save the post as a draft.',
        },
      ],
    );
  }
  const requested = Date.parse(body.date);
  if (body.type === 'schedule' && timeHasPassed(requested, now)) {
    throw new ApiHttpError(
      400,
      ErrorCode.DATE_IN_PAST,
      `The date ${body.date} is not in the future; pick a later time or publish now.`,
      [{ target: null, path: 'date', message: 'A scheduled post needs a date in the future.' }],
    );
  }

  const integrations: IntegrationRecord[] = [];
  const missing: ValidationIssue[] = [];
  targets.forEach((t, i) => {
    const integration = svc.accounts.integration(t.integration.id);
    if (integration && integration.brand_id === auth.brand.id) integrations.push(integration);
    else
      missing.push({
        target: i,
        path: 'integration.id',
        message: `No connected account "${t.integration.id}" in this brand.`,
      });
  });
  if (missing.length > 0) {
    throw new ApiHttpError(
      400,
      ErrorCode.INTEGRATION_NOT_FOUND,
      `Unknown integration.id: ${missing.map((m) => `posts[${m.target}]`).join(', ')}. Use an id from the dashboard or from GET /posts.`,
      missing,
    );
  }

  const issues: ValidationIssue[] = [];
  const kindOf: MediaKindOf = (ref) => {
    const m = svc.media.get(ref.id);
    return m && m.organization_id === auth.organization.id ? m.kind : undefined;
  };
  targets.forEach((t, i) => {
    const integration = integrations[i] as IntegrationRecord;
    issues.push(...validatePostTarget(t, i, integration.platform, kindOf));
    t.value.forEach((block, b) =>
      (block.image ?? []).forEach((ref, r) => {
        if (kindOf(ref) === undefined) {
          issues.push({
            target: i,
            path: `value.${b}.image.${r}.id`,
            message: `Media "${ref.id}" is unknown; upload it first and use the id returned.`,
          });
        }
      }),
    );
  });
  if (issues.length > 0) {
    throw new ApiHttpError(
      400,
      ErrorCode.PLATFORM_VALIDATION_FAILED,
      `The post breaks ${issues.length} platform rule${issues.length === 1 ? '' : 's'}; see issues[].`,
      issues,
    );
  }

  const groupId = newId('group_');
  const publishDate = body.type === 'now' ? now : requested;
  let linkCount = 0;
  const rows: NewPost[] = targets.map((t, i) => {
    const shortLinks: NewShortLink[] = [];
    const blocks = t.value.map((b) => ({
      content: body.shortLink ? shortenUrls(b.content, svc.urls.origin, shortLinks) : b.content,
      image: b.image ?? [],
      releaseURL: null,
      publishedAt: null,
    }));
    linkCount += shortLinks.length;
    return {
      id: newId('post_'),
      groupId,
      brandId: auth.brand.id,
      integrationId: (integrations[i] as IntegrationRecord).id,
      state: body.type === 'draft' ? 'draft' : 'scheduled',
      publishDate,
      blocks,
      settings: t.settings,
      commentDelays: t.commentDelays ?? null,
      shortLink: body.shortLink,
      createdAt: now,
      shortLinks,
    };
  });
  // Checked before anything is written: the links are only codes in memory until insertMany.
  if (linkCount > MAX_SHORT_LINKS_PER_REQUEST) {
    throw new ApiHttpError(
      400,
      ErrorCode.VALIDATION_ERROR,
      `The post has ${linkCount} URLs to shorten, more than ${MAX_SHORT_LINKS_PER_REQUEST} per request. ` +
        'Send fewer, or shortLink: false.',
      [
        {
          target: null,
          path: 'shortLink',
          message: `At most ${MAX_SHORT_LINKS_PER_REQUEST} URLs are shortened per request.`,
        },
      ],
    );
  }
  // The answer is built and checked before the write, so it cannot fail once the posts exist.
  const answer = SerializedAnswer.of(
    'createPosts',
    rows.map((r) => ({ postId: r.id, integration: r.integrationId, group: groupId })),
  );
  svc.posts.insertMany(rows);
  if (body.type === 'now') svc.nudgePublisher();
  return answer;
}

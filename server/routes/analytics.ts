import type { FastifyInstance } from 'fastify';
import { profileInsights } from '../analytics/insights.js';
import { notFound } from '../http/errors.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { defineRoute } from '../http/route.js';
import { integrationView } from '../posts/view.js';
import type { Service } from '../service.js';

/** GET /analytics/insights/profile. */
export function analyticsRoutes(app: FastifyInstance, svc: Service, limiter: RateLimiter | null): void {
  defineRoute(app, svc, limiter, 'getProfileAnalytics', async ({ auth, query }) => {
    const integration = svc.accounts.integration(query.integrationId);
    if (!integration || integration.brand_id !== auth.brand.id)
      throw notFound(`Connected account "${query.integrationId}" in this brand`);
    const insights = profileInsights(integration, svc.posts.publishedByIntegration(integration.id));
    return { ...insights, integration: integrationView(svc, integration) };
  });
}

import { z } from 'zod';
import { AnalyticsResponse } from '../api/resources.js';
import { Id, m } from '../ipc/method.js';

/*
 * Analytics: an account's insights, read from the service.
 */

export const analyticsMethods = {
  getProfileAnalytics: m(
    z.object({ integrationId: Id }),
    AnalyticsResponse,
    'GET /analytics/insights/profile.',
  ),
} as const;

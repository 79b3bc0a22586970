import { useQuery } from '@tanstack/react-query';
import type { IntegrationView } from '../../shared/integrations/ipc.js';
import { call, type AppError } from '../ipc/ipc.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The brand's accounts. No endpoint lists them: main learns them from posts. When none are known
 * yet (analytics opened before the calendar), the last 30 days of posts are read to learn them.
 */
async function loadAccounts(): Promise<IntegrationView[]> {
  const known = await call('listIntegrations', {});
  if (known.length > 0) return known;
  const now = Date.now();
  const read = await call('listPosts', {
    start: new Date(now - 30 * DAY_MS).toISOString(),
    end: new Date(now + DAY_MS).toISOString(),
  }).catch(() => null);
  return read ? call('listIntegrations', {}) : known;
}

/** The accounts the analytics page offers, read again on every visit. */
export function useAnalyticsAccounts() {
  return useQuery<IntegrationView[], AppError>({
    queryKey: ['listIntegrations', 'analytics'],
    queryFn: loadAccounts,
    refetchOnMount: 'always',
  });
}

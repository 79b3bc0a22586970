import { QueryClient } from '@tanstack/react-query';
import { AppError } from '../ipc/ipc.js';

/** Errors that asking again will not fix; the user has to act first. */
const PERMANENT: ReadonlySet<string> = new Set([
  'INVALID_ARGUMENT',
  'NOT_CONNECTED',
  'NOT_FOUND',
  'FORBIDDEN_SENDER',
  'API',
]);

/** One client for the window: main already retries network calls, so the renderer retries little. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(error instanceof AppError && PERMANENT.has(error.code)) && failures < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

import { ApiClient } from '../../api/client.js';
import { openDatabase } from '../../store/database.js';
import { composePosts } from '../../compose-posts.js';

/*
 * Runs as a child process of crash.test.ts (Node, through tsx). It sends the outbox it finds in the
 * database, and can freeze forever around the k-th POST /posts so the parent kills it with SIGKILL
 * at the worst moment: before the request left, or after the service created the post but before
 * the answer was recorded.
 */

interface ChildConfig {
  dbPath: string;
  baseUrl: string;
  apiKey: string;
  brandId: string;
  profileId: string;
  stall: { at: number; when: 'before' | 'after' } | null;
}

const config = JSON.parse(process.env.CRASH_CHILD_CONFIG ?? '{}') as ChildConfig;
let creates = 0;

const stallingFetch: typeof fetch = async (input, init) => {
  const isCreate =
    init?.method === 'POST' && String(input instanceof Request ? input.url : input).endsWith('/posts');
  if (!isCreate || !config.stall) return fetch(input, init);
  // Counted before any await: with several requests in flight the shared count moves meanwhile.
  const nth = ++creates;
  if (nth === config.stall.at && config.stall.when === 'before') {
    process.stdout.write('STALLED\n');
    return new Promise<Response>(() => undefined);
  }
  const response = await fetch(input, init);
  if (nth === config.stall.at) {
    await response.clone().text();
    process.stdout.write('STALLED\n');
    return new Promise<Response>(() => undefined);
  }
  return response;
};

const db = openDatabase(config.dbPath);
const { sync: engine } = composePosts({
  db,
  apiFor: () =>
    new ApiClient({
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      brandId: config.brandId,
      fetch: stallingFetch,
      timeoutMs: 120_000,
      retry: { retries: 0 },
    }),
  active: () => ({ profileId: config.profileId, brandId: config.brandId }),
  emit: () => undefined,
  backoff: { baseMs: 20, maxMs: 200 },
  prefetchNeighbours: false,
  // One request at a time when a stall is set: the k-th create stalls with the k-1 before it
  // confirmed, which the parent checks exactly. The random kills run the app's default slots.
  ...(config.stall ? { slots: 1 } : {}),
});
engine.start();
process.stdout.write('READY\n');

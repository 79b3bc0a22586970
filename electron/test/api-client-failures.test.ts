import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HANG_MS } from '../../test/support/hang.js';
import { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { normalizePostState } from '../../shared/api/resources.js';
import { parseRetryAfter, retryDelayMs, DEFAULT_RETRY } from '../api/retry.js';
import { json, startScriptedServer, type ScriptedServer } from './support/service.js';

/*
 * Retries, backoff, timeouts and malformed answers, against a loopback server that answers
 * whatever each test scripts.
 */

let server: ScriptedServer;
const KEY = 'pst_test_failurecases0123456789';

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

const client = (extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) =>
  new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    brandId: 'brand_1',
    timeoutMs: 300,
    retry: { retries: 3, baseDelayMs: 20, maxDelayMs: 200, maxRetryAfterMs: 2_000 },
    random: () => 0.5,
    ...extra,
  });

const me = {
  organization: { id: 'org_1', name: 'O' },
  brand: { id: 'brand_1', name: 'B' },
  user: { id: 'usr_1', email: 'a@b.c', name: 'U' },
};
const post = (over: Record<string, unknown> = {}) => ({
  id: 'post_1',
  state: 'QUEUE',
  publishDate: '2030-01-01T10:00:00.000Z',
  integration: { id: 'int_1' },
  ...over,
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Answers from a list, one per request; the last one repeats. */
function sequence(...steps: ((res: Parameters<Parameters<ScriptedServer['handle']>[0]>[1]) => void)[]) {
  let i = 0;
  server.handle((_req, res) => {
    const step = steps[Math.min(i, steps.length - 1)]!;
    i++;
    step(res);
  });
}

describe('retries with backoff', () => {
  it('honours Retry-After on 429, then succeeds', async () => {
    sequence(
      (res) =>
        json(
          res,
          429,
          { statusCode: 429, code: 'RATE_LIMITED', message: 'slow down' },
          { 'retry-after': '0.25' },
        ),
      (res) => json(res, 200, me),
    );
    const answer = await client().getMe();
    expect(answer.brand.id).toBe('brand_1');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.at - server.requests[0]!.at).toBeGreaterThanOrEqual(240);
  });

  it('backs off exponentially on 5xx and gives up after the last retry', async () => {
    sequence((res) => json(res, 503, { statusCode: 503, code: 'INTERNAL_ERROR', message: 'down' }));
    const error = await failure(client().listBrands());
    expect(error.status).toBe(503);
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/Postdeck will try again/);
    expect(server.requests).toHaveLength(4);
    const gaps = server.requests.slice(1).map((r, i) => r.at - server.requests[i]!.at);
    // random() = 0.5: 15, 30, 60 ms (3/4 of 20, 40, 80), so each gap is at least the previous.
    expect(gaps[0]!).toBeGreaterThanOrEqual(14);
    expect(gaps[2]!).toBeGreaterThanOrEqual(55);
  });

  it("reads posts once when asked to (the outbox's lookups retry as a whole, not in their slot)", async () => {
    sequence((res) => json(res, 503, { statusCode: 503, code: 'INTERNAL_ERROR', message: 'down' }));
    const error = await failure(
      client().listPosts('2030-01-01T00:00:00.000Z', '2030-01-02T00:00:00.000Z', { once: true }),
    );
    expect(error.retryable).toBe(true);
    expect(server.requests).toHaveLength(1);
    // Without the option the client's own policy still applies.
    server.requests.length = 0;
    await failure(client().listPosts('2030-01-01T00:00:00.000Z', '2030-01-02T00:00:00.000Z'));
    expect(server.requests).toHaveLength(4);
  });

  it('recovers when the service comes back within the retries', async () => {
    sequence(
      (res) => json(res, 502, {}),
      (res) => json(res, 500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'oops' }),
      (res) => json(res, 200, { brands: [{ id: 'brand_1', name: 'B' }] }),
    );
    expect(await client().listBrands()).toHaveLength(1);
    expect(server.requests).toHaveLength(3);
  });

  it("retries a load balancer's HTML 503 page and a 408 like any passing fault", async () => {
    sequence(
      (res) =>
        res
          .writeHead(503, { 'content-type': 'text/html' })
          .end('<html><h1>503 Service Unavailable</h1></html>'),
      (res) => res.writeHead(408, { 'content-type': 'text/plain' }).end('Request Timeout'),
      (res) => json(res, 200, me),
    );
    expect((await client().getMe()).brand.id).toBe('brand_1');
    expect(server.requests).toHaveLength(3);
    const error = new ApiError({ kind: 'http', status: 408, message: 'x' });
    expect([error.retryable, error.holdsEveryone]).toEqual([true, true]);
  });

  it('does not wait for a Retry-After longer than the policy allows', async () => {
    sequence((res) => json(res, 429, {}, { 'retry-after': '3600' }));
    const error = await failure(client().getMe());
    expect(server.requests).toHaveLength(1);
    expect(error.retryAfterMs).toBe(3_600_000);
    expect(error.message).toMatch(/try again shortly/);
  });

  it('never retries a 4xx refusal', async () => {
    sequence((res) => json(res, 404, { statusCode: 404, code: 'NOT_FOUND', message: 'no post' }));
    const error = await failure(client().getPost('post_x'));
    expect(error.status).toBe(404);
    expect(server.requests).toHaveLength(1);
  });

  it('never sends POST /posts twice on its own', async () => {
    sequence((res) => json(res, 500, {}));
    const error = await failure(
      client().createPosts({ type: 'draft', date: '2030-01-01T10:00:00Z', shortLink: false }),
    );
    expect(error.ambiguous).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('times out a silent service, retries reads, and says so', async () => {
    // The service never answers: each attempt ends only when the client gives up on it, and it
    // gives up after its own timeout (1 s here, the message names it; the app's default is 20 s).
    let cut = 0;
    server.handle((_req, res) => {
      res.on('close', () => cut++);
    });
    const error = await failure(client({ timeoutMs: 1_000, retry: { retries: 1, baseDelayMs: 10 } }).getMe());
    expect(error.kind).toBe('timeout');
    expect(error.ambiguous).toBe(true);
    expect(error.message).toMatch(/did not answer within 1 s:/);
    expect(server.requests).toHaveLength(2);
    // Both connections were closed by the client, unanswered (the server's side sees it a little later).
    await vi.waitFor(() => expect(cut).toBe(2), { timeout: HANG_MS });
  });

  it('a reset connection after the request went out is ambiguous', async () => {
    server.handle((_req, res) => {
      res.socket?.destroy();
    });
    const error = await failure(
      client({ retry: { retries: 0 } }).createPosts({
        type: 'draft',
        date: '2030-01-01T10:00:00Z',
        shortLink: false,
      }),
    );
    expect(error.kind).toBe('network');
    expect(error.ambiguous).toBe(true);
  });

  it('a refused connection is plainly offline, with the base URL to check', async () => {
    const closed = await startScriptedServer();
    const baseUrl = closed.baseUrl;
    await closed.close();
    const error = await failure(
      new ApiClient({ baseUrl, apiKey: KEY, brandId: 'b', retry: { retries: 1, baseDelayMs: 5 } }).getMe(),
    );
    expect(error.kind).toBe('network');
    expect(error.ambiguous).toBe(false);
    expect(error.message).toMatch(/check the base URL and your internet connection/);
  });

  it('a retried delete that finds the group gone counts as done', async () => {
    sequence(
      (res) => json(res, 503, {}),
      (res) => json(res, 404, { statusCode: 404, code: 'NOT_FOUND', message: 'gone' }),
    );
    expect(await client().deleteGroup('group_1')).toEqual({ group: 'group_1', deleted: 0 });
  });
});

describe('tolerant reading of open shapes', () => {
  it('accepts a bare array and the {posts} wrapper, keeps raw state names and unknown fields', async () => {
    sequence((res) => json(res, 200, [post({ extra: 'kept' })]));
    const bare = await client().listPosts('2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z');
    expect(bare[0]!.state).toBe('QUEUE');
    expect((bare[0] as Record<string, unknown>).extra).toBe('kept');
    sequence((res) => json(res, 200, { posts: [post({ state: 'Published' })], total: 1 }));
    const wrapped = await client().listPosts('2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z');
    expect(wrapped[0]!.state).toBe('Published');
    expect(server.requests[1]!.url).toContain('startDate=2030-01-01T00%3A00%3A00Z');
  });

  it('finds the list in the envelopes other servers use, states in any case', async () => {
    const from = '2030-01-01T00:00:00Z';
    const to = '2030-01-02T00:00:00Z';
    for (const body of [
      { data: [post({ state: 'queue' })] },
      { items: [post({ state: 'QUEUE' })], cursor: 'next' },
      { results: [post({ state: 'Queue' })], count: 1 },
      { data: { posts: [post({ state: 'queued' })] }, meta: { total: 1 } },
      { entriesOfSomeKind: [post({ state: 'SCHEDULED' })], total: 1 },
    ]) {
      sequence((res) => json(res, 200, body));
      const [item] = await client().listPosts(from, to);
      expect(normalizePostState(item!.state), JSON.stringify(body)).toBe('scheduled');
    }
  });

  it('accepts brands as a bare array', async () => {
    sequence((res) => json(res, 200, [{ id: 'brand_1', name: 'B', color: 'red' }]));
    expect(await client().listBrands()).toEqual([{ id: 'brand_1', name: 'B', color: 'red' }]);
  });

  it('accepts an empty delete answer', async () => {
    sequence((res) => res.writeHead(204).end());
    expect(await client().deleteGroup('group_9')).toEqual({ group: 'group_9', deleted: 0 });
  });

  it('reports a redirect instead of following it with the key', async () => {
    sequence((res) => res.writeHead(301, { location: 'http://elsewhere.example/v1/me' }).end());
    const error = await failure(client().getMe());
    expect(error.status).toBe(301);
    expect(error.message).toMatch(/redirect/);
    expect(server.requests).toHaveLength(1);
  });

  it('sends the headers the spec asks for', async () => {
    sequence((res) => json(res, 200, me));
    await client().getMe();
    const headers = server.requests[0]!.headers;
    expect(headers.authorization).toBe(`Bearer ${KEY}`);
    expect(headers['x-brand-id']).toBe('brand_1');
  });
});

describe('malformed answers are refused clearly', () => {
  it('a 2xx body that is not JSON is a passing fault, asked again, never a failure to fix', async () => {
    sequence((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>'));
    const error = await failure(client({ retry: { retries: 1, baseDelayMs: 5 } }).getMe());
    expect(error.kind).toBe('unreadable');
    expect(error.retryable).toBe(true);
    expect(error.ambiguous).toBe(true);
    expect(server.requests).toHaveLength(2);
    expect(error.message).toMatch(/will check what the service did and try again.*ends in \/v1/);
  });

  it('a 200 whose JSON is cut short is read again, then succeeds', async () => {
    sequence(
      (res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(me).slice(0, 20)),
      (res) => json(res, 200, me),
    );
    expect((await client().getMe()).user.id).toBe('usr_1');
    expect(server.requests).toHaveLength(2);
  });

  it('a list that is not a list', async () => {
    sequence((res) => json(res, 200, { posts: 'nope' }));
    const error = await failure(client().listPosts('2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z'));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/expected a list/);
  });

  it('an item missing a promised field names it', async () => {
    sequence((res) => json(res, 200, { posts: [post(), post({ publishDate: undefined })] }));
    const error = await failure(client().listPosts('2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z'));
    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/post list item 1 at publishDate/);
  });

  it('an account context without its user', async () => {
    sequence((res) => json(res, 200, { organization: me.organization, brand: me.brand }));
    const error = await failure(client().getMe());
    expect(error.message).toMatch(/at user/);
    expect(error.retryable).toBe(false);
  });

  it('an error body that is not the spec shape still gives a status and a sentence', async () => {
    sequence((res) => res.writeHead(418, { 'content-type': 'text/plain' }).end('teapot'));
    const error = await failure(client().getMe());
    expect(error.status).toBe(418);
    expect(error.code).toBeNull();
    expect(error.message).toMatch(/status 418/);
  });
});

describe('retry arithmetic', () => {
  it('reads Retry-After as seconds or as a date', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('jitters between half and all of the exponential step, capped', () => {
    const e = new ApiError({ kind: 'http', status: 503, message: 'x' });
    expect(retryDelayMs(DEFAULT_RETRY, 0, e, () => 0)).toBe(DEFAULT_RETRY.baseDelayMs / 2);
    expect(retryDelayMs(DEFAULT_RETRY, 2, e, () => 1)).toBe(DEFAULT_RETRY.baseDelayMs * 4);
    expect(retryDelayMs(DEFAULT_RETRY, 20, e, () => 1)).toBe(DEFAULT_RETRY.maxDelayMs);
  });
});

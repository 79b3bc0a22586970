import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PostCreateRequest } from '../../shared/api/resources.js';
import { ApiClient } from '../api/client.js';
import { createPostsSafely } from '../api/create-posts-safely.js';
import { ApiError } from '../api/errors.js';
import {
  inHours,
  startScriptedServer,
  startTestService,
  type ScriptedServer,
  type TestService,
} from './support/service.js';

/*
 * POST /posts after an ambiguous failure: a proxy in front of the real service loses answers on
 * purpose, and the post must exist exactly once afterwards.
 */

let svc: TestService;
let proxy: ScriptedServer;
/** What the proxy does with the next POST /posts calls; afterwards it forwards. */
let plan: ('forwardThenCut' | 'cutBeforeForward' | 'forward')[] = [];

beforeAll(async () => {
  svc = await startTestService();
  proxy = await startScriptedServer();
  proxy.handle(async (req, res, body) => {
    const isCreate = req.method === 'POST' && req.url === '/v1/posts';
    const step = isCreate ? (plan.shift() ?? 'forward') : 'forward';
    if (step === 'cutBeforeForward') {
      res.socket?.destroy();
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (e): e is [string, string] =>
          typeof e[1] === 'string' && e[0] !== 'host' && e[0] !== 'content-length',
      ),
    );
    const answer = await fetch(`${svc.service.origin}${req.url}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'DELETE' ? undefined : new Uint8Array(body),
    });
    const text = await answer.text();
    if (step === 'forwardThenCut') {
      res.socket?.destroy();
      return;
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
  });
});

afterAll(async () => {
  await proxy?.close();
  await svc?.close();
});

beforeEach(() => {
  plan = [];
  proxy.requests.length = 0;
});

const viaProxy = () =>
  new ApiClient({
    baseUrl: proxy.baseUrl,
    apiKey: svc.token('full-test'),
    brandId: svc.brandIds[0],
    retry: { retries: 0 },
  });

function request(content: string, date = inHours(40)): PostCreateRequest {
  const targets = svc
    .integrations(0)
    .filter((i) => !i.disconnected && (i.platform === 'x' || i.platform === 'bluesky'));
  return {
    type: 'schedule',
    date,
    shortLink: false,
    posts: targets.map((t) => ({
      integration: { id: t.id },
      value: [{ content }],
      settings: { __type: t.platform },
    })),
  };
}

async function copiesOf(body: PostCreateRequest): Promise<number> {
  const center = Date.parse(body.date);
  const listed = await svc
    .client()
    .listPosts(new Date(center - 3_600_000).toISOString(), new Date(center + 3_600_000).toISOString());
  const content = body.posts![0]!.value[0]!.content;
  return listed.filter((p) => p.content === content).length;
}

describe('createPostsSafely', () => {
  it('finds the post when the answer was lost after the service created it, and sends nothing more', async () => {
    const body = request(`lost answer ${Date.now()}`);
    plan = ['forwardThenCut'];
    const result = await createPostsSafely(viaProxy(), body);
    expect(result).toHaveLength(body.posts!.length);
    expect(new Set(result.map((r) => r.group)).size).toBe(1);
    expect(await copiesOf(body)).toBe(body.posts!.length);
    expect(proxy.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('sends again once when the request never reached the service', async () => {
    const body = request(`never arrived ${Date.now()}`);
    plan = ['cutBeforeForward'];
    const result = await createPostsSafely(viaProxy(), body);
    expect(result.every((r) => r.postId.startsWith('post_'))).toBe(true);
    expect(proxy.requests.filter((r) => r.method === 'POST')).toHaveLength(2);
    expect(await copiesOf(body)).toBe(body.posts!.length);
  });

  it('an earlier attempt that may have gone through (a crash) is looked for before sending', async () => {
    const body = request(`before crash ${Date.now()}`);
    const first = await svc.client().createPosts(body);
    const again = await createPostsSafely(viaProxy(), body, { mayAlreadyExist: true });
    expect(again.map((r) => r.postId).sort()).toEqual(first.map((r) => r.postId).sort());
    expect(await copiesOf(body)).toBe(body.posts!.length);
  });

  it('keeps the ambiguity when the service cannot be asked, so the caller retries later', async () => {
    const body = request(`still unsure ${Date.now()}`);
    const dead = await startScriptedServer();
    dead.handle((_req, res) => {
      res.socket?.destroy();
    });
    const api = new ApiClient({
      baseUrl: dead.baseUrl,
      apiKey: svc.token('full-test'),
      brandId: svc.brandIds[0],
      retry: { retries: 0 },
    });
    const error = await createPostsSafely(api, body).catch((e: unknown) => e);
    await dead.close();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).ambiguous).toBe(true);
    expect(dead.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('a plain refusal is not looked for nor resent', async () => {
    const body = request('x'.repeat(500));
    const error = await createPostsSafely(viaProxy(), body).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(400);
    expect(proxy.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
  });
});

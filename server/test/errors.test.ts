import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../shared/api/endpoints.js';
import { ErrorBody } from '../../shared/api/errors.js';
import { MAX_JSON_NESTING } from '../../shared/json/nesting.js';
import type { RunningService } from '../index.js';
import { as, call, expectError, serviceWithFullKey, world } from './helpers.js';

/**
 * What the service's nesting check looked at, call by call: each object or array it opened (read the
 * children of). The check itself is the real one, run on a view of the parsed body that counts.
 */
const nestingChecks = vi.hoisted(() => [] as { opened: number; refused: boolean }[]);
vi.mock('../../shared/json/nesting.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../shared/json/nesting.js')>();
  const counted = (value: unknown, opened: Set<object>): unknown => {
    if (value === null || typeof value !== 'object') return value;
    return new Proxy(value, {
      get: (target, key, receiver) => {
        opened.add(target);
        return counted(Reflect.get(target, key, receiver), opened);
      },
      ownKeys: (target) => {
        opened.add(target);
        return Reflect.ownKeys(target);
      },
    });
  };
  return {
    ...real,
    nestsDeeperThan: (value: unknown, limit?: number) => {
      const opened = new Set<object>();
      const refused = real.nestsDeeperThan(counted(value, opened), limit);
      nestingChecks.push({ opened: opened.size, refused });
      return refused;
    },
  };
});

let s: RunningService;
let api: ReturnType<typeof as>;

beforeAll(async () => ({ s, api } = await serviceWithFullKey()));
afterAll(() => s.close());

describe('every failure answers the error body, never HTML, a stack trace or a 500', () => {
  it('unknown routes: 404 NOT_FOUND in JSON, inside and outside /v1', async () => {
    for (const path of [
      '/v1/nope',
      '/v1/posts/a/b/c',
      '/',
      '/v2/posts',
      '/cdn/missing.png',
      '/cdn/../service.db',
    ]) {
      const res = await call(s.origin + path, { headers: api.headers });
      expectError(res, 404, 'NOT_FOUND');
      expect(res.headers.get('content-type')).toContain('application/json');
    }
  });

  it('a known path with the wrong method: 405 METHOD_NOT_ALLOWED with Allow', async () => {
    const res = await call(`${s.baseUrl}/me`, { method: 'DELETE', headers: api.headers });
    expectError(res, 405, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET');
    expect(
      (await call(`${s.baseUrl}/posts`, { method: 'PATCH', headers: api.headers })).headers.get('allow'),
    ).toBe('POST, GET');
  });

  it('malformed JSON: 400 INVALID_JSON', async () => {
    for (const body of ['{', '{"type": "draft",}', 'nul', '{"a":1}{"b":2}', '\u0000']) {
      const res = await api.raw('/posts', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expectError(res, 400, 'INVALID_JSON');
    }
    expectError(
      await api.raw('/posts', { method: 'POST', body: '', headers: { 'content-type': 'application/json' } }),
      400,
      'INVALID_JSON',
    );
    expectError(
      await api.raw('/posts/post_x/date', {
        method: 'PUT',
        body: ' ',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'INVALID_JSON',
    );
  });

  it('"Content-Type: application/json" without a body is fine where no body is expected', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await api.raw('/me', { headers: json })).status).toBe(200);
    expectError(await api.raw('/posts/group_none', { method: 'DELETE', headers: json }), 404, 'NOT_FOUND');
  });

  it('JSON prototype pollution attempts are refused, not merged', async () => {
    const res = await api.raw('/posts', {
      method: 'POST',
      body: '{"__proto__": {"admin": true}, "type": "draft", "date": "2099-01-01T00:00:00Z", "shortLink": false}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    ErrorBody.parse(res.body);
  });

  it('a body that is not JSON: 415 UNSUPPORTED_CONTENT_TYPE', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await api.raw('/posts', {
        method: 'POST',
        body: 'type=draft',
        headers: { 'content-type': type },
      });
      expectError(res, 415, 'UNSUPPORTED_CONTENT_TYPE');
    }
    const none = await api.raw('/posts/post_x/date', {
      method: 'PUT',
      body: new Blob(['{"date":"2099-01-01T00:00:00Z"}']),
    });
    expectError(none, 415, 'UNSUPPORTED_CONTENT_TYPE');
  });

  it('a huge body: 413 PAYLOAD_TOO_LARGE, and the service keeps serving', async () => {
    const huge = JSON.stringify({
      type: 'draft',
      date: '2099-01-01T00:00:00Z',
      shortLink: false,
      posts: [],
      pad: 'x'.repeat(3 * 1024 * 1024),
    });
    expectError(
      await api.raw('/posts', {
        method: 'POST',
        body: huge,
        headers: { 'content-type': 'application/json' },
      }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect((await api.get('/me')).status).toBe(200);
  });

  it('a malformed URL or query: a 4xx error body', async () => {
    const res = await call(`${s.baseUrl}/posts/%E0%A4%A`, { headers: api.headers });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    ErrorBody.parse(res.body);
    const q = await call(`${s.baseUrl}/posts?startDate[]=1&endDate=2`, { headers: api.headers });
    expectError(q, 400, 'VALIDATION_ERROR');
  });

  it('errors never leak a key or a stack', async () => {
    const res = await call(`${s.baseUrl}/me`, {
      headers: { authorization: 'Bearer pst_live_leakme', 'x-brand-id': 'x' },
    });
    expect(res.text).not.toContain('leakme');
    expect(res.text).not.toMatch(/at .*\.ts:\d+/);
  });
});

/** Sends raw bytes on a new connection; resolves with all that came back once the service closes it. */
function rawExchange(bytes: string | Buffer): Promise<string> {
  const url = new URL(s.origin);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the connection was not closed within 10 s; got: ${received}`));
    }, 10_000);
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (received += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

/** The status and the parsed error body of a raw HTTP answer. */
function rawAnswer(text: string): { status: number; body: unknown } {
  const headEnd = text.indexOf('\r\n\r\n');
  return { status: Number(text.split(' ')[1]), body: JSON.parse(text.slice(headEnd + 4)) };
}

describe('what node refuses before routing answers the error body too, then closes', () => {
  const auth = () => `Authorization: Bearer ${api.token}\r\nX-Brand-Id: ${world(s).brand1.id}\r\n`;

  it('headers too large: 431 HEADERS_TOO_LARGE', async () => {
    const text = await rawExchange(
      `GET /v1/me HTTP/1.1\r\nHost: x\r\n${auth()}X-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expectError(rawAnswer(text), 431, 'HEADERS_TOO_LARGE');
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
  });

  it.each([
    ['a NUL byte in a header', `GET /v1/me HTTP/1.1\r\nHost: x\r\n${'X-A: a\u0000b\r\n'}\r\n`],
    [
      'Content-Length with Transfer-Encoding',
      'POST /v1/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /v1/me HTTP/1.1\r\nHost: x\r\n\r\n',
    ],
    [
      'two different Content-Lengths',
      'POST /v1/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 30\r\n\r\n{}',
    ],
    [
      'an obfuscated Transfer-Encoding',
      'POST /v1/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked, identity\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    ],
    [
      'a bad chunk size',
      'POST /v1/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    ],
  ])('%s: 400 MALFORMED_REQUEST', async (_name, request) => {
    const text = await rawExchange(request.replace('Host: x\r\n', `Host: x\r\n${auth()}`));
    // One answer, the error, and nothing smuggled after it.
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expectError(rawAnswer(text), 400, 'MALFORMED_REQUEST');
  });
});

describe('bodies nested too deep', () => {
  const nested = (depth: number, open: string, close: string, inner: string) =>
    open.repeat(depth) + inner + close.repeat(depth);

  it.each([
    [
      'settings nested 5,000 levels',
      '/posts',
      (d: number) =>
        `{"type":"draft","date":"2099-01-01T00:00:00Z","shortLink":false,"posts":[{"integration":{"id":"x"},"value":[{"content":"hi"}],"settings":{"__type":"x","deep":${nested(d, '{"a":', '}', '1')}}}]}`,
    ],
    [
      'arrays nested 100,000 levels',
      '/posts',
      (d: number) =>
        `{"type":"draft","date":"2099-01-01T00:00:00Z","shortLink":false,"posts":${nested(d, '[', ']', '')}}`,
    ],
    [
      'a date body nested 5,000 levels',
      '/posts/post_x/date',
      (d: number) => `{"date":${nested(d, '[', ']', '"2099-01-01T00:00:00Z"')}}`,
    ],
  ])('%s: 400 VALIDATION_ERROR, at once', async (name, path, body) => {
    const depth = name.includes('100,000') ? 100_000 : 5_000;
    nestingChecks.length = 0;
    const res = await api.raw(path, {
      method: path === '/posts' ? 'POST' : 'PUT',
      body: body(depth),
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 400, 'VALIDATION_ERROR').toMatchObject({
      message: expect.stringContaining('nests deeper'),
    });
    // "At once": refused by the cap, the check stopping at the first branch too deep; it opened no
    // more than the levels down to the cap (and a few siblings above them), not the thousands below.
    // How long the whole request takes is bench's business.
    expect(nestingChecks).toHaveLength(1);
    expect(nestingChecks[0]?.refused).toBe(true);
    expect(nestingChecks[0]?.opened).toBeLessThanOrEqual(MAX_JSON_NESTING + 8);
  });

  it('a body nested 64 levels is still read (and judged on its content)', async () => {
    const res = await api.raw('/posts/post_x/date', {
      method: 'PUT',
      body: `{"date":"2099-01-01T00:00:00Z","x":${nested(62, '[', ']', '')}}`,
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 404, 'NOT_FOUND');
  });
});

describe('paths', () => {
  it('a trailing slash is the same endpoint: GET /v1/me/', async () => {
    expect((await call(`${s.baseUrl}/me/`, { headers: api.headers })).status).toBe(200);
    expect(
      (
        await call(`${s.baseUrl}/posts/?startDate=2099-01-01T00:00:00Z&endDate=2099-01-02T00:00:00Z`, {
          headers: api.headers,
        })
      ).status,
    ).toBe(200);
  });

  it('never answers 405 telling the caller to use the method it used', async () => {
    for (const path of ['/me/', `/posts/${'p'.repeat(150)}`]) {
      const res = await call(`${s.baseUrl}${path}`, { headers: api.headers });
      expect(res.text).not.toContain('use GET');
      expect(res.status).not.toBe(405);
    }
  });
});

describe('the OpenAPI reference at /v1/docs', () => {
  it('serves the interactive page', async () => {
    const page = await fetch(`${s.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/swagger/i);
  });

  it('describes all 11 endpoints, generated from the shared schemas', async () => {
    const res = await call<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    }>(`${s.baseUrl}/docs/json`);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    // Compared without parameter names: GET /posts/:id and DELETE /posts/:group are one template.
    const operations = Object.entries(res.body.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{\w+\}/g, '{}')}`),
    );
    const expected = Object.values(endpoints).map((e) => `${e.method} ${e.path.replace(/:\w+/g, '{}')}`);
    expect(operations.sort()).toEqual(expected.sort());
    expect(Object.keys(endpoints)).toHaveLength(11);
    const create = res.body.paths['/posts']?.post;
    expect(JSON.stringify(create?.requestBody)).toContain('commentDelays');
    expect(JSON.stringify(create?.requestBody)).toContain('1440');
  });
});

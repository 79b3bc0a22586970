import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../shared/api/errors.js';
import type { RunningService } from '../index.js';
import { as, inMinutes, startTestService, world } from './helpers.js';

/*
 * A bounded fuzz of the local service over real sockets: generated paths, queries, headers, JSON
 * bodies (valid requests with one part broken, and garbage), raw bytes and multipart forms against
 * every endpoint. For each request: never a 5xx, every refusal carries the API's error body with
 * its own status, an answer (a hang detector, not a speed limit); after the run the service still
 * answers.
 * Generated URLs for upload-from-url are never public hosts: nothing here leaves the machine.
 */

/**
 * A hang detector, not a speed limit: a request the service never answers (a
 * stuck loop, a read that never ends) fails here, and any answer at all comes far within it,
 * however loaded the machine. The service's speed is bench/service.bench.ts's.
 */
const HANG_MS = 20_000;
const RUNS = Number(process.env.HTTP_FUZZ_RUNS ?? 500);

let s: RunningService;
let headers: Record<string, string>;
let integrationX: string;

beforeAll(async () => {
  s = await startTestService({ allowPrivateUrls: false });
  headers = as(s, 'full-live').headers;
  integrationX = world(s).byPlatform('x');
});

afterAll(async () => {
  await s?.close();
});

interface Answer {
  status: number;
  text: string;
  contentType: string;
}

async function send(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: RequestInit['body'] } = {},
): Promise<Answer> {
  const hang = AbortSignal.timeout(HANG_MS);
  let res: Response;
  let text: string;
  try {
    res = await fetch(s.origin + path, {
      method,
      redirect: 'manual',
      headers: init.headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : init.body,
      signal: hang,
    });
    text = await res.text();
  } catch (error) {
    if (hang.aborted)
      throw new Error(`${method} ${path.slice(0, 200)}: no answer within ${HANG_MS} ms: a hang`, {
        cause: error,
      });
    throw error;
  }
  return { status: res.status, text, contentType: res.headers.get('content-type') ?? '' };
}

/** fast-check's own report prints the whole counterexample, which here can be megabytes of nesting. */
function shortReport<T>(details: fc.RunDetails<T>): void {
  if (!details.failed) return;
  const example = JSON.stringify(details.counterexample) ?? '';
  const cause =
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Property failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath ?? ''}).\n` +
      `Counterexample (${example.length} chars): ${example.slice(0, 600)}\nCause: ${cause.slice(0, 1_000)}`,
  );
}

function fuzzOptions<T>(numRuns: number): fc.Parameters<T> {
  return {
    numRuns,
    seed: 15,
    endOnFailure: true,
    asyncReporter: async (d: fc.RunDetails<T>) => shortReport(d),
  };
}

/** The property every answer to bad input must have. */
function expectContract(answer: Answer, what: string): void {
  expect(answer.status, `${what} → ${answer.status} ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  if (answer.status >= 400 && answer.status !== 405 && answer.contentType.includes('json')) {
    const body = ErrorBody.safeParse(JSON.parse(answer.text));
    expect(body.success, `${what} → ${answer.text.slice(0, 300)}`).toBe(true);
    if (body.success) expect(body.data.statusCode).toBe(answer.status);
  } else if (answer.status >= 400) {
    expect(answer.contentType, `${what} → ${answer.status} without a JSON error body`).toContain('json');
  }
}

async function stillAnswers(): Promise<void> {
  const me = await send('GET', '/v1/me', { headers });
  expect(me.status).toBe(200);
}

/** Path segments as a hostile client writes them. */
const segment = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%00',
    '%ff',
    '%',
    '%zz',
    'post_' + 'a'.repeat(5000),
    '€',
    '%E2%82%AC',
    '\\',
    ';',
    'a?b#c',
  ),
);

const ENDPOINTS: { method: string; path: (p: string) => string }[] = [
  { method: 'GET', path: () => '/v1/me' },
  { method: 'GET', path: () => '/v1/brands' },
  { method: 'GET', path: (p) => `/v1/brands/${p}` },
  { method: 'POST', path: () => '/v1/media/upload' },
  { method: 'POST', path: () => '/v1/media/upload-from-url' },
  { method: 'POST', path: () => '/v1/posts' },
  { method: 'GET', path: () => '/v1/posts' },
  { method: 'GET', path: (p) => `/v1/posts/${p}` },
  { method: 'PUT', path: (p) => `/v1/posts/${p}/date` },
  { method: 'DELETE', path: (p) => `/v1/posts/${p}` },
  { method: 'GET', path: () => '/v1/analytics/insights/profile' },
  { method: 'GET', path: (p) => `/s/${p}` },
  { method: 'GET', path: (p) => `/cdn/${p}` },
];

const query = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('startDate', 'endDate', 'integrationId', 'x', '__proto__', 'startDate[]'),
        fc.string({ maxLength: 10 }),
      ),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.constantFrom('', '9'.repeat(400), 'NaN'),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) =>
    pairs.length
      ? '?' + pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
      : '',
  );

/**
 * JSON text of any kind, some of it nested far deeper than any real request (written as text:
 * JSON.stringify itself overflows on such values, which is the point of sending them).
 */
const jsonText = fc.oneof(
  { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null') },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 100, max: 30_000 }), fc.boolean())
      .map(([depth, array]) =>
        array ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      ),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('a.'.repeat(100_000), '\u0000', '\uD800', 'https://example.com/€', -1, 1e308)
      .map((v) => JSON.stringify(v)),
  },
);

const PLACEHOLDER = '"__fuzz__"';

/** A valid create request with one part replaced by something else. */
const brokenCreate = fc
  .tuple(
    fc.constantFrom(
      'type',
      'date',
      'shortLink',
      'posts',
      'posts.0',
      'posts.0.integration',
      'posts.0.value',
      'posts.0.value.0.content',
      'posts.0.value.0.image',
      'posts.0.settings',
      'posts.0.settings.__type',
      'posts.0.commentDelays',
      'posts.0.settings.extra',
      'posts.0.value.0.extra',
      'posts.0.integration.extra',
      'extra',
    ),
    jsonText,
    fc.constantFrom('schedule', 'draft', 'now'),
  )
  .map(([where, value, type]) => {
    const body: Record<string, unknown> = {
      type,
      date: inMinutes(60 * 24),
      shortLink: true,
      posts: [
        {
          integration: { id: integrationX },
          value: [{ content: 'Fuzz https://example.com/a', image: [] }],
          settings: { __type: 'x' },
        },
      ],
    };
    const keys = where.split('.');
    let target: Record<string, unknown> = body;
    for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
    target[keys.at(-1) as string] = JSON.parse(PLACEHOLDER);
    return JSON.stringify(body).replace(PLACEHOLDER, () => value);
  });

/** URLs for upload-from-url that never name a public host. */
const localUrl = fc.oneof(
  fc.constantFrom(
    'http://127.0.0.1/x.png',
    'http://[::1]/x.png',
    'http://[::ffff:127.0.0.1]/x.png',
    'http://0x7f.1/x.png',
    'http://2130706433/x.png',
    'http://localhost./x.png',
    'http://10.0.0.1/x.png',
    'http://169.254.169.254/latest/meta-data',
    'file:///etc/passwd',
    'data:image/png;base64,AAAA',
    'gopher://127.0.0.1:25/',
    'http://user:pass@127.0.0.1:1/',
    'not a url',
    '',
  ),
  fc.string({ maxLength: 50 }).filter((t) => !/^[a-z]+:\/\//i.test(t)),
);

const dateBody = fc
  .oneof(
    fc.string().map((t) => JSON.stringify(t)),
    fc.date({ noInvalidDate: true }).map((d) => JSON.stringify(d.toISOString())),
    jsonText,
  )
  .map((date) => `{"date":${date}}`);

const body = fc.oneof(
  brokenCreate,
  jsonText,
  fc.record({ url: localUrl }).map((v) => JSON.stringify(v)),
  dateBody,
  fc.string({ maxLength: 200 }),
  fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b).toString('latin1')),
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-8; boundary=x',
  '',
);

const auth = fc.oneof(
  { weight: 6, arbitrary: fc.constant('ok') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Bearer ',
      'Basic abc',
      'Bearer pst_live_' + 'x'.repeat(4000),
      'bearer pst_test_nope',
    ),
  },
);

const brandHeader = fc.oneof(
  { weight: 6, arbitrary: fc.constant('ok') },
  { weight: 1, arbitrary: fc.constantFrom('', 'brand_nope', 'b'.repeat(2000)) },
);

/** Bodies that reach further into each endpoint than garbage would. */
const bodyFor = (method: string, path: string): fc.Arbitrary<string> => {
  if (method === 'POST' && path === '/v1/posts')
    return fc.oneof({ weight: 4, arbitrary: brokenCreate }, { weight: 1, arbitrary: body });
  if (path.endsWith('/upload-from-url'))
    return fc.oneof(
      fc.record({ url: localUrl }).map((v) => JSON.stringify(v)),
      body,
    );
  if (method === 'PUT') return dateBody;
  return body;
};

describe('the service, fed generated requests', () => {
  for (const endpoint of ENDPOINTS) {
    const name = `${endpoint.method} ${endpoint.path(':param')}`;
    it(`answers ${name} without a 5xx, with the error body, in time`, async () => {
      await fc.assert(
        fc.asyncProperty(
          segment,
          query,
          bodyFor(endpoint.method, endpoint.path(':param')),
          fc.oneof(
            { weight: 4, arbitrary: fc.constant('application/json') },
            { weight: 1, arbitrary: contentType },
          ),
          auth,
          brandHeader,
          async (seg, q, payload, type, key, brand) => {
            const h: Record<string, string> = {
              authorization: key === 'ok' ? (headers.authorization as string) : key,
            };
            if (brand === 'ok') h['x-brand-id'] = headers['x-brand-id'] as string;
            else if (brand !== '') h['x-brand-id'] = brand;
            if (type !== '') h['content-type'] = type;
            const path = endpoint.path(seg) + q;
            const answer = await send(endpoint.method, path, { headers: h, body: payload });
            expectContract(
              answer,
              `${endpoint.method} ${path.slice(0, 120)} ${type} ${payload.slice(0, 120)}`,
            );
          },
        ),
        fuzzOptions(endpoint.method === 'POST' ? RUNS * 3 : RUNS),
      );
      await stillAnswers();
    }, 120_000);
  }

  it('answers generated multipart forms on the upload endpoint', async () => {
    const part = fc.record({
      field: fc.constantFrom('file', 'file', 'other', '', 'file[]'),
      filename: fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 30 }),
        fc.constantFrom('../../x.png', 'a\u0000.png', '€.png'),
      ),
      type: fc.constantFrom('image/png', 'video/mp4', 'text/plain', 'application/octet-stream', ''),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 4000 }),
        // A PNG signature followed by garbage: sniffed as an image, broken inside.
        fc
          .uint8Array({ maxLength: 2000 })
          .map((b) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...b])),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 3 }), async (parts) => {
        const form = new FormData();
        for (const p of parts) {
          if (p.filename === undefined) form.append(p.field, Buffer.from(p.bytes).toString('latin1'));
          else form.append(p.field, new Blob([p.bytes], { type: p.type }), p.filename);
        }
        const answer = await send('POST', '/v1/media/upload', { headers: { ...headers }, body: form });
        expectContract(answer, `upload of ${parts.length} parts`);
        if (parts.filter((p) => p.filename !== undefined).length > 1) {
          expect(answer.status, 'two files in one form').toBeGreaterThanOrEqual(400);
        }
      }),
      fuzzOptions(RUNS),
    );
    await stillAnswers();
  }, 120_000);

  it('answers raw requests with hostile header bytes with the error body, and keeps answering', async () => {
    const headerLine = fc.oneof(
      fc.string({ maxLength: 60 }).map((v) => `X-Fuzz: ${v}`),
      fc.uint8Array({ minLength: 1, maxLength: 60 }).map(
        (b) =>
          `X-Fuzz: ${Buffer.from(b)
            .toString('latin1')
            .replace(/[\r\n]/g, '')}`,
      ),
      fc.constantFrom(
        'X-Nul: a\u0000b',
        'Transfer-Encoding: chunked\r\nContent-Length: 5',
        'Content-Length: 5\r\nContent-Length: 6',
        'Transfer-Encoding: chunked, identity',
        ' X-Folded: yes',
        'X-Big: ' + 'a'.repeat(20_000),
        'Host: ',
        'Content-Length: -1',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET /v1/me', 'POST /v1/posts', 'GET /v1/posts?startDate=x'),
        headerLine,
        async (start, line) => {
          const raw =
            `${start} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${headers.authorization}\r\nx-brand-id: ${headers['x-brand-id']}\r\n` +
            `${line}\r\nConnection: close\r\n\r\n`;
          const answer = await rawExchange(raw);
          const [statusLine = '', ...rest] = answer.split('\r\n');
          const status = Number(statusLine.split(' ')[1]);
          expect(status, `${line.slice(0, 80)} → ${statusLine}`).toBeGreaterThan(0);
          expect(status, `${line.slice(0, 80)} → ${statusLine}`).toBeLessThan(500);
          if (status >= 400 && status !== 405) {
            const text = rest.join('\r\n').split('\r\n\r\n').slice(1).join('\r\n\r\n');
            const parsed = ErrorBody.safeParse(JSON.parse(text.trim() || 'null'));
            expect(parsed.success, `${line.slice(0, 80)} → ${answer.slice(0, 300)}`).toBe(true);
          }
        },
      ),
      fuzzOptions(RUNS),
    );
    await stillAnswers();
  }, 120_000);
});

/** Writes raw bytes on a fresh connection and reads until the service closes it (bounded). */
function rawExchange(raw: string): Promise<string> {
  const url = new URL(s.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${HANG_MS} ms (a hang) to ${raw.slice(0, 120)}`));
    }, HANG_MS);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks).toString('latin1'));
    });
    socket.end(raw, 'latin1');
  });
}

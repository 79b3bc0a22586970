import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, type EndpointDef, type EndpointName } from '../../shared/api/endpoints.js';
import { ErrorBody } from '../../shared/api/errors.js';
import { PostCreateResponse, PostListResponse } from '../../shared/api/resources.js';
import { buildOpenApiDocument } from '../http/openapi.js';
import type { RunningService } from '../index.js';
import { MAX_LIST_RANGE_DAYS } from '../routes/posts.js';
import { sandboxKey, type SandboxKeyLabel } from '../sandbox-file.js';
import { pngBytes } from './fixtures.js';
import { call, inMinutes, range, startTestService, world } from './helpers.js';

/*
 * The OpenAPI document at /v1/docs/json must say what the service does: a valid OpenAPI 3.0
 * document, every route the service registered in it and nothing else, and every answer a route
 * gives (the generic ones too) documented for that route.
 */

const Operation = z.object({
  operationId: z.string().min(1),
  parameters: z.array(
    z.object({
      name: z.string().min(1),
      in: z.enum(['path', 'query', 'header', 'cookie']),
      required: z.boolean(),
    }),
  ),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  responses: z.record(
    z.string().regex(/^[1-5]\d\d$/),
    z.object({ description: z.string().min(1), content: z.record(z.string(), z.unknown()).optional() }),
  ),
});
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const OpenApiDocument = z.object({
  openapi: z.string().regex(/^3\.0\.\d+$/),
  info: z.object({ title: z.string().min(1), version: z.string().min(1) }),
  paths: z.record(z.string().regex(/^\//), z.partialRecord(z.enum(METHODS), Operation)),
  components: z.object({ securitySchemes: z.record(z.string(), z.object({ type: z.string() })) }),
  security: z.array(z.record(z.string(), z.array(z.string()))),
});
type OpenApiDocument = z.infer<typeof OpenApiDocument>;
type Operation = z.infer<typeof Operation>;

/** A path with its parameters' names left out: OpenAPI treats templates equal in this shape as one. */
const shapeOf = (path: string) => path.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}');

let s: RunningService;
/** Rate limited to one request per key, loopback names only, no storage: for 421, 429 and 402. */
let strict: RunningService;
let doc: OpenApiDocument;

function operationOf(method: string, path: string): Operation | undefined {
  const template = Object.keys(doc.paths).find((p) => shapeOf(p) === shapeOf(path));
  const ops = template ? doc.paths[template] : undefined;
  return ops?.[method.toLowerCase() as (typeof METHODS)[number]];
}

beforeAll(async () => {
  s = await startTestService({ tickMs: 60_000 });
  strict = await startTestService({
    tickMs: 60_000,
    rateLimit: { count: 1, seconds: 600 },
    allowedHosts: 'loopback',
    storageLimitBytes: 1,
  });
  const res = await call(`${s.baseUrl}/docs/json`);
  expect(res.status).toBe(200);
  doc = OpenApiDocument.parse(res.body);
});
afterAll(async () => {
  await s?.close();
  await strict?.close();
});

describe('the OpenAPI document', () => {
  it('is the one the service serves, a valid OpenAPI 3.0 document', () => {
    expect(doc).toEqual(OpenApiDocument.parse(buildOpenApiDocument('/v1')));
    // "Templated paths with the same hierarchy but different templated names MUST NOT exist."
    const shapes = Object.keys(doc.paths).map(shapeOf);
    expect(shapes).toEqual([...new Set(shapes)]);
    const ids: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const op of Object.values(ops)) {
        ids.push(op.operationId);
        // Each template parameter is declared, required, once; and no other path parameter is.
        const declared = op.parameters.filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${path} ${op.operationId}`).toEqual(inTemplate);
        expect(declared.every((p) => p.required)).toBe(true);
        for (const requirement of op.security ?? doc.security) {
          for (const scheme of Object.keys(requirement))
            expect(doc.components.securitySchemes).toHaveProperty(scheme);
        }
      }
    }
    expect(ids).toEqual([...new Set(ids)]);
  });

  it('documents every route the service registered under /v1, and nothing it did not register', () => {
    const api = s.routes.filter((r) => r.url.startsWith('/v1/') && !r.url.startsWith('/v1/docs'));
    const registered = new Set(api.map((r) => `${r.method} ${r.url}`));
    for (const route of api) {
      // Fastify answers HEAD for every GET route; OpenAPI documents it with the GET.
      const method = route.method === 'HEAD' && registered.has(`GET ${route.url}`) ? 'GET' : route.method;
      expect(
        operationOf(method, route.url.slice('/v1'.length)),
        `${route.method} ${route.url}`,
      ).toBeDefined();
    }
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const found = api.some(
          (r) => r.method === method.toUpperCase() && shapeOf(r.url) === shapeOf(`/v1${path}`),
        );
        expect(found, `${method.toUpperCase()} ${path} is documented but not registered`).toBe(true);
      }
    }
  });

  it("GET /posts documents its range answers: end before start, more than the range's days", () => {
    const description = operationOf('GET', '/posts')?.responses['400']?.description ?? '';
    expect(description).toContain(`${MAX_LIST_RANGE_DAYS} days`);
    expect(description).toMatch(/endDate lies before startDate/);
  });
});

/** One request on a raw socket, so any header (Host, a huge one) goes as written. */
function exchange(
  service: RunningService,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(service.origin);
  const head =
    `${method} /v1${path} HTTP/1.1\r\n` +
    Object.entries({
      host: url.host,
      connection: 'close',
      ...(body ? { 'content-length': String(body.length) } : {}),
      ...headers,
    })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.write(head);
      if (body) socket.write(body);
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${method} ${path} within 10 s`));
    }, 10_000);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const headEnd = text.indexOf('\r\n\r\n');
      const rest = text.slice(headEnd + 4);
      let parsed: unknown = rest;
      try {
        parsed = JSON.parse(rest);
      } catch {
        // Not JSON: kept as text, which the error-body check then reports.
      }
      resolve({ status: Number(text.split(' ')[1]), body: parsed });
    });
  });
}

interface Call {
  path: string;
  contentType?: string;
  body?: Buffer;
}

interface Probe {
  what: string;
  service: RunningService;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  expect: number;
}

const json = (value: unknown): Pick<Call, 'contentType' | 'body'> => ({
  contentType: 'application/json',
  body: Buffer.from(JSON.stringify(value)),
});

function multipart(bytes: Buffer, name: string): Pick<Call, 'contentType' | 'body'> {
  const boundary = 'openapi-test-boundary';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const READS_BODY = new Set(['POST', 'PUT', 'DELETE']);

describe('every answer a route gives is documented for it', () => {
  it('the generic answers and each endpoint’s own', async () => {
    const w = world(s);
    const key = (label: SandboxKeyLabel, service = s) => sandboxKey(service.sandbox, label).token;
    const auth = (label: SandboxKeyLabel = 'full-live', brand = w.brand1.id, service = s) => ({
      authorization: `Bearer ${key(label, service)}`,
      'x-brand-id': brand,
    });
    const x = w.byPlatform('x');
    const draft = async () => {
      const res = await call(`${s.baseUrl}/posts`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'draft',
          date: inMinutes(600),
          shortLink: false,
          posts: [{ integration: { id: x }, value: [{ content: 'Documented' }], settings: { __type: 'x' } }],
        }),
      });
      const [item] = PostCreateResponse.parse(res.body);
      if (!item) throw new Error('no draft created');
      return item;
    };
    const [toRead, toMove, toDelete] = [await draft(), await draft(), await draft()];
    const listed = await call(`${s.baseUrl}/posts?${range(40)}`, { headers: auth() });
    const published = PostListResponse.parse(listed.body).posts.find((p) => p.state === 'published');
    if (!published) throw new Error('the sandbox seeds no published post');
    const png = await pngBytes(8, 8);
    const createBody = (date: string, type = 'draft') => ({
      type,
      date,
      shortLink: false,
      posts: [{ integration: { id: x }, value: [{ content: 'Documented' }], settings: { __type: 'x' } }],
    });
    const q = (start: string, end: string) =>
      `startDate=${encodeURIComponent(start)}&endDate=${encodeURIComponent(end)}`;

    /** A valid call of each endpoint, and the calls that give its own answers. */
    const calls: Record<EndpointName, { valid: Call; own: (Call & { expect: number; what: string })[] }> = {
      getMe: { valid: { path: '/me' }, own: [] },
      listBrands: { valid: { path: '/brands' }, own: [] },
      getBrand: {
        valid: { path: `/brands/${w.brand1.id}` },
        own: [{ what: 'unknown brand', path: '/brands/brand_nope', expect: 404 }],
      },
      uploadMedia: {
        valid: { path: '/media/upload', ...multipart(png, 'a.png') },
        own: [
          {
            what: 'not an image',
            path: '/media/upload',
            ...multipart(Buffer.from('plain text'), 'a.txt'),
            expect: 415,
          },
          { what: 'no file', path: '/media/upload', ...multipart(Buffer.alloc(0), 'a.png'), expect: 400 },
        ],
      },
      uploadMediaFromUrl: {
        valid: { path: '/media/upload-from-url', ...json({ url: 'http://127.0.0.1:1/a.png' }) },
        own: [
          {
            what: 'a private address',
            path: '/media/upload-from-url',
            ...json({ url: 'http://127.0.0.1:1/a.png' }),
            expect: 400,
          },
          { what: 'not a URL', path: '/media/upload-from-url', ...json({ url: 'nope' }), expect: 400 },
        ],
      },
      createPosts: {
        valid: { path: '/posts', ...json(createBody(inMinutes(600))) },
        own: [
          {
            what: 'a schedule in the past',
            path: '/posts',
            ...json(createBody(inMinutes(-5), 'schedule')),
            expect: 400,
          },
          {
            what: 'a date outside 0000-9999',
            path: '/posts',
            ...json(createBody('9999-12-31T23:59:59-01:00')),
            expect: 400,
          },
          {
            what: 'invalid JSON',
            path: '/posts',
            contentType: 'application/json',
            body: Buffer.from('{'),
            expect: 400,
          },
        ],
      },
      listPosts: {
        valid: { path: `/posts?${range(10)}` },
        own: [
          { what: 'end before start', path: `/posts?${q(inMinutes(60), inMinutes(0))}`, expect: 400 },
          {
            what: `more than ${MAX_LIST_RANGE_DAYS} days`,
            path: `/posts?${q(inMinutes(0), inMinutes((MAX_LIST_RANGE_DAYS + 1) * 1440))}`,
            expect: 400,
          },
          { what: 'no dates', path: '/posts', expect: 400 },
        ],
      },
      getPost: {
        valid: { path: `/posts/${toRead.postId}` },
        own: [{ what: 'unknown post', path: '/posts/post_nope', expect: 404 }],
      },
      reschedulePost: {
        valid: { path: `/posts/${toMove.postId}/date`, ...json({ date: inMinutes(900) }) },
        own: [
          {
            what: 'unknown post',
            path: '/posts/post_nope/date',
            ...json({ date: inMinutes(900) }),
            expect: 404,
          },
          {
            what: 'published',
            path: `/posts/${published.id}/date`,
            ...json({ date: inMinutes(900) }),
            expect: 409,
          },
        ],
      },
      deleteGroup: {
        valid: { path: `/posts/${toDelete.group}` },
        own: [{ what: 'unknown group', path: '/posts/group_nope', expect: 404 }],
      },
      getProfileAnalytics: {
        valid: { path: `/analytics/insights/profile?integrationId=${x}` },
        own: [
          {
            what: 'unknown account',
            path: '/analytics/insights/profile?integrationId=int_nope',
            expect: 404,
          },
        ],
      },
    };

    const probes: Probe[] = [];
    const probe = (
      op: EndpointName,
      what: string,
      c: Call,
      headers: Record<string, string>,
      expect: number,
      more: Partial<Probe> = {},
    ) => {
      const def: EndpointDef = endpoints[op];
      probes.push({
        what: `${def.method} ${def.path}: ${what}`,
        service: s,
        method: def.method,
        path: c.path,
        headers: { ...headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
        ...(c.body ? { body: c.body } : {}),
        expect,
        ...more,
      });
    };
    for (const [op, { valid, own }] of Object.entries(calls) as [
      EndpointName,
      (typeof calls)[EndpointName],
    ][]) {
      const def: EndpointDef = endpoints[op];
      const lacking: SandboxKeyLabel = def.scope === 'analytics:read' ? 'media-write' : 'analytics-read';
      probe(op, 'no key', valid, { 'x-brand-id': w.brand1.id }, 401);
      probe(
        op,
        'an unknown key',
        valid,
        { authorization: 'Bearer pst_live_nope', 'x-brand-id': w.brand1.id },
        401,
      );
      probe(
        op,
        'no brand',
        valid,
        { authorization: auth().authorization },
        def.brandHeader === 'optional' ? def.status : 400,
      );
      probe(op, 'another organization’s brand', valid, auth('full-live', w.brand3.id), 403);
      probe(op, 'a key without the scope', valid, auth(lacking), 403);
      probe(op, 'headers over 16 KiB', valid, { ...auth(), 'x-big': 'a'.repeat(40_000) }, 431);
      probe(op, 'another method on its path', valid, auth(), 405, { method: 'PATCH' });
      if (READS_BODY.has(def.method)) {
        probe(
          op,
          'a body that is not JSON',
          { path: valid.path, contentType: 'application/xml', body: Buffer.from('<hi/>') },
          auth(),
          415,
        );
        const big = Buffer.from(JSON.stringify({ padding: 'a'.repeat(3 * 1024 * 1024) }));
        probe(
          op,
          'a JSON body over 2 MiB',
          { path: valid.path, contentType: 'application/json', body: big },
          auth(),
          413,
        );
      }
      probe(
        op,
        'a Host that is not loopback',
        valid,
        {
          ...auth('full-live', strict.sandbox.organizations[0]?.brands[0]?.id ?? '', strict),
          host: 'evil.example',
        },
        421,
        { service: strict },
      );
      for (const c of own) probe(op, c.what, c, auth(), c.expect);
      // Last: a valid call succeeds (the delete removes its group, the move moves its draft).
      if (op !== 'uploadMediaFromUrl') probe(op, 'valid', valid, auth(), def.status);
    }
    // The strict service: the media key's first request meets the storage limit, its second the rate limit.
    const strictAuth = auth('media-write', strict.sandbox.organizations[0]?.brands[0]?.id ?? '', strict);
    probe('uploadMedia', 'over the storage limit', calls.uploadMedia.valid, strictAuth, 402, {
      service: strict,
    });
    for (const op of Object.keys(calls) as EndpointName[]) {
      probe(op, 'over the rate limit', calls[op].valid, strictAuth, 429, { service: strict });
    }

    const undocumented: string[] = [];
    for (const p of probes) {
      const res = await exchange(p.service, p.method, p.path, p.headers, p.body);
      expect(res.status, `${p.what}: ${JSON.stringify(res.body)}`).toBe(p.expect);
      // 405 is documented on the operations of the path it was answered on.
      const template = p.path.split('?')[0] ?? '';
      const ops =
        p.method === 'PATCH'
          ? Object.values(endpoints)
              .filter((e) => new RegExp(`^${e.path.replace(/:[^/]+/g, '[^/]+')}$`).test(template))
              .map((e) => operationOf(e.method, e.path))
          : [operationOf(p.method, endpointPathOf(p.method, template))];
      for (const op of ops) {
        // Whether the brand header is required, as the service showed it when it was left out.
        if (!('x-brand-id' in p.headers) && 'authorization' in p.headers && op) {
          const needsBrand = (op.security ?? doc.security).every((r) => 'brand' in r);
          if (res.status < 300 && needsBrand)
            undocumented.push(`${p.what}: x-brand-id is documented as required`);
          if (res.status === 400 && !needsBrand)
            undocumented.push(`${p.what}: x-brand-id is documented as optional`);
        }
        const documented = op?.responses[String(res.status)];
        if (!documented) {
          undocumented.push(`${p.what}: ${res.status} is not documented`);
          continue;
        }
        if (res.status >= 400) {
          const { code } = ErrorBody.parse(res.body);
          if (!documented.description.includes(code))
            undocumented.push(`${p.what}: ${res.status} ${code} is not in "${documented.description}"`);
        }
      }
    }
    expect(undocumented).toEqual([]);
  }, 60_000);
});

/** The endpoint path (`/posts/:id/date`) a concrete path of this method belongs to. */
function endpointPathOf(method: string, path: string): string {
  const def = Object.values(endpoints).find(
    (e) => e.method === method && new RegExp(`^${e.path.replace(/:[^/]+/g, '[^/]+')}$`).test(path),
  );
  if (!def) throw new Error(`no endpoint answers ${method} ${path}`);
  return def.path;
}

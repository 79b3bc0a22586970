import { z } from 'zod';
import { endpoints, type EndpointDef, type EndpointName } from '../../shared/api/endpoints.js';
import { ErrorBody } from '../../shared/api/errors.js';
import { MAX_LIST_RANGE_DAYS } from '../routes/posts.js';

type JsonSchema = Record<string, unknown>;

const schemaOf = (s: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(s, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;

/**
 * The template OpenAPI knows a path by: `:param` segments as `{param}`. Paths that differ only in
 * their parameters' names (GET /posts/:id and DELETE /posts/:group) are one template in OpenAPI,
 * so later ones take the names of the first; `renamed` maps each original name to the one used.
 */
function templates(
  defs: readonly EndpointDef[],
): Map<EndpointDef, { path: string; renamed: Map<string, string> }> {
  const byShape = new Map<string, string[]>();
  const out = new Map<EndpointDef, { path: string; renamed: Map<string, string> }>();
  for (const def of defs) {
    const names = [...def.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
    const shape = def.path.replace(/:[A-Za-z]+/g, ':');
    const first = byShape.get(shape) ?? names;
    byShape.set(shape, first);
    const renamed = new Map(names.map((n, i) => [n, first[i] ?? n]));
    out.set(def, {
      path: def.path.replace(/:([A-Za-z]+)/g, (_, n: string) => `{${renamed.get(n) ?? n}}`),
      renamed,
    });
  }
  return out;
}

function parameters(def: EndpointDef, renamed: Map<string, string>): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      const documented = where === 'path' ? (renamed.get(name) ?? name) : name;
      out.push({
        name: documented,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        ...(documented !== name
          ? {
              description: `The \`${name}\` (the spec writes this path \`${def.path}\`; OpenAPI allows one name per template).`,
            }
          : {}),
        schema: prop,
      });
    }
  }
  return out;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: schemaOf(ErrorBody, 'output') } },
});

/** Answers particular to some endpoints, beyond the ones every endpoint can give. */
const EXTRA_ERRORS: Partial<Record<EndpointName, Record<number, string>>> = {
  getBrand: { 404: 'NOT_FOUND: no such brand in this organization' },
  uploadMedia: {
    402: 'STORAGE_LIMIT_EXCEEDED',
    413: 'FILE_TOO_LARGE: the file is over the limit for its kind; PAYLOAD_TOO_LARGE: more than one file, too many parts or fields',
    415: 'UNSUPPORTED_MEDIA_TYPE (sniffed from the bytes) or UNSUPPORTED_CONTENT_TYPE (not multipart/form-data)',
  },
  uploadMediaFromUrl: {
    400: 'URL_NOT_ALLOWED: a non-public address; URL_FETCH_FAILED: no answer, a non-2xx answer, too many redirects or a broken download',
    402: 'STORAGE_LIMIT_EXCEEDED',
    413: 'FILE_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
  },
  createPosts: {
    400: '`Platform validation failed` with issues[] (a platform rule); INTEGRATION_NOT_FOUND; DATE_IN_PAST (a schedule not in the future)',
  },
  listPosts: {
    400: `VALIDATION_ERROR when endDate lies before startDate, or when they are more than ${MAX_LIST_RANGE_DAYS} days apart`,
  },
  getPost: { 404: 'NOT_FOUND' },
  reschedulePost: {
    400: 'DATE_IN_PAST: a scheduled or failed post moved to a time not in the future',
    404: 'NOT_FOUND',
    409: 'POST_NOT_RESCHEDULABLE: the post is publishing or published',
  },
  deleteGroup: { 404: 'NOT_FOUND: no post of this brand in the group' },
  getProfileAnalytics: { 404: 'NOT_FOUND: no such account in this brand' },
};

/** Answers any endpoint can give, whatever it does. */
const COMMON_ERRORS: Record<number, string> = {
  400:
    'Invalid request: VALIDATION_ERROR (a field, a date outside the years 0000-9999 once its offset is applied, a JSON body nested deeper than 64 levels), ' +
    'INVALID_JSON, BRAND_ID_REQUIRED, MALFORMED_REQUEST (HTTP the parser refuses; the connection is closed)',
  401: 'API_KEY_REQUIRED or INVALID_API_KEY',
  403: 'BRAND_NOT_ALLOWED or INSUFFICIENT_SCOPE',
  405: 'METHOD_NOT_ALLOWED: answered on this path to any method it does not document; `Allow` names those it does',
  408: 'REQUEST_TIMEOUT: the request took too long to arrive; the connection is closed',
  421: 'HOST_NOT_ALLOWED: only when the service answers loopback names alone, and Host is another name',
  429: 'RATE_LIMITED; wait for Retry-After seconds',
  431: 'HEADERS_TOO_LARGE: the request headers are over 16 KiB; the connection is closed',
  500: 'INTERNAL_ERROR: only for a bug in the service',
};

/** Answers of endpoints that read a body (any body: the parser runs before the route). */
const BODY_ERRORS: Record<number, string> = {
  413: 'PAYLOAD_TOO_LARGE: a JSON body over 2 MiB',
  415: 'UNSUPPORTED_CONTENT_TYPE: a body that is not JSON (or multipart/form-data for uploads)',
};

/** Methods whose requests the service reads a body of; GET and HEAD bodies are never read. */
const READS_BODY = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Every answer of an endpoint but its success: status -> what it means, with the codes it carries. */
export function errorAnswers(name: EndpointName): Record<number, string> {
  const def: EndpointDef = endpoints[name];
  const out: Record<number, string> = { ...COMMON_ERRORS };
  // Without x-brand-id these answer for the key's default brand (docs/api-decisions.md).
  if (def.brandHeader === 'optional') out[400] = (out[400] ?? '').replace(', BRAND_ID_REQUIRED', '');
  if (READS_BODY.has(def.method)) Object.assign(out, BODY_ERRORS);
  for (const [status, description] of Object.entries(EXTRA_ERRORS[name] ?? {})) {
    const common = out[Number(status)];
    out[Number(status)] = common ? `${description}; ${common}` : description;
  }
  return out;
}

/**
 * The OpenAPI 3 document served at /v1/docs, generated from shared/api (the endpoint table and its
 * zod schemas): the service and its reference cannot disagree.
 */
export function buildOpenApiDocument(baseUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const entries = Object.entries(endpoints) as [EndpointName, EndpointDef][];
  const templateOf = templates(entries.map(([, def]) => def));
  for (const [name, def] of entries) {
    const { path, renamed } = templateOf.get(def) ?? { path: def.path, renamed: new Map<string, string>() };
    const brandOptional = def.brandHeader === 'optional';
    const operation: JsonSchema = {
      operationId: name,
      summary: def.summary,
      description:
        `Required scope: \`${def.scope}\`.` +
        (brandOptional ? " `x-brand-id` is optional here: without it the key's default brand is used." : ''),
      tags: [def.path.split('/')[1] ?? 'api'],
      parameters: parameters(def, renamed),
      // The key always; the brand header too, except where the service answers for a default brand.
      ...(brandOptional ? { security: [{ apiKey: [], brand: [] }, { apiKey: [] }] } : {}),
      responses: {
        [def.status]: {
          description: 'Success',
          content: { 'application/json': { schema: schemaOf(def.response, 'output') } },
        },
        ...Object.fromEntries(
          Object.entries(errorAnswers(name)).map(([status, d]) => [status, errorResponse(d)]),
        ),
      },
    };
    if (def.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(def.body, 'input') } },
      };
    }
    if (def.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', format: 'binary' } },
            },
          },
        },
      };
    }
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Social Publishing Service API (local sandbox)',
      version: 'v1',
      description: 'Upload media, create, schedule and publish posts, read brands, posts and analytics.',
    },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer pst_live_… or pst_test_…',
        },
        brand: { type: 'apiKey', in: 'header', name: 'x-brand-id' },
      },
    },
    security: [{ apiKey: [], brand: [] }],
    paths,
  };
}

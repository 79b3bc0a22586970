import { z } from 'zod';
import { endpoints, type EndpointDef, type EndpointName } from '../../shared/api/endpoints.js';
import { ErrorBody } from '../../shared/api/errors.js';

type JsonSchema = Record<string, unknown>;

const schemaOf = (s: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(s, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;

function parameters(def: EndpointDef): JsonSchema[] {
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
      out.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
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
    413: 'FILE_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE (sniffed from the bytes) or UNSUPPORTED_CONTENT_TYPE',
  },
  uploadMediaFromUrl: {
    402: 'STORAGE_LIMIT_EXCEEDED',
    413: 'FILE_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
  },
  getPost: { 404: 'NOT_FOUND' },
  reschedulePost: { 404: 'NOT_FOUND', 409: 'POST_NOT_RESCHEDULABLE: the post is publishing or published' },
  deleteGroup: { 404: 'NOT_FOUND: no post of this brand in the group' },
  getProfileAnalytics: { 404: 'NOT_FOUND: no such account in this brand' },
};

/**
 * The OpenAPI 3 document served at /v1/docs, generated from shared/api (the endpoint table and its
 * zod schemas): the service and its reference cannot disagree.
 */
export function buildOpenApiDocument(baseUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
    const path = def.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const operation: JsonSchema = {
      operationId: name,
      summary: def.summary,
      description: `Required scope: \`${def.scope}\`.`,
      tags: [def.path.split('/')[1] ?? 'api'],
      parameters: parameters(def),
      responses: {
        [def.status]: {
          description: 'Success',
          content: { 'application/json': { schema: schemaOf(def.response, 'output') } },
        },
        400: errorResponse(
          'Invalid request: VALIDATION_ERROR, INVALID_JSON, BRAND_ID_REQUIRED, `Platform validation failed` with issues[], …',
        ),
        401: errorResponse('API_KEY_REQUIRED or INVALID_API_KEY'),
        403: errorResponse('BRAND_NOT_ALLOWED or INSUFFICIENT_SCOPE'),
        429: errorResponse('RATE_LIMITED; wait for Retry-After seconds'),
        ...Object.fromEntries(
          Object.entries(EXTRA_ERRORS[name as EndpointName] ?? {}).map(([status, d]) => [
            status,
            errorResponse(d),
          ]),
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

import { z } from 'zod';
import { endpoints, type EndpointDef } from '../../shared/api/endpoints.js';
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
    const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, prop] of Object.entries(json.properties ?? {})) {
      out.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
    }
  }
  return out;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: schemaOf(ErrorBody, 'output') } },
});

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
        [def.status]: { description: 'Success', content: { 'application/json': { schema: schemaOf(def.response, 'output') } } },
        400: errorResponse('Invalid request: VALIDATION_ERROR, INVALID_JSON, BRAND_ID_REQUIRED, `Platform validation failed` with issues[], …'),
        401: errorResponse('API_KEY_REQUIRED or INVALID_API_KEY'),
        403: errorResponse('BRAND_NOT_ALLOWED or INSUFFICIENT_SCOPE'),
        429: errorResponse('RATE_LIMITED; wait for Retry-After seconds'),
      },
    };
    if (def.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(def.body, 'input') } } };
    }
    if (def.multipart) {
      operation.requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
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
        apiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer pst_live_… or pst_test_…' },
        brand: { type: 'apiKey', in: 'header', name: 'x-brand-id' },
      },
    },
    security: [{ apiKey: [], brand: [] }],
    paths,
  };
}

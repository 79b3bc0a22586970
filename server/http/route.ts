import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { endpoints, type EndpointName } from '../../shared/api/endpoints.js';
import { ErrorCode } from '../../shared/api/errors.js';
import type { Service } from '../service.js';
import { authenticate, authOf, type RequestAuth } from './auth.js';
import { ApiHttpError, parseOrThrow } from './errors.js';
import type { RateLimiter } from './rate-limit.js';

type Def<N extends EndpointName> = (typeof endpoints)[N];
type Parsed<D, K extends string> = D extends Record<K, infer S extends z.ZodType> ? z.infer<S> : undefined;

export interface RouteInput<N extends EndpointName> {
  params: Parsed<Def<N>, 'params'>;
  query: Parsed<Def<N>, 'query'>;
  body: Parsed<Def<N>, 'body'>;
  auth: RequestAuth;
  request: FastifyRequest;
}

/**
 * An answer already checked against endpoint N's response schema and serialized; made only by
 * `SerializedAnswer.of`, so a route that answers with one cannot skip the check. It lets a route keep
 * an answer (answer-cache.ts) and send its bytes again.
 */
export class SerializedAnswer<N extends EndpointName> {
  private constructor(
    readonly endpoint: N,
    readonly body: string,
  ) {}

  static of<N extends EndpointName>(endpoint: N, value: z.input<Def<N>['response']>): SerializedAnswer<N> {
    const schema = (endpoints[endpoint] as { response: z.ZodType }).response;
    return new SerializedAnswer(endpoint, JSON.stringify(schema.parse(value)));
  }
}

export type RouteHandler<N extends EndpointName> = (
  input: RouteInput<N>,
) => Promise<z.input<Def<N>['response']> | SerializedAnswer<N>>;

const isJson = (type: string | undefined) =>
  typeof type === 'string' && /^application\/([\w.+-]*\+)?json\b/i.test(type);

/**
 * Registers one endpoint of shared/api/endpoints.ts: authentication and its scope, the params,
 * query and body parsed with the shared schemas, and the answer checked against the response schema
 * before it leaves, so the service cannot drift from the contract it publishes.
 */
export function defineRoute<N extends EndpointName>(
  app: FastifyInstance,
  svc: Service,
  limiter: RateLimiter | null,
  name: N,
  handler: RouteHandler<N>,
): void {
  const def: Def<N> = endpoints[name];
  const spec = def as {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
    multipart?: boolean;
    response: z.ZodType;
  };
  app.route({
    method: def.method,
    url: def.path,
    onRequest: authenticate(
      svc.accounts,
      limiter,
      def.scope,
      'brandHeader' in def ? def.brandHeader : 'required',
    ),
    handler: async (request, reply) => {
      if (spec.body && !isJson(request.headers['content-type'])) {
        throw new ApiHttpError(
          415,
          ErrorCode.UNSUPPORTED_CONTENT_TYPE,
          'Send the body as JSON with "Content-Type: application/json".',
        );
      }
      if (spec.body && request.body === undefined) {
        throw new ApiHttpError(400, ErrorCode.INVALID_JSON, 'The body is empty; send a JSON object.');
      }
      const input = {
        params: spec.params ? parseOrThrow(spec.params, request.params, 'path') : undefined,
        query: spec.query ? parseOrThrow(spec.query, request.query, 'query string') : undefined,
        body: spec.body ? parseOrThrow(spec.body, request.body, 'request body') : undefined,
        auth: authOf(request),
        request,
      } as RouteInput<N>;
      const result = await handler(input);
      if (result instanceof SerializedAnswer) {
        return reply.code(def.status).type('application/json; charset=utf-8').send(result.body);
      }
      return reply.code(def.status).send(spec.response.parse(result));
    },
  });
}

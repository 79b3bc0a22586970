import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import { ErrorCode } from '../../shared/api/errors.js';
import { redactKeys } from '../../shared/api/scopes.js';
import { demoFeedRoutes } from '../feeds/demo-feeds.js';
import { accountRoutes } from '../routes/account.js';
import { analyticsRoutes } from '../routes/analytics.js';
import { mediaRoutes } from '../routes/media.js';
import { postRoutes } from '../routes/posts.js';
import type { Service } from '../service.js';
import { limitLocalExposure } from './local-exposure.js';
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './error-handler.js';
import { ApiHttpError } from './errors.js';
import { MAX_JSON_NESTING, nestsDeeperThan } from '../../shared/json/nesting.js';
import { buildOpenApiDocument } from './openapi.js';
import { RateLimiter } from './rate-limit.js';

/** JSON bodies: generous for a long thread of long blocks, far below anything that could hurt. */
export const JSON_BODY_LIMIT = 2 * 1024 * 1024;

/** One method and path the app answers, as registered (`/v1/posts/:id`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

const registered = new WeakMap<FastifyInstance, readonly RegisteredRoute[]>();

/** Every route `buildApp` registered on this app, plugins' (the docs, /cdn) and HEAD routes included. */
export function routesOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? [];
}

/** Builds the HTTP app: the API under /v1, its reference at /v1/docs, files at /cdn, links at /s. */
export async function buildApp(svc: Service, log: boolean): Promise<FastifyInstance> {
  const app = Fastify({
    logger: log
      ? {
          level: 'info',
          serializers: {
            req: (req: { method: string; url: string }) => ({ method: req.method, url: redactKeys(req.url) }),
          },
        }
      : false,
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: true,
    // `/v1/me/` is `/v1/me`.
    routerOptions: { ignoreTrailingSlash: true },
    // The whole request, a large upload included, must arrive within this time.
    requestTimeout: svc.config.requestTimeoutMs,
    // A silent socket (a client that stopped sending or reading) is cut; never before a handler
    // that waits on the network (upload-from-url) could have finished.
    connectionTimeout: Math.max(svc.config.idleTimeoutMs, svc.config.fetchTimeoutMs + 5_000),
    http: {
      // Short: with the connection cap, heads trickled in a byte at a time must not hold every
      // connection for long (node cuts them with 408 once this time has passed).
      headersTimeout: Math.min(svc.config.headersTimeoutMs, svc.config.requestTimeoutMs),
      // How often node looks for requests past their time (its own default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, svc.config.requestTimeoutMs),
    },
  });
  const routes: RegisteredRoute[] = [];
  // Before anything registers a route, so every one is seen (the OpenAPI test checks them all).
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  registered.set(app, routes);
  app.server.maxConnections = svc.config.maxConnections;
  capConnectionsPerAddress(app, svc.config.maxConnectionsPerAddress);
  installErrorHandling(app);
  limitLocalExposure(app, svc.config.allowedHosts);

  // Clients often send "Content-Type: application/json" on every request, DELETE included: an empty
  // body is no body. Endpoints that need one say so (INVALID_JSON) in the route.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, (err, value) => {
      if (err) return done(err);
      // Checked once here for every JSON body, before validation or serializing could recurse into it.
      if (nestsDeeperThan(value, MAX_JSON_NESTING)) {
        return done(
          new ApiHttpError(
            400,
            ErrorCode.VALIDATION_ERROR,
            `The body nests deeper than ${MAX_JSON_NESTING} levels.`,
          ),
        );
      }
      return done(null, value);
    });
  });

  await app.register(fastifyMultipart, {
    limits: {
      // Busboy's own cap is a backstop: the upload route enforces the per-kind limit as it streams.
      fileSize: Math.max(svc.config.maxImageBytes, svc.config.maxVideoBytes) + 1,
      files: 1,
      fields: 10,
      parts: 20,
      fieldSize: 64 * 1024,
    },
  });

  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument('/v1') as never },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/v1/docs' });

  // Every answer, a /cdn error included, is taken for the type it declares, never sniffed.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });

  await app.register(fastifyStatic, {
    root: svc.mediaDir,
    prefix: '/cdn/',
    decorateReply: false,
    acceptRanges: true,
    index: false,
    dotfiles: 'deny',
    cacheControl: true,
    maxAge: '1d',
  });

  app.get('/s/:code', async (request, reply) => {
    const { code } = request.params as { code: string };
    const url = svc.shortLinks.resolve(code);
    if (!url) {
      return reply
        .code(404)
        .send({ statusCode: 404, code: ErrorCode.NOT_FOUND, message: `No short link "${code}".` });
    }
    // Links stored before URLs were kept in ASCII form are serialised again: `Location` must be ASCII.
    return reply.redirect(new URL(url).href, 302);
  });

  // The sandbox's demo feeds, read by the app's feeds to drafts.
  demoFeedRoutes(app);

  const limiter = svc.config.rateLimit ? new RateLimiter(svc.config.rateLimit) : null;
  await app.register(
    async (v1) => {
      accountRoutes(v1, svc, limiter);
      postRoutes(v1, svc, limiter);
      mediaRoutes(v1, svc, limiter);
      analyticsRoutes(v1, svc, limiter);
    },
    { prefix: '/v1' },
  );
  return app;
}

/**
 * One remote address may hold at most `cap` connections; more from it are closed at once, so the
 * rest of the global cap stays free for everyone else. Node has only the global `maxConnections`.
 */
function capConnectionsPerAddress(app: FastifyInstance, cap: number): void {
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../shared/api/errors.js';

/**
 * Which `Host` headers the service answers: any, or only loopback names. A web page can point a
 * name it controls at 127.0.0.1 (DNS rebinding) and then read this service as its own origin;
 * its requests still carry that name in `Host`, so refusing non-loopback names stops it.
 */
export type AllowedHosts = 'any' | 'loopback';

const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

/** What the service tells browsers and which hosts it answers, on every path (/v1, /cdn, /s). */
export function limitLocalExposure(app: FastifyInstance, allowedHosts: AllowedHosts): void {
  app.addHook('onRequest', async (request, reply) => {
    // Uploaded files are served as their sniffed type; a browser must not guess another (HTML, script).
    void reply.header('x-content-type-options', 'nosniff');
    if (allowedHosts === 'loopback' && !LOOPBACK_HOST.test(request.headers.host ?? '')) {
      return reply.code(421).send({
        statusCode: 421,
        code: ErrorCode.HOST_NOT_ALLOWED,
        message: 'This service answers only to 127.0.0.1, localhost or [::1]; use one of them in the URL.',
      });
    }
    return undefined;
  });
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { endpoints } from '../../shared/api/endpoints.js';
import { ErrorCode } from '../../shared/api/errors.js';
import { redactKeys } from '../../shared/api/scopes.js';
import { ApiHttpError } from './errors.js';
import { discardUnreadBody } from './unread-body.js';

/** Fastify's and its plugins' own error codes, translated to the API's. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: ErrorCode.INVALID_JSON,
    message: 'The body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: ErrorCode.INVALID_JSON,
    message: 'The body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    message: 'The body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: ErrorCode.UNSUPPORTED_CONTENT_TYPE,
    message: 'This content type is not accepted; send JSON (or multipart/form-data for uploads).',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: ErrorCode.VALIDATION_ERROR,
    message: 'Content-Length does not match the body.',
  },
  FST_ERR_CTP_INVALID_TYPE: {
    status: 400,
    code: ErrorCode.UNSUPPORTED_CONTENT_TYPE,
    message: 'The Content-Type header is malformed.',
  },
  FST_ERR_BAD_URL: { status: 400, code: ErrorCode.VALIDATION_ERROR, message: 'The URL is malformed.' },
  FST_ERR_ASYNC_CONSTRAINT: {
    status: 400,
    code: ErrorCode.VALIDATION_ERROR,
    message: 'The request could not be routed.',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: ErrorCode.FILE_TOO_LARGE, message: 'The file is too large.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: ErrorCode.UNSUPPORTED_CONTENT_TYPE,
    message: 'Send the file as multipart/form-data in a field named "file".',
  },
  FST_PARTS_LIMIT: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, message: 'Too many parts in the form.' },
  FST_FILES_LIMIT: { status: 413, code: ErrorCode.PAYLOAD_TOO_LARGE, message: 'Send one file per request.' },
  FST_FIELDS_LIMIT: {
    status: 413,
    code: ErrorCode.PAYLOAD_TOO_LARGE,
    message: 'Too many fields in the form.',
  },
  FST_PROTO_VIOLATION: {
    status: 400,
    code: ErrorCode.VALIDATION_ERROR,
    message: 'The form data is malformed.',
  },
};

function toApiError(err: FastifyError | Error): ApiHttpError | null {
  if (err instanceof ApiHttpError) return err;
  const code = (err as FastifyError).code;
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known) return new ApiHttpError(known.status, known.code, known.message);
  if (err instanceof SyntaxError)
    return new ApiHttpError(400, ErrorCode.INVALID_JSON, 'The body is not valid JSON.');
  const status = (err as FastifyError).statusCode;
  // Any other client error a plugin raises (busboy's malformed multipart, for one) is still the caller's.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new ApiHttpError(status, ErrorCode.VALIDATION_ERROR, redactKeys(err.message));
  }
  return null;
}

/** Patterns of our routes, to tell "no such path" (404) from "not with this method" (405). */
const routePatterns = Object.values(endpoints).map((e) => ({
  method: e.method,
  pattern: new RegExp(`^/v1${e.path.replace(/:[^/]+/g, '[^/]+')}/?$`),
}));

/** An error as a log line may carry it: message and stack with any API key redacted. */
export function redactedError(err: unknown): { message: string; stack: string } {
  const e = err instanceof Error ? err : new Error(String(err));
  return { message: redactKeys(e.message), stack: redactKeys(e.stack ?? '') };
}

/** Every failure answers the API's error body; nothing reaches the caller as HTML or a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const api = toApiError(err);
    discardUnreadBody(request, reply, api?.statusCode ?? 500);
    if (api) {
      if (api.headers) void reply.headers(api.headers);
      return reply.code(api.statusCode).type('application/json').send(api.body());
    }
    request.log.error({ err: redactedError(err) }, 'unhandled error');
    return reply.code(500).type('application/json').send({
      statusCode: 500,
      code: ErrorCode.INTERNAL_ERROR,
      message: 'Something went wrong on our side; try again.',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed: string[] = routePatterns.filter((r) => r.pattern.test(path)).map((r) => r.method);
    // A path that looks like a route of this very method but is not one (an id past the router's
    // length limit, say) is not found; 405 would tell the caller to use the method it used.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({
          statusCode: 405,
          code: ErrorCode.METHOD_NOT_ALLOWED,
          message: `${request.method} is not allowed here; use ${allowed.join(' or ')}.`,
        });
    }
    return reply.code(404).send({
      statusCode: 404,
      code: ErrorCode.NOT_FOUND,
      message: `No such endpoint: ${request.method} ${redactKeys(path)}.`,
    });
  });
}

/** Errors raised before routing (a malformed URL, say) get the same body. */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const api =
    toApiError(err) ?? new ApiHttpError(400, ErrorCode.VALIDATION_ERROR, 'The request is malformed.');
  // Answered before any hook runs, so it says nosniff itself (a bad /cdn URL lands here).
  void reply
    .code(api.statusCode)
    .type('application/json')
    .header('x-content-type-options', 'nosniff')
    .send(api.body());
}

/** Node's HTTP parser errors that are not plain malformed HTTP. */
const PARSER_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: ErrorCode.HEADERS_TOO_LARGE,
    message: 'The request headers are too large; send fewer or shorter headers.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: ErrorCode.REQUEST_TIMEOUT,
    message: 'The request took too long to arrive; send it again.',
  },
};
const MALFORMED = 'The request is not valid HTTP/1.1; it was not read.';

/**
 * What the HTTP parser refuses before Fastify sees a request (headers too large, a NUL byte in a
 * header, Content-Length together with Transfer-Encoding, a bad chunk size, a request too slow to
 * arrive) also answers the API's error body, then the connection closes: after a framing error
 * nothing more on it can be trusted.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const known = err.code ? PARSER_ERRORS[err.code] : undefined;
  const api = new ApiHttpError(
    known?.status ?? 400,
    known?.code ?? ErrorCode.MALFORMED_REQUEST,
    known?.message ?? MALFORMED,
  );
  this.log.debug({ code: err.code }, 'client error');
  // As node's own handler does: never write into an answer already under way on this socket.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(api.body());
    socket.end(
      `HTTP/1.1 ${api.statusCode} ${STATUS_CODES[api.statusCode] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // Ended rather than destroyed at once, so the answer is not lost to a reset; a client that
    // neither reads nor closes is cut a moment later.
    setTimeout(() => socket.destroy(), 1_000).unref();
    return;
  }
  socket.destroy();
}

import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { ErrorCode } from '../../shared/api/errors.js';
import { ApiHttpError } from '../http/errors.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { defineRoute } from '../http/route.js';
import { openRemoteFile } from '../media/fetch-url.js';
import { ingestMedia } from '../media/ingest.js';
import { mediaView } from '../posts/view.js';
import type { Service } from '../service.js';

/**
 * Reads what is left of a refused upload, so the caller receives the error instead of a reset
 * connection; gives up after a while (the client may send forever).
 */
function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stream.destroy();
      resolve();
    }, 30_000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    stream.once('end', done);
    stream.once('close', done);
    stream.once('error', done);
    stream.resume();
  });
}

/** A form that ends early or breaks the multipart syntax is the caller's error, not ours. */
const malformedForm = (err: Error) =>
  new ApiHttpError(400, ErrorCode.VALIDATION_ERROR, `The multipart form is malformed or was cut off (${err.message}).`);

const brokenDownload = (url: string, err: Error) =>
  new ApiHttpError(400, ErrorCode.URL_FETCH_FAILED, `The download from ${new URL(url).origin} broke off (${err.message}).`);

/** POST /media/upload and POST /media/upload-from-url. */
export function mediaRoutes(app: FastifyInstance, svc: Service, limiter: RateLimiter | null): void {
  defineRoute(app, svc, limiter, 'uploadMedia', async ({ auth, request }) => {
    if (!request.isMultipart()) {
      throw new ApiHttpError(415, ErrorCode.UNSUPPORTED_CONTENT_TYPE, 'Send the file as multipart/form-data in a field named "file".');
    }
    const part = await request.file().catch((err: Error & { statusCode?: number }) => {
      // Errors the multipart plugin classifies (too many files…) keep their own status and code.
      throw typeof err.statusCode === 'number' ? err : malformedForm(err);
    });
    if (!part) throw new ApiHttpError(400, ErrorCode.VALIDATION_ERROR, 'The form has no file; send it in a field named "file".');
    if (part.fieldname !== 'file') {
      await drain(part.file);
      throw new ApiHttpError(400, ErrorCode.VALIDATION_ERROR, `The file came in a field named "${part.fieldname}"; name the field "file".`);
    }
    try {
      const record = await ingestMedia(svc, auth.organization.id, part.filename, part.file, malformedForm);
      return mediaView(svc, record);
    } catch (err) {
      await drain(part.file);
      throw err;
    }
  });

  defineRoute(app, svc, limiter, 'uploadMediaFromUrl', async ({ auth, body }) => {
    const remote = await openRemoteFile(body.url, {
      allowPrivate: svc.config.allowPrivateUrls,
      timeoutMs: svc.config.fetchTimeoutMs,
      maxBytes: Math.max(svc.config.maxImageBytes, svc.config.maxVideoBytes),
      network: svc.config.fetchNetwork,
    });
    try {
      const record = await ingestMedia(svc, auth.organization.id, remote.name, remote.response, (err) => brokenDownload(body.url, err));
      return mediaView(svc, record);
    } finally {
      remote.abort();
    }
  });
}

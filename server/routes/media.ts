import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/api/errors.js';
import { ApiHttpError } from '../http/errors.js';
import type { RateLimiter } from '../http/rate-limit.js';
import { defineRoute } from '../http/route.js';
import { openRemoteFile } from '../media/fetch-url.js';
import { ingestMedia } from '../media/ingest.js';
import type { MediaRecord } from '../store/media.js';
import { mediaView } from '../posts/view.js';
import type { Service } from '../service.js';

/** A form that ends early or breaks the multipart syntax is the caller's error, not ours. */
const malformedForm = (err: Error) =>
  new ApiHttpError(
    400,
    ErrorCode.VALIDATION_ERROR,
    `The multipart form is malformed or was cut off (${err.message}).`,
  );

const brokenDownload = (url: string, err: Error) =>
  new ApiHttpError(
    400,
    ErrorCode.URL_FETCH_FAILED,
    `The download from ${new URL(url).origin} broke off (${err.message}).`,
  );

/**
 * What a form may hold besides its file (field values, part headers, boundaries), so a form whose
 * Content-Length is longer than a file limit by more than this certainly carries too large a file.
 */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

/** Errors the multipart plugin classifies (too many files…) keep their own status and code. */
const formError = (err: Error & { statusCode?: number }) =>
  typeof err.statusCode === 'number' ? err : malformedForm(err);

async function uploadForm(
  svc: Service,
  organizationId: string,
  request: FastifyRequest,
): Promise<MediaRecord> {
  if (!request.isMultipart()) {
    throw new ApiHttpError(
      415,
      ErrorCode.UNSUPPORTED_CONTENT_TYPE,
      'Send the file as multipart/form-data in a field named "file".',
    );
  }
  const declared = Number(request.headers['content-length']);
  const atLeastBytes = Number.isFinite(declared) ? declared - FORM_OVERHEAD_BYTES : 0;
  const largest = Math.max(svc.config.maxImageBytes, svc.config.maxVideoBytes);
  if (atLeastBytes > largest) {
    throw new ApiHttpError(
      413,
      ErrorCode.FILE_TOO_LARGE,
      `This form is larger than the largest file allowed (${largest} bytes); it was not read.`,
    );
  }
  const parts = request.parts();
  const next = () => parts.next().catch((err: Error) => Promise.reject(formError(err)));
  let part = await next();
  // Fields before the file are ignored, as the spec names none.
  while (!part.done && part.value.type !== 'file') part = await next();
  if (part.done || part.value.type !== 'file') {
    throw new ApiHttpError(
      400,
      ErrorCode.VALIDATION_ERROR,
      'The form has no file; send it in a field named "file".',
    );
  }
  const file = part.value;
  if (file.fieldname !== 'file') {
    throw new ApiHttpError(
      400,
      ErrorCode.VALIDATION_ERROR,
      `The file came in a field named "${file.fieldname}"; name the field "file".`,
    );
  }
  return ingestMedia(svc, organizationId, file.filename, file.file, {
    brokenSource: malformedForm,
    atLeastBytes,
    // The rest of the form is read before the file is kept: a second file refuses the upload.
    beforeKeep: async () => {
      for (let rest = await next(); !rest.done; rest = await next()) {
        if (rest.value.type === 'file')
          throw new ApiHttpError(413, ErrorCode.PAYLOAD_TOO_LARGE, 'Send one file per request.');
      }
    },
  });
}

/** POST /media/upload and POST /media/upload-from-url. */
export function mediaRoutes(app: FastifyInstance, svc: Service, limiter: RateLimiter | null): void {
  // Uploads under way, so that closing the service waits for them to remove their partial files.
  const underWay = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    underWay.add(work);
    void work.then(
      () => underWay.delete(work),
      () => underWay.delete(work),
    );
    return work;
  };
  app.addHook('onClose', async () => {
    await Promise.allSettled([...underWay]);
  });

  defineRoute(app, svc, limiter, 'uploadMedia', async ({ auth, request }) =>
    mediaView(svc, await track(uploadForm(svc, auth.organization.id, request))),
  );

  defineRoute(app, svc, limiter, 'uploadMediaFromUrl', async ({ auth, body }) => {
    const remote = await openRemoteFile(body.url, {
      allowPrivate: svc.config.allowPrivateUrls,
      timeoutMs: svc.config.fetchTimeoutMs,
      maxBytes: Math.max(svc.config.maxImageBytes, svc.config.maxVideoBytes),
      network: svc.config.fetchNetwork,
    });
    try {
      const record = await track(
        ingestMedia(svc, auth.organization.id, remote.name, remote.response, {
          brokenSource: (err) => brokenDownload(body.url, err),
        }),
      );
      return mediaView(svc, record);
    } finally {
      remote.abort();
    }
  });
}

import { z } from 'zod';

/**
 * Machine-readable error codes. The first rows are the spec's own; the rest are the codes this
 * project chose for the rows the spec leaves without one (documented in docs/api-decisions.md).
 */
export const ErrorCode = {
  API_KEY_REQUIRED: 'API_KEY_REQUIRED',
  INVALID_API_KEY: 'INVALID_API_KEY',
  BRAND_ID_REQUIRED: 'BRAND_ID_REQUIRED',
  BRAND_NOT_ALLOWED: 'BRAND_NOT_ALLOWED',
  INSUFFICIENT_SCOPE: 'INSUFFICIENT_SCOPE',
  /** The spec gives this exact string as the code for invalid content or settings. */
  PLATFORM_VALIDATION_FAILED: 'Platform validation failed',
  STORAGE_LIMIT_EXCEEDED: 'STORAGE_LIMIT_EXCEEDED',
  RATE_LIMITED: 'RATE_LIMITED',
  INTEGRATION_NOT_FOUND: 'INTEGRATION_NOT_FOUND',
  NOT_FOUND: 'NOT_FOUND',
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  UNSUPPORTED_CONTENT_TYPE: 'UNSUPPORTED_CONTENT_TYPE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  DATE_IN_PAST: 'DATE_IN_PAST',
  POST_NOT_RESCHEDULABLE: 'POST_NOT_RESCHEDULABLE',
  URL_NOT_ALLOWED: 'URL_NOT_ALLOWED',
  URL_FETCH_FAILED: 'URL_FETCH_FAILED',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  HOST_NOT_ALLOWED: 'HOST_NOT_ALLOWED',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  MALFORMED_REQUEST: 'MALFORMED_REQUEST',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** One problem with a post create request: which target, which field, and what to do. */
export const ValidationIssue = z.object({
  /** Index in `posts[]`, or null for a top-level field such as `date`. */
  target: z.number().int().nonnegative().nullable(),
  /** Dotted path inside the target (`settings.title`, `value.1.content`) or the request. */
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** The error body every non-2xx answer carries. */
export const ErrorBody = z.looseObject({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  issues: z.array(ValidationIssue).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

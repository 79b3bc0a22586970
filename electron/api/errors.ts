import type { ValidationIssue } from '../../shared/api/errors.js';
import { redactKeys } from '../../shared/api/scopes.js';

/**
 * How a call failed, which decides what the outbox does next:
 * - http: the service answered an error status (4xx permanent except 408/429; 5xx retryable);
 * - network: nothing reached the service (connection refused, DNS): safe to retry;
 * - timeout: the request may or may not have been processed: ambiguous for non-idempotent calls;
 * - malformed: the service answered 2xx with a body we cannot read;
 * - aborted: the caller cancelled;
 * - file: a local file to upload cannot be read: nothing was sent, and only the user can fix it.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'malformed' | 'aborted' | 'file';

/** A failed API call, with a message that tells the user what to do. Never carries the key. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: string | null;
  readonly issues: ValidationIssue[];
  /** From Retry-After on 429/503, in milliseconds. */
  readonly retryAfterMs: number | null;
  /** A network failure after the request went out (connection reset): it may have been applied. */
  readonly maybeDelivered: boolean;

  constructor(init: {
    kind: ApiErrorKind;
    message: string;
    status?: number | null;
    code?: string | null;
    issues?: ValidationIssue[];
    retryAfterMs?: number | null;
    maybeDelivered?: boolean;
  }) {
    super(redactKeys(init.message));
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.issues = init.issues ?? [];
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.maybeDelivered = init.maybeDelivered ?? false;
  }

  /** Worth sending again later without the user doing anything. */
  get retryable(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout') return true;
    if (this.kind === 'http' && this.status !== null) {
      return this.status === 408 || this.status === 429 || this.status >= 500;
    }
    return false;
  }

  /** The request may have been applied although we got no answer (matters for POST /posts). */
  get ambiguous(): boolean {
    if (this.kind === 'timeout' || (this.kind === 'network' && this.maybeDelivered)) return true;
    return this.kind === 'http' && this.status !== null && this.status >= 500;
  }
}

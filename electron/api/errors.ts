import type { ValidationIssue } from '../../shared/api/errors.js';
import { redactKeys } from '../../shared/api/scopes.js';

/**
 * How a call failed. What each kind means for the outbox is decided here and nowhere else (the
 * getters below): a passing fault is retried, only a definite refusal stops an operation.
 * - http: the service (or something in front of it) answered an error status;
 * - network: no answer; `maybeDelivered` when the request may have gone out before the cut;
 * - timeout: no answer in time: the request may or may not have been processed;
 * - unreadable: a 2xx whose body could not be read (cut short, not JSON): it was probably applied;
 * - malformed: a 2xx we can read but that is not the API's shape (another server, a wrong URL);
 * - aborted: the caller cancelled;
 * - file: a local file to upload cannot be read: nothing was sent, and only the user can fix it.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'unreadable' | 'malformed' | 'aborted' | 'file';

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

  /**
   * A passing fault, worth sending again later without the user doing anything: no answer, an
   * unreadable 2xx, 408, 429, or any 5xx whatever its body (a load balancer's HTML page too).
   */
  get retryable(): boolean {
    if (this.kind === 'network' || this.kind === 'timeout' || this.kind === 'unreadable') return true;
    return this.kind === 'http' && this.status !== null && isPassingStatus(this.status);
  }

  /**
   * The request may have been applied although we cannot tell (matters for POST /posts, which is
   * looked up before it is sent again). A 5xx counts too: a service can fail after it committed.
   */
  get ambiguous(): boolean {
    if (this.kind === 'timeout' || this.kind === 'unreadable') return true;
    if (this.kind === 'network') return this.maybeDelivered;
    return this.kind === 'http' && this.status !== null && this.status >= 500;
  }

  /** The service could not be reached at all: the app is offline until it answers again. */
  get unreachable(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }

  /** The service is away or asked everyone to wait: every queued operation waits, not just this one. */
  get holdsEveryone(): boolean {
    return this.unreachable || (this.kind === 'http' && this.status !== null && isPassingStatus(this.status));
  }
}

/** 408 and 429 ask to come back later; a 5xx is the service's (or its gateway's) own trouble. */
const isPassingStatus = (status: number) => status === 408 || status === 429 || status >= 500;

import type { ValidationIssue } from '../../shared/api/errors.js';
import type { AppErrorCode } from '../../shared/ipc/errors.js';
import { redactKeys } from '../../shared/api/scopes.js';

/**
 * A failure a service raises on purpose, with the code the renderer gets and a sentence telling
 * the user what to do. dispatch() turns it into `{ok:false, error}` as it is.
 */
export class AppFailure extends Error {
  readonly code: AppErrorCode;
  /** Per-field problems, for the composer to show beside each field. */
  readonly issues: ValidationIssue[];
  /** The service's status when it answered (a write kept in the outbox because it was busy). */
  readonly status: number | null;
  constructor(
    code: AppErrorCode,
    message: string,
    issues: ValidationIssue[] = [],
    status: number | null = null,
  ) {
    super(redactKeys(message));
    this.name = 'AppFailure';
    this.code = code;
    this.issues = issues;
    this.status = status;
  }
}

export const notConnected = () =>
  new AppFailure(
    'NOT_CONNECTED',
    'No account is connected yet: connect with your base URL and API key first.',
  );

export const keychainUnavailable = (reason: string) =>
  new AppFailure(
    'KEYCHAIN_UNAVAILABLE',
    `The system keychain cannot be used (${reason}). Choose "Keep for this session only" to use the key ` +
      'until Postdeck closes, or start your keychain (GNOME Keyring, KWallet, macOS Keychain) and try again.',
  );

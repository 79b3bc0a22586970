import { z } from 'zod';
import { ValidationIssue } from '../api/errors.js';

/** What kind of failure the renderer got; each has a sentence the UI can show as it is. */
export const AppErrorCode = z.enum([
  'INVALID_ARGUMENT', // the renderer sent an argument that does not match the contract
  'NOT_CONNECTED', // no profile is connected yet
  'OFFLINE', // the service could not be reached; the operation is queued when it is a write
  'API', // the service answered an error (status, apiCode, issues)
  'KEYCHAIN_UNAVAILABLE', // the OS keychain cannot be used; a session-only key is offered
  'NOT_FOUND',
  'CONFLICT',
  'FORBIDDEN_SENDER',
  'INTERNAL',
]);
export type AppErrorCode = z.infer<typeof AppErrorCode>;

export const AppErrorShape = z.object({
  code: AppErrorCode,
  message: z.string(),
  status: z.number().int().optional(),
  apiCode: z.string().optional(),
  issues: z.array(ValidationIssue).optional(),
});
export type AppErrorShape = z.infer<typeof AppErrorShape>;

/** Every IPC call resolves to this envelope; errors cross the bridge as data, never as throws. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape };

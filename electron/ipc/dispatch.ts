import type { z } from 'zod';
import type { ValidationIssue } from '../../shared/api/errors.js';
import { redactKeys } from '../../shared/api/scopes.js';
import { ipcMethods, type IpcMethodName } from '../../shared/ipc/contract.js';
import type { AppErrorShape, IpcResult } from '../../shared/ipc/errors.js';
import { ApiError } from '../api/errors.js';
import { createLogger } from '../log.js';
import type { CallContext, Caller, IpcHandlers } from '../core/call-context.js';
import { AppFailure } from '../core/app-failure.js';
import { holdsKey } from '../core/key-free.js';
import { decideBrand, NO_BRANDS, type CallScope } from './call-brand.js';
import { withoutControlChars } from './control-chars.js';

/*
 * Also used by the browser test bridge (e2e/support/bridge.ts). The single gate every renderer
 * call passes: unknown method refused, control characters stripped from every text, input parsed
 * as unknown with the contract's schema, the handler run, every failure turned into a value. It
 * never throws, and no key leaves through it.
 */

const log = createLogger('ipc');

export function isIpcMethodName(name: unknown): name is IpcMethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(ipcMethods, name);
}

/**
 * Validates, runs and wraps one call; the answer is always an IpcResult, keys redacted. `scope`
 * decides the brand the call acts on (none where it is left out: the gate tested alone).
 */
export async function dispatch(
  handlers: IpcHandlers,
  name: string,
  rawInput: unknown,
  caller: Caller,
  scope: CallScope = NO_BRANDS,
): Promise<IpcResult<unknown>> {
  if (!isIpcMethodName(name)) {
    return fail({ code: 'INVALID_ARGUMENT', message: `Unknown method "${String(name).slice(0, 100)}".` });
  }
  // Control characters go before any schema sees a text, once for every method.
  const parsed = ipcMethods[name].input.safeParse(withoutControlChars(rawInput));
  if (!parsed.success) {
    return fail({
      code: 'INVALID_ARGUMENT',
      message: describeInvalid(name, parsed.error.issues),
      issues: parsed.error.issues
        .slice(0, 20)
        .map((i) => ({ target: null, path: i.path.map(String).join('.'), message: i.message })),
    });
  }
  try {
    const ctx: CallContext = { caller: caller.caller, brand: decideBrand(name, parsed.data, scope) };
    const handler = handlers[name] as (input: unknown, ctx: CallContext) => Promise<unknown>;
    const value = await handler(parsed.data, ctx);
    return { ok: true, value: redactDeep(value) };
  } catch (error) {
    const shape = toErrorShape(error);
    if (shape.code === 'INTERNAL') log.error(`${name} failed`, error);
    else log.info(`${name} answered ${shape.code}`, shape.message);
    return fail(shape);
  }
}

function fail(error: AppErrorShape): IpcResult<never> {
  return { ok: false, error: { ...error, message: redactKeys(error.message) } };
}

/** Names each bad field, so a developer (or a tester) knows what to fix. */
function describeInvalid(name: string, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, 5).map((i) => {
    const field = i.path.length > 0 ? i.path.map(String).join('.') : 'input';
    return `${field}: ${i.message}`;
  });
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return `Invalid argument for ${name}: ${parts.join('; ')}${more}.`;
}

/**
 * A last guard: no service should ever answer a key, but if one did, it leaves redacted. The
 * common case (nothing key-like anywhere) costs one walk and returns the value as is.
 */
function redactDeep(value: unknown): unknown {
  if (!holdsKey(value)) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redactKeys(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactKeys(k), walk(x)]));
    return v;
  };
  return walk(value);
}

const redactIssue = (i: ValidationIssue): ValidationIssue => ({
  ...i,
  path: redactKeys(i.path),
  message: redactKeys(i.message),
});

/** Maps any thrown value to what the renderer may see. */
export function toErrorShape(error: unknown): AppErrorShape {
  if (error instanceof AppFailure) {
    const shape: AppErrorShape =
      error.issues.length > 0
        ? { code: error.code, message: error.message, issues: error.issues.map(redactIssue) }
        : { code: error.code, message: error.message };
    if (error.status !== null) shape.status = error.status;
    return shape;
  }
  if (error instanceof ApiError) {
    const offline = error.kind === 'network' || error.kind === 'timeout';
    const code = offline ? 'OFFLINE' : error.kind === 'file' ? 'INVALID_ARGUMENT' : 'API';
    const shape: AppErrorShape = { code, message: error.message };
    if (error.status !== null) shape.status = error.status;
    if (error.code !== null) shape.apiCode = redactKeys(error.code);
    if (error.issues.length > 0) {
      shape.issues = error.issues.map(redactIssue);
    }
    return shape;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return {
    code: 'INTERNAL',
    message: `Something went wrong inside Postdeck (${redactKeys(detail).slice(0, 300)}). Try again; if it keeps happening, restart the app.`,
  };
}

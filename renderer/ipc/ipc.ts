import type { AppErrorCode, AppErrorShape, IpcResult } from '../../shared/ipc/errors.js';
import type {
  IpcEventName,
  IpcEventPayload,
  IpcInput,
  IpcMethodName,
  IpcOutput,
  WindowApi,
} from '../../shared/ipc/contract.js';

declare global {
  interface Window {
    api: WindowApi;
  }
}

/** An error from main, as a value the UI can show: its message already says what to do. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly shape: AppErrorShape;
  constructor(shape: AppErrorShape) {
    super(shape.message);
    this.name = 'AppError';
    this.code = shape.code;
    this.shape = shape;
  }
}

/** Calls one contract method through `window.api`, resolving its value or throwing an AppError. */
export async function call<K extends IpcMethodName>(name: K, input: IpcInput<K>): Promise<IpcOutput<K>> {
  const api = window.api;
  if (!api) {
    throw new AppError({ code: 'INTERNAL', message: 'The app bridge is missing. Restart Postdeck.' });
  }
  const method = api[name] as (i: IpcInput<K>) => Promise<IpcResult<IpcOutput<K>>>;
  const result = await method(input);
  if (!result.ok) throw new AppError(result.error);
  return result.value;
}

/** Subscribes to an event from main; returns the unsubscribe function. */
export function onEvent<K extends IpcEventName>(
  name: K,
  listener: (payload: IpcEventPayload<K>) => void,
): () => void {
  return window.api?.on(name, listener) ?? (() => undefined);
}

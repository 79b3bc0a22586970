import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

/* The first screens ask main through these: connect, or try the sandbox. */

/** Connects to a service with an API key, checked before it is kept. */
export function connectProfile(input: IpcInput<'connectProfile'>): Promise<IpcOutput<'connectProfile'>> {
  return call('connectProfile', input);
}

/** Starts the built-in practice service and connects to it. */
export function connectSandbox(input: IpcInput<'startSandbox'>): Promise<IpcOutput<'startSandbox'>> {
  return call('startSandbox', input);
}

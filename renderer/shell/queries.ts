import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

/* The frame's writes: the outbox's actions and syncing now. */

/** Asks main to reach the service now instead of at its next try. */
export function syncNow(input: IpcInput<'syncNow'>): Promise<IpcOutput<'syncNow'>> {
  return call('syncNow', input);
}

/** Drops a change waiting in the outbox; the post goes back to what the service has. */
export function discardOutbox(input: IpcInput<'discardOutbox'>): Promise<IpcOutput<'discardOutbox'>> {
  return call('discardOutbox', input);
}

/** Sends a change that failed again, now. */
export function retryOutbox(input: IpcInput<'retryOutbox'>): Promise<IpcOutput<'retryOutbox'>> {
  return call('retryOutbox', input);
}

/** Settles a post whose time passed while it waited: post it now or at a new time. */
export function resolveMissedTime(
  input: IpcInput<'resolveMissedTime'>,
): Promise<IpcOutput<'resolveMissedTime'>> {
  return call('resolveMissedTime', input);
}

import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

/** The posts between two instants. */
export function listPosts(input: IpcInput<'listPosts'>): Promise<IpcOutput<'listPosts'>> {
  return call('listPosts', input);
}

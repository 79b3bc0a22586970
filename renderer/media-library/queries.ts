import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

/** The media library's writes: uploads (progress comes as events) and tags. */

/** Starts uploading a file the user picked; progress arrives as events. */
export function uploadMedia(input: IpcInput<'uploadMedia'>): Promise<IpcOutput<'uploadMedia'>> {
  return call('uploadMedia', input);
}

/** Sets a library item's tags. */
export function setMediaTags(input: IpcInput<'setMediaTags'>): Promise<IpcOutput<'setMediaTags'>> {
  return call('setMediaTags', input);
}

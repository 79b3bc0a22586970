import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

/** Reviews as main keeps them: decisions on posts, each brand's settings, a reviewer's reply file. */

/** Reads a reviewer's reply file and applies its decisions to the posts. */
export function importReviewReply(
  input: IpcInput<'importReviewReply'>,
): Promise<IpcOutput<'importReviewReply'>> {
  return call('importReviewReply', input);
}

/** Records a review decision (and its comment) on a post. */
export function setReviewState(input: IpcInput<'setReviewState'>): Promise<IpcOutput<'setReviewState'>> {
  return call('setReviewState', input);
}

/** Changes a brand's review settings. */
export function setReviewSettings(
  input: IpcInput<'setReviewSettings'>,
): Promise<IpcOutput<'setReviewSettings'>> {
  return call('setReviewSettings', input);
}

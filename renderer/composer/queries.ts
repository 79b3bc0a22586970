import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

/*
 * The composer asks main through these: its draft (kept as it is typed, so nothing is lost), the
 * posts it opens on, uploads, and the send.
 */

/** Stops an upload the user removed before it finished. */
export function cancelUpload(input: IpcInput<'cancelUpload'>): Promise<IpcOutput<'cancelUpload'>> {
  return call('cancelUpload', input);
}

/** Adds an account by its id, so a post can go to it before the calendar has seen it. */
export function addIntegration(input: IpcInput<'addIntegration'>): Promise<IpcOutput<'addIntegration'>> {
  return call('addIntegration', input);
}

/** Keeps the composer's draft in main (the local db), so nothing typed is lost. */
export function saveDraft(input: IpcInput<'saveDraft'>): Promise<IpcOutput<'saveDraft'>> {
  return call('saveDraft', input);
}

/** Sends a draft to the accounts' next free queue slots. */
export function queueDraft(input: IpcInput<'queueDraft'>): Promise<IpcOutput<'queueDraft'>> {
  return call('queueDraft', input);
}

/** Sends a draft in one call: main saves the composer's copy, queues it and, with wait, answers the service's result. */
export function sendDraft(input: IpcInput<'sendDraft'>): Promise<IpcOutput<'sendDraft'>> {
  return call('sendDraft', input);
}

/** Forgets a draft the user discarded (or left blank). */
export function deleteDraft(input: IpcInput<'deleteDraft'>): Promise<IpcOutput<'deleteDraft'>> {
  return call('deleteDraft', input);
}

/** Uploads a picture or video from a web address the user pasted. */
export function uploadMediaFromUrl(
  input: IpcInput<'uploadMediaFromUrl'>,
): Promise<IpcOutput<'uploadMediaFromUrl'>> {
  return call('uploadMediaFromUrl', input);
}

/** The posts between two instants. */
export function listPosts(input: IpcInput<'listPosts'>): Promise<IpcOutput<'listPosts'>> {
  return call('listPosts', input);
}

/** One post as main holds it (opening it from a link, or the composer reading its group). */
export function getPost(input: IpcInput<'getPost'>): Promise<IpcOutput<'getPost'>> {
  return call('getPost', input);
}

/** One draft as main keeps it. */
export function getDraft(input: IpcInput<'getDraft'>): Promise<IpcOutput<'getDraft'>> {
  return call('getDraft', input);
}

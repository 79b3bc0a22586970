import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

/** Exports: main writes the file and answers with its token, never a path the window chose. */

/** Writes a review pack (a page or a PDF) of the posts in scope. */
export function exportReviewPack(
  input: IpcInput<'exportReviewPack'>,
): Promise<IpcOutput<'exportReviewPack'>> {
  return call('exportReviewPack', input);
}

/** Writes the posts in scope to a file in the chosen format. */
export function exportPosts(input: IpcInput<'exportPosts'>): Promise<IpcOutput<'exportPosts'>> {
  return call('exportPosts', input);
}

/** Shows the file an export just wrote in the system's file manager. */
export function showExportedFile(
  input: IpcInput<'showExportedFile'>,
): Promise<IpcOutput<'showExportedFile'>> {
  return call('showExportedFile', input);
}

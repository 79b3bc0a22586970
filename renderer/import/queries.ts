import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import { call } from '../ipc/ipc.js';

/* An import is previewed, corrected row by row, then run: main reads the file and writes the posts. */

/** Reads a file to import and says what each row would become, writing nothing. */
export function previewImport(input: IpcInput<'previewImport'>): Promise<IpcOutput<'previewImport'>> {
  return call('previewImport', input);
}

/** Imports the previewed rows the user kept; the answer is the posts written. */
export function runImport(input: IpcInput<'runImport'>): Promise<IpcOutput<'runImport'>> {
  return call('runImport', input);
}

/** Corrects one row of a previewed import and checks it again. */
export function editImportRow(input: IpcInput<'editImportRow'>): Promise<IpcOutput<'editImportRow'>> {
  return call('editImportRow', input);
}

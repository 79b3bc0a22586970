import { openRegularFile } from '../files/open-regular.js';
import { AppFailure } from '../core/app-failure.js';

/** A reply of 2,000 verdicts with long comments stays well under this; anything larger is not a reply. */
const MAX_REPLY_BYTES = 16 * 1024 * 1024;

/** Reads a review reply the user chose, once, checked as opened (electron/files/open-regular.ts). */
export async function readReplyFile(path: string): Promise<string> {
  let opened;
  try {
    opened = await openRegularFile(path);
  } catch {
    throw new AppFailure('INVALID_ARGUMENT', 'This review reply could not be opened; choose the file again.');
  }
  try {
    if (opened.size > MAX_REPLY_BYTES)
      throw new AppFailure(
        'INVALID_ARGUMENT',
        'This file is far too large to be a review reply; choose the reply the pack saved.',
      );
    return await opened.handle.readFile({ encoding: 'utf8' });
  } finally {
    await opened.handle.close();
  }
}

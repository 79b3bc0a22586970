import { whyTimePassed } from '../../shared/posts/time-passed.js';
import { AppFailure } from '../core/app-failure.js';
import { checkUploadFile, UploadFileError, type CheckedFile } from '../media/upload-check.js';

/** Checks every write of a post makes before anything is queued, each with the sentence it shows. */

export const MISSING_DATE = 'Pick a date and time for a scheduled post.';

export function requireFuture(now: () => Date, date: string): void {
  const passed = whyTimePassed(date, now().getTime());
  if (passed) throw new AppFailure('INVALID_ARGUMENT', passed);
}

/** The file checks, as an error the renderer shows as it is. */
export async function checkFileForUser(path: string): Promise<CheckedFile> {
  try {
    return await checkUploadFile(path);
  } catch (err) {
    if (err instanceof UploadFileError) throw new AppFailure('INVALID_ARGUMENT', err.message);
    throw err;
  }
}

import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/*
 * Opening a file the user chose, once, for reading: the checks are made on the opened descriptor
 * (fstat), never on the path before opening it, so a file swapped after a check (a FIFO, a device,
 * a folder) is seen for what it is. O_NONBLOCK keeps the open itself from waiting: opening a FIFO
 * for reading blocks until a writer comes, which held a thread of the pool and every later file
 * call, and kept the app from quitting. On a regular file the flag changes nothing.
 */

export interface OpenedFile {
  handle: FileHandle;
  /** The size of the opened file when it was opened. */
  size: number;
}

/** The path names something that is not a regular file (a folder, a pipe, a device). */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREGULAR';
  constructor() {
    super('not a regular file');
    this.name = 'NotRegularFileError';
  }
}

export async function openRegularFile(path: string): Promise<OpenedFile> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new NotRegularFileError();
    return { handle, size: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

import { readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { AppFailure } from '../core/app-failure.js';
import { parseImportBytes, ROWS_PER_MESSAGE, type WorkerFile, type WorkerMessage } from './import-file.js';

/*
 * The import parse worker (a worker_threads Worker; scripts/build.mjs bundles it as
 * import-worker.cjs beside main): reads the file main opened (its descriptor; at most the size main
 * checked), decodes and parses it off main's thread, and sends the rows back in slices. Errors go back as sentences; nothing of the file's content is quoted.
 */

const { fd, size, kind } = workerData as WorkerFile;
const send = (message: WorkerMessage) => parentPort?.postMessage(message);

/** The file's bytes from its start, up to the size main checked (a file that grew since is cut there). */
function readAll(): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  while (at < size) {
    const read = readSync(fd, bytes, at, size - at, at);
    if (read === 0) break;
    at += read;
  }
  return bytes.subarray(0, at);
}

try {
  const parsed = parseImportBytes(readAll(), kind);
  send({
    type: 'head',
    columns: parsed.columns,
    encoding: parsed.encoding,
    delimiter: parsed.delimiter,
    total: parsed.rows.length,
  });
  for (let i = 0; i < parsed.rows.length; i += ROWS_PER_MESSAGE) {
    send({ type: 'rows', rows: parsed.rows.slice(i, i + ROWS_PER_MESSAGE) });
  }
  send({ type: 'done' });
} catch (error) {
  send(
    error instanceof AppFailure && (error.code === 'INVALID_ARGUMENT' || error.code === 'INTERNAL')
      ? { type: 'error', code: error.code, message: error.message }
      : {
          type: 'error',
          code: 'INVALID_ARGUMENT',
          message: 'This file could not be read as posts; check it in an editor.',
        },
  );
}

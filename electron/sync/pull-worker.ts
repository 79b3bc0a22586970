import { parentPort, workerData } from 'node:worker_threads';
import { IntegrationsRepo } from '../integrations/integrations-repo.js';
import { setLogSink } from '../log.js';
import { openDatabase, waitForWriteIntent } from '../store/database.js';
import { OutboxRepo } from '../outbox/outbox-repo.js';
import { PostsCache } from '../store/posts-cache.js';
import { SettingsRepo } from '../store/settings-repo.js';
import { writePull, type PullReply, type PullRequest } from './pull-writer.js';

/*
 * The pull worker (a worker_threads Worker; scripts/build.mjs bundles it as pull-worker.cjs beside
 * main): its own connection to the app's database file (WAL: main reads on while it writes; the
 * busy timeout makes either wait for the other's short transaction), reading, checking and writing
 * the answers main's pulls received. Answers are written one after another, in the order they came.
 */

export interface PullWorkerData {
  dbPath: string;
  /** Main's write intent (database.ts shareWriteIntent): no slice starts while it is raised. */
  intent: Int32Array;
}

const port = parentPort;
if (!port) throw new Error('pull-worker.ts runs as a worker thread');
// Main keeps the log file; what goes wrong here goes back to main as a reply.
setLogSink(() => undefined);

const { dbPath, intent } = workerData as PullWorkerData;
const db = openDatabase(dbPath);
const stores = {
  db,
  // Main's writes (a drag's outbox entry) go first: they wait only for the slice being written.
  waitTurn: () => waitForWriteIntent(intent),
  cache: new PostsCache(db),
  outbox: new OutboxRepo(db),
  integrations: new IntegrationsRepo(db),
  settings: new SettingsRepo(db),
};
/**
 * Main's connection leaves the WAL to this one (pull-thread.ts turns its automatic checkpoints
 * off): a checkpoint copies the WAL into the file and waits for the disk, and on main it held a
 * drag's commit for hundreds of ms after a pull had filled the WAL. Passive: it never waits for
 * main, nor main for it. After each answer, and now and then for main's own writes.
 */
const checkpoint = () => {
  try {
    if (db.sql.open) db.sql.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or closing: the next one copies it.
  }
};
const CHECKPOINT_EVERY_MS = 30_000;
const every = setInterval(checkpoint, CHECKPOINT_EVERY_MS);
every.unref();
let running = true;
let queue: Promise<void> = Promise.resolve();
const send = (reply: PullReply) => port.postMessage(reply);

port.on('message', (request: PullRequest) => {
  if (request.type === 'stop') {
    // No slice starts after this; the one being written ends, then the connection closes.
    running = false;
    clearInterval(every);
    void queue.then(() => {
      checkpoint();
      db.close();
      port.close();
    });
    return;
  }
  const { pull } = request;
  queue = queue.then(async () => {
    try {
      send(
        await writePull(
          stores,
          pull,
          () => running,
          (slice) => send({ type: 'slice', job: pull.job, ...slice }),
        ),
      );
      checkpoint();
    } catch (error) {
      send({
        type: 'failed',
        job: pull.job,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  });
});

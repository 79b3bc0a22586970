import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AnswerRefused } from '../api/client.js';
import { createLogger } from '../log.js';
import type { AppDatabase } from '../store/database.js';
import type { PostOutcome } from '../store/posts-cache.js';
import { PullReply, type PullJob, type PullRequest } from './pull-writer.js';
import type { PullWorkerData } from './pull-worker.js';

/*
 * Main's side of the pull worker (pull-worker.ts): started at the first pull, handed each answer's
 * bytes (transferred, not copied), and told to stop when the app closes. A worker that dies fails
 * the pulls it held (the reader asks again later) and the next pull starts another.
 */

const log = createLogger('pull-thread');

/** The worker built from source once per process (tests, the browser bridge and benches run TypeScript). */
let builtFromSource: Promise<string> | null = null;

/**
 * The pull worker: the bundle scripts/build.mjs puts beside main.cjs, or, when main runs from its
 * TypeScript sources (vitest, the e2e bridge, the benches), the same entry bundled with esbuild the
 * way the build does (a worker cannot load TypeScript by itself). Several apps in one process (the
 * e2e bridge) share one bundle, built once.
 */
async function workerUrl(): Promise<URL> {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new URL('./pull-worker.cjs', here);
  // A test run bundles it once before any test (test/support/import-worker-setup.ts).
  const ready = process.env.POSTDECK_PULL_WORKER;
  builtFromSource ??= ready
    ? Promise.resolve(ready)
    : import('./pull-worker-bundle.js').then(async ({ bundlePullWorker }) => {
        const outfile = join(tmpdir(), `postdeck-pull-worker-${process.pid}.cjs`);
        await bundlePullWorker(outfile);
        return outfile;
      });
  return pathToFileURL(await builtFromSource);
}

interface Waiting {
  onSlice: (slice: { changed: number; outcomes: PostOutcome[] }) => void;
  resolve: (result: { changed: number; stopped: boolean }) => void;
  reject: (error: Error) => void;
}

export class PullThread {
  private worker: Promise<Worker> | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextJob = 1;
  private stopped = false;
  private exited: Promise<void> = Promise.resolve();

  /** Raised by main's connection while it writes or waits to: the worker starts no transaction then. */
  private readonly intent = new Int32Array(new SharedArrayBuffer(4));

  constructor(private readonly db: AppDatabase) {
    db.shareWriteIntent(this.intent);
  }

  /**
   * Reads, checks and writes one answer in the worker. Resolves with how many posts changed;
   * throws AnswerRefused when the bytes are not a post list (nothing written), an Error when the
   * worker could not write.
   */
  async write(
    pull: Omit<PullJob, 'job'>,
    onSlice: (slice: { changed: number; outcomes: PostOutcome[] }) => void,
  ): Promise<{ changed: number; stopped: boolean }> {
    if (this.stopped) return { changed: 0, stopped: true };
    const worker = await this.start();
    if (this.stopped) return { changed: 0, stopped: true };
    const job = this.nextJob++;
    return new Promise((resolve, reject) => {
      this.waiting.set(job, { onSlice, resolve, reject });
      const request: PullRequest = { type: 'pull', pull: { ...pull, job } };
      worker.postMessage(request, [pull.body]);
    });
  }

  /** Whether the worker thread is running (it starts at the first write). */
  get alive(): boolean {
    return this.worker !== null;
  }

  /** No slice is written after this; resolves once the worker closed its connection and ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    const worker = this.worker ? await this.worker.catch(() => null) : null;
    if (worker) worker.postMessage({ type: 'stop' } satisfies PullRequest);
    await this.exited;
  }

  private start(): Promise<Worker> {
    this.worker ??= workerUrl().then((url) => {
      const data: PullWorkerData = { dbPath: this.db.path, intent: this.intent };
      const worker = new Worker(url, { workerData: data });
      // The worker checkpoints the WAL (pull-worker.ts): a commit of main's never copies it.
      this.db.sql.exec('PRAGMA wal_autocheckpoint = 0');
      let onExit = () => {};
      this.exited = new Promise((resolve) => (onExit = resolve));
      worker.on('message', (raw: unknown) => this.take(raw));
      worker.on('error', (error) => log.warn('the pull worker failed', error));
      worker.on('exit', (code) => {
        if (code !== 0 && !this.stopped) log.warn(`the pull worker ended (${code})`);
        this.worker = null;
        if (this.db.sql.open) this.db.sql.exec('PRAGMA wal_autocheckpoint = 1000');
        const ended = new Error('The pull worker ended before writing this answer.');
        for (const w of this.waiting.values()) w.reject(ended);
        this.waiting.clear();
        onExit();
      });
      return worker;
    });
    return this.worker;
  }

  private take(raw: unknown): void {
    const parsed = PullReply.safeParse(raw);
    if (!parsed.success) {
      log.warn('the pull worker sent something unexpected');
      return;
    }
    const reply = parsed.data;
    const w = this.waiting.get(reply.job);
    if (!w) return;
    if (reply.type === 'slice') {
      w.onSlice({ changed: reply.changed, outcomes: reply.outcomes });
      return;
    }
    this.waiting.delete(reply.job);
    if (reply.type === 'done') w.resolve({ changed: reply.changed, stopped: reply.stopped });
    else if (reply.type === 'refused') w.reject(new AnswerRefused(reply.kind, reply.detail));
    else w.reject(new Error(`The pull could not be stored: ${reply.message}`));
  }
}

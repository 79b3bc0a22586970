import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BENCH_DIR } from './results.js';
import type { ServiceChildOptions, ServiceChildReady } from './service-child.js';

/*
 * The local service in a child process on a fresh data dir, so
 * what the benchmark measures in its own process (memory, the event loop) is the client's alone.
 */

export interface ChildService extends ServiceChildReady {
  pid: number;
  /** The service's data dir (a benchmark may change its posts as another device would). */
  dataDir: string;
  close(): Promise<void>;
}

export async function startChildService(
  opts: Partial<Omit<ServiceChildOptions, 'dataDir'>> = {},
): Promise<ChildService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-svc-'));
  const options: ServiceChildOptions = {
    dataDir,
    rateLimit: null,
    seedPosts: 0,
    seedFrom: Date.now(),
    seedMonths: 1,
    ...opts,
  };
  // BENCH_PROFILE_DIR=<dir> writes the service's CPU profile there, to see where its time goes.
  const dir = process.env.BENCH_PROFILE_DIR;
  const profile = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', join(BENCH_DIR, 'lib', 'service-child.ts'), JSON.stringify(options)],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<ServiceChildReady>((resolve, reject) => {
    lines.once('line', (line) => resolve(JSON.parse(line) as ServiceChildReady));
    child.once('exit', (code) => reject(new Error(`the service child exited (${code}) before it was ready`)));
  });
  return {
    ...ready,
    pid: child.pid ?? -1,
    dataDir,
    async close() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

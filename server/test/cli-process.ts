import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { join } from 'node:path';

/*
 * How the tests start the service's CLI: Node itself with tsx's loader, not the `tsx` wrapper. The
 * wrapper runs the service in a child Node of its own, so killing the wrapper (SIGKILL in a test's
 * `finally`) left that child serving, orphaned, after the test run.
 */

export const repoRoot = join(import.meta.dirname, '..', '..');
const cliArgs = (args: readonly string[]) => ['--import', 'tsx', 'server/cli.ts', ...args];

/** Starts `server/cli.ts` with `args`; the child is the service itself. */
export const spawnCli = (args: readonly string[]): ChildProcess =>
  spawn(process.execPath, cliArgs(args), { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });

/** Runs `server/cli.ts` with `args` to the end. */
export const runCli = (args: readonly string[]): SpawnSyncReturns<string> =>
  spawnSync(process.execPath, cliArgs(args), { cwd: repoRoot, encoding: 'utf8' });

/** The processes whose command line holds `marker` (a test's own data dir), as `ps` lists them. */
export function processesMentioning(marker: string): string[] {
  const ps = spawnSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  if (ps.status !== 0) throw new Error(`ps failed: ${ps.stderr}`);
  return ps.stdout.split('\n').filter((line) => line.includes(marker) && !line.includes(' ps -eo'));
}

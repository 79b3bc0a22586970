// `npm run typecheck`: each runtime has its own tsconfig, so a file sees only the globals of the
// runtime it runs in (DOM in renderer/, Node in electron/ and server/, neither in shared/). This runs
// `tsc --noEmit -p` on every one of them (as many at once as the machine has cores) and fails if a
// TypeScript file of the repo belongs to none, so nothing goes unchecked. Project references would
// need every project to emit declarations; plain `-p` per config needs nothing.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set([
  'node_modules',
  'dist',
  'release',
  '.data',
  '.tmp',
  'test-results',
  'playwright-report',
]);

/** Every path under the repo whose name passes `keep`, skipping dependencies and outputs. */
function walk(dir, keep, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, keep, found);
    else if (keep(entry.name)) found.push(path);
  }
  return found;
}

const configs = walk(
  root,
  (name) => /^tsconfig(\.[\w-]+)?\.json$/.test(name) && name !== 'tsconfig.base.json',
).sort();

// Which files each config checks, read without type-checking (fast).
const covered = new Set();
for (const config of configs) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!parsed) throw new Error(`Could not read ${relative(root, config)}`);
  for (const file of parsed.fileNames) covered.add(resolve(file));
}
const orphans = walk(root, (name) => /\.(ts|tsx|mts|cts)$/.test(name)).filter((file) => !covered.has(file));
if (orphans.length > 0) {
  console.error(`No tsconfig checks these files; add them to the config of the runtime they run in:`);
  for (const file of orphans) console.error(`  ${relative(root, file)}`);
  process.exit(1);
}

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
function check(config) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '--pretty', '-p', config], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const name = relative(root, config);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
      if (code !== 0) process.stdout.write(output);
      done(code === 0);
    });
  });
}

const queue = [...configs];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    while (queue.length > 0) results.push(await check(queue.shift()));
  }),
);
if (results.includes(false)) process.exit(1);

// `npm run audit:electron`. Electronegativity (Doyensec's Electron security scanner)
// over what the app is made of: the main-process and preload source (electron/) and the built
// renderer and preload, fresh from scripts/build.mjs. Fails on any HIGH or MEDIUM finding that
// security/electronegativity-allowlist.json does not explain, and on any allowlist entry that no
// longer matches a finding (so the list never hides a line that has changed since it was reviewed).
//
// main.cjs itself is not scanned: it is electron/ (scanned as source, where findings point at our
// lines) plus third-party libraries, which Electronegativity leaves out by design (node_modules).
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { transform } from 'esbuild';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const BLOCKING = new Set(['HIGH', 'MEDIUM']);

/**
 * One finding of Electronegativity's runner, flattened to the fields the gate reads. Its CLI report
 * is not used: the CLI writes the CSV header and the rows with two unawaited fs.writeFile calls (one
 * truncating, one appending), which race; CI once read a file whose header had overwritten the
 * first row.
 */
export function toFinding(issue) {
  const text = (value) => (value == null ? 'N/A' : String(value).trim());
  return {
    check: text(issue.id),
    severity: text(issue.severity?.name),
    confidence: text(issue.confidence?.name),
    file: text(issue.file),
    location: `${issue.location?.line ?? 0}:${issue.location?.column ?? 0}`,
    sample: text(issue.sample),
    description: text(issue.description),
  };
}

/**
 * Electronegativity fetches its translations and Electron's release list with got 11 on every run.
 * Offline (CI, any sandbox) got 11 retries on a timer that, on Node 24, throws after the request has
 * already failed (sindresorhus/got#1489) and kills the audit. The scan needs neither download: its
 * got is replaced, before it loads, by one that answers "offline" at once (it then says so and
 * scans as usual).
 */
export function keepScannerOffline() {
  const require = createRequire(import.meta.url);
  const scannerDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));
  const gotPath = createRequire(join(scannerDir, 'package.json')).resolve('got');
  const offline = () => Promise.reject(new Error('offline: the audit does not use the network'));
  offline.head = offline;
  offline.default = offline;
  require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: offline };
}

const same = (entry, finding) =>
  entry.check === finding.check && entry.file === finding.file && entry.sample === finding.sample;

/** Blocking findings no allowlist entry explains, and entries that explain nothing any more. */
export function judge(findings, allowlist) {
  const blocking = findings.filter((f) => BLOCKING.has(f.severity));
  return {
    blocking,
    unexplained: blocking.filter((f) => !allowlist.some((entry) => same(entry, f))),
    stale: allowlist.filter((entry) => !blocking.some((f) => same(entry, f))),
  };
}

async function scan() {
  const work = await mkdtemp(join(tmpdir(), 'postdeck-electronegativity-'));
  try {
    const dist = join(work, 'dist');
    await run(process.execPath, ['scripts/build.mjs'], {
      cwd: root,
      env: { ...process.env, POSTDECK_DIST_DIR: dist },
    });
    // What is scanned, laid out as findings name it: electron/…, renderer/…, preload-bundle/….
    const target = join(work, 'app');
    await cp(join(root, 'electron'), join(target, 'electron'), {
      recursive: true,
      filter: (path) => !path.includes(`${join(root, 'electron', 'test')}`) && !path.endsWith('.test.ts'),
    });
    await cp(join(dist, 'renderer'), join(target, 'renderer'), {
      recursive: true,
      filter: (path) => !path.endsWith('.map'),
    });
    // The scanner's AST walker does not know class private fields (#x, in TanStack Query's bundle):
    // it skipped those files with an error. They are scanned lowered to ES2021 by esbuild, which
    // rewrites that syntax only; every call the checks look for is left as it is.
    for (const file of await readdir(join(target, 'renderer'), { recursive: true })) {
      if (!file.endsWith('.js')) continue;
      const path = join(target, 'renderer', file);
      const { code } = await transform(await readFile(path, 'utf8'), { loader: 'js', target: 'es2021' });
      await writeFile(path, code);
    }
    // The scanner reads .js, not .cjs.
    await cp(join(dist, 'electron', 'preload.cjs'), join(target, 'preload-bundle', 'preload.js'));
    const { version } = JSON.parse(await readFile(join(root, 'node_modules/electron/package.json'), 'utf8'));
    keepScannerOffline();
    const { default: electronegativity } = await import('@doyensec/electronegativity');
    const { issues, errors } = await electronegativity(
      { input: target, isRelative: true, electronVersionOverride: version },
      false,
    );
    // A file the scanner could not parse was not checked: that is a failure, not a pass.
    const unread = errors.filter((e) => !e.tolerable);
    if (unread.length > 0)
      throw new Error(
        `the scanner could not read ${unread.map((e) => `${e.file} (${e.message})`).join(', ')}`,
      );
    return issues.map(toFinding);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function main() {
  const allowlist = JSON.parse(
    await readFile(join(root, 'security/electronegativity-allowlist.json'), 'utf8'),
  ).findings;
  const findings = await scan();
  const { blocking, unexplained, stale } = judge(findings, allowlist);
  const line = (f) => `  ${f.severity.padEnd(6)} ${f.check} ${f.file}:${f.location}  ${f.sample}`;
  console.log(`Electronegativity: ${findings.length} finding(s), ${blocking.length} high or medium.`);
  for (const f of blocking.filter((f) => !unexplained.includes(f)))
    console.log(`${line(f)}\n    allowed: ${allowlist.find((e) => same(e, f)).reason}`);
  for (const f of findings.filter((f) => !BLOCKING.has(f.severity)))
    console.log(`${line(f)}  (${f.description})`);
  if (unexplained.length > 0) {
    console.error(
      `\n${unexplained.length} high or medium finding(s) not explained in security/electronegativity-allowlist.json:`,
    );
    for (const f of unexplained) console.error(`${line(f)}\n    ${f.description}`);
  }
  if (stale.length > 0) {
    console.error('\nAllowlist entries that match no finding any more (review and remove or update them):');
    for (const e of stale) console.error(`  ${e.check} ${e.file}  ${e.sample}`);
  }
  if (unexplained.length > 0 || stale.length > 0) process.exit(1);
  console.log('No unexplained high or medium finding.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(
      `Electronegativity audit failed to run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
}

// Runs in Node: `npm run audit:electron`. Electronegativity (Doyensec's Electron security scanner)
// over what the app is made of: the main-process and preload source (electron/) and the built
// renderer and preload, fresh from scripts/build.mjs. Fails on any HIGH or MEDIUM finding that
// security/electronegativity-allowlist.json does not explain, and on any allowlist entry that no
// longer matches a finding (so the list never hides a line that has changed since it was reviewed).
//
// main.cjs itself is not scanned: it is electron/ (scanned as source, where findings point at our
// lines) plus third-party libraries, which Electronegativity leaves out by design (node_modules).
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('..', import.meta.url));
const BLOCKING = new Set(['HIGH', 'MEDIUM']);

/** Parses Electronegativity's CSV report (quoted fields, "" for a quote inside one). */
export function parseReport(csv) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && csv[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  return rows.slice(1).map(([check, severity, confidence, file, location, sample, description]) => ({
    check: check.trim(),
    severity: severity.trim(),
    confidence: confidence.trim(),
    file: file.trim(),
    location: location.trim(),
    sample: sample.trim(),
    description: description?.trim() ?? '',
  }));
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
    // The scanner reads .js, not .cjs.
    await cp(join(dist, 'electron', 'preload.cjs'), join(target, 'preload-bundle', 'preload.js'));
    const { version } = JSON.parse(await readFile(join(root, 'node_modules/electron/package.json'), 'utf8'));
    const report = join(work, 'report.csv');
    const cli = join(root, 'node_modules/@doyensec/electronegativity/dist/index.js');
    await run(process.execPath, [cli, '-i', target, '-r', '-o', report, '-e', version, '-v', 'false'], {
      cwd: work,
      maxBuffer: 16 * 1024 * 1024,
    });
    return parseReport(await readFile(report, 'utf8'));
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

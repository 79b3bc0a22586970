// npm run bench: runs every benchmark, each in its own Node process (tsx), then writes
// bench/results.md from what they recorded in bench/.out: machine, versions, load, each figure
// with its target beside it and PASS/MISS. Benchmarks print numbers; they are not tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, release, totalmem, type as osType } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const outDir = join(benchDir, '.out');
const BENCHES = [
  { name: 'calendar', file: 'calendar.bench.ts', node: [] },
  { name: 'store', file: 'store.bench.ts', node: [] },
  { name: 'upload', file: 'upload.bench.ts', node: ['--expose-gc'] },
  { name: 'service', file: 'service.bench.ts', node: [] },
  { name: 'text', file: 'text.bench.ts', node: [] },
  { name: 'faults', file: 'faults.bench.ts', node: [] },
  { name: 'truth', file: 'truth.bench.ts', node: [] },
  { name: 'search', file: 'search.bench.ts', node: [] },
  { name: 'review', file: 'review.bench.ts', node: [] },
  { name: 'bulk-import', file: 'bulk-import.bench.ts', node: [] },
  { name: 'sync-drag', file: 'sync-drag.bench.ts', node: [] },
  { name: 'brands-month', file: 'brands-month.bench.ts', node: [] },
  { name: 'analytics', file: 'analytics.bench.ts', node: [] },
];
const only = process.argv.slice(2);

const fmt = (n) => {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 100) return n.toFixed(0);
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(2);
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

function osName() {
  try {
    const line = readFileSync('/etc/os-release', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('PRETTY_NAME='));
    if (line) return `${line.slice(13).replace(/"/g, '')} (${osType()} ${release()})`;
  } catch {
    // Not Linux: the kernel name is enough.
  }
  return `${osType()} ${release()}`;
}

// Naming some benchmarks refreshes only their figures; the others' last recorded ones are kept.
mkdirSync(outDir, { recursive: true });
for (const b of BENCHES.filter((b) => only.length === 0 || only.includes(b.name))) {
  rmSync(join(outDir, `${b.name}.json`), { force: true });
}
/**
 * A fixed single-threaded JavaScript loop, timed before the benchmarks: absolute times differ
 * between machines (the same code measured 2.5x slower on one of our VMs than on another), so the
 * report says how fast this one was. Best of three, to stay clear of a passing hiccup.
 */
function cpuCalibration() {
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    let x = 0;
    for (let i = 0; i < 100_000_000; i++) x += i % 7;
    if (x < 0) console.log(x);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}
const calibration = cpuCalibration();
const started = new Date();
const loads = [`start: ${load()}`];
const failures = [];
for (const b of BENCHES.filter((b) => only.length === 0 || only.includes(b.name))) {
  const calibrationBefore = cpuCalibration();
  console.log(`\n== ${b.name} (load average ${load()}, CPU calibration ${calibrationBefore.toFixed(0)} ms)`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [...b.node, '--import', 'tsx', join(benchDir, b.file)], {
    stdio: 'inherit',
  });
  loads.push(`after ${b.name}: ${load()}`);
  if (r.status !== 0) failures.push(`${b.name} failed (exit ${r.status ?? r.signal})`);
  // Each benchmark's figures keep the calibration of the run that measured them: a later run of
  // another benchmark must not lend them its own.
  const out = join(outDir, `${b.name}.json`);
  if (existsSync(out)) {
    const recorded = JSON.parse(readFileSync(out, 'utf8'));
    writeFileSync(
      out,
      JSON.stringify({ ...recorded, calibrationMs: calibrationBefore, measuredAt: new Date().toISOString() }),
    );
  }
  console.log(`== ${b.name} took ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

const outputs = BENCHES.map((b) => join(outDir, `${b.name}.json`))
  .filter((f) => existsSync(f))
  .map((f) => JSON.parse(readFileSync(f, 'utf8')));
const versions = { Node: process.version, ...Object.assign({}, ...outputs.map((o) => o.versions)) };
const cpu = cpus();
const lines = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` (bench/run.mjs) on ${started.toISOString()}, in ${((Date.now() - started.getTime()) / 60000).toFixed(1)} min${only.length > 0 ? ` (this run: ${only.join(', ')}; every other section is kept as an earlier run wrote it, with its own date)` : ''}. Each figure is the median of the runs listed; PASS/MISS compares it with the target beside it.`,
  '',
  '## Machine',
  '',
  `- CPU: ${cpu[0]?.model ?? 'unknown'}, ${cpu.length} cores`,
  `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB (${(freemem() / 2 ** 30).toFixed(1)} GiB free at the end)`,
  `- OS: ${osName()}`,
  `- CPU calibration: a fixed JavaScript loop (10^8 iterations, best of 3) took ${calibration.toFixed(0)} ms at this run's start (each section gives the one of the run that measured it); compare it before comparing absolute times of two reports`,
  `- Load average (1, 5, 15 min) — the machine is shared with other engineers' test runs, so absolute times are inflated: ${loads.join('; ')}`,
  `- Versions: ${Object.entries(versions)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
  '',
];
if (failures.length > 0) lines.push('**Failed:** ' + failures.join('; '), '');
// Each section's text, by its title: the ones measured now, and (when only some benchmarks ran)
// the ones an earlier run wrote, so naming one benchmark never wipes the others' figures.
const measured = new Map();
for (const o of outputs) {
  const sections = [...new Set(o.figures.map((f) => f.section))];
  for (const section of sections) {
    const block = [`## ${section}`, ''];
    if (o.calibrationMs !== undefined)
      block.push(`Measured ${o.measuredAt}, CPU calibration then ${fmt(o.calibrationMs)} ms.`, '');
    block.push('| Figure | Value | Target | Result | Runs | Note |', '|---|---:|---|---|---|---|');
    for (const f of o.figures.filter((x) => x.section === section)) {
      const result = f.pass === null ? '—' : f.pass ? 'PASS' : '**MISS**';
      block.push(
        `| ${f.name} | ${fmt(f.value)} ${f.unit} | ${f.target ?? '— (reported)'} | ${result} | ${f.runs.map(fmt).join(', ')} | ${(f.note ?? '').replace(/\|/g, '/')} |`,
      );
    }
    block.push('');
    if (section === sections.at(-1)) {
      for (const n of o.notes) block.push(`- ${n}`);
      if (o.notes.length > 0) block.push('');
    }
    measured.set(section, block);
  }
}
const earlier = new Map();
const previous = join(benchDir, 'results.md');
// The diary under the figures (what missed, what was changed, dated) is written by hand: every run,
// whole or partial, keeps it as it is.
const DIARY = '# Diary';
const before = existsSync(previous) ? readFileSync(previous, 'utf8').split('\n') : [];
const diaryAt = before.indexOf(DIARY);
const figuresBefore = diaryAt >= 0 ? before.slice(0, diaryAt) : before;
const diary = diaryAt >= 0 ? before.slice(diaryAt).join('\n').trimEnd().split('\n') : [];
if (only.length > 0) {
  let title = null;
  for (const line of figuresBefore) {
    if (line.startsWith('## ')) {
      title = line.slice(3).trim();
      earlier.set(title, []);
    }
    if (title !== null && title !== 'Machine') earlier.get(title).push(line);
  }
  earlier.delete('Machine');
}
// The earlier order, each measured section in its place; new sections last.
for (const [title, block] of earlier) lines.push(...(measured.get(title) ?? block));
for (const [title, block] of measured) if (!earlier.has(title)) lines.push(...block);
if (diary.length > 0) lines.push(...diary, '');
// Written as the repository's formatter writes it (aligned tables), so a run leaves the format check clean.
const resultsPath = join(benchDir, 'results.md');
const prettier = await import('prettier');
const options = { ...(await prettier.resolveConfig(resultsPath)), filepath: resultsPath };
writeFileSync(resultsPath, await prettier.format(lines.join('\n'), options));
console.log(`\nwrote bench/results.md${failures.length ? ` (${failures.join('; ')})` : ''}`);
if (failures.length > 0) process.exitCode = 1;

import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { planBulkChange, type BulkAction } from '../shared/bulk/plan.js';
import type { CalendarPost } from '../shared/posts/ipc.js';
import { calendarPost } from '../test/support/calendar-post.js';
import { openConnectedApp } from '../electron/test/support/app.js';
import { startTestService } from '../electron/test/support/service.js';
import { Recorder } from './lib/results.js';

/*
 * Runs under Node (tsx). The speed figures the tests used to time (nothing timed is a test, so they
 * moved here): planning a bulk change of 500 posts among 3,000 (shared/bulk/plan.test.ts counts its
 * work instead), and main's longest event-loop stall while it reads, checks and queues a 5,000-row
 * import and while it refuses hostile files (electron/test/import/*.test.ts check that the work
 * runs in slices and in the parse worker). The app's services run in this process, as main.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const rec = new Recorder('bulk-import');

// --- planBulkChange: 500 selected among 3,000, clash checks included --------------------------
const now = Date.parse('2026-10-20T12:00:00Z');
const accounts = ['a1', 'a2', 'a3', 'a4', 'a5'];
const existing: CalendarPost[] = Array.from({ length: 3000 }, (_, i) => {
  const id = accounts[i % accounts.length]!;
  return calendarPost({
    id: `p${i}`,
    group: `g${i}`,
    publishDate: new Date(now + 3_600_000 + i * 17 * 60_000).toISOString(),
    integration: { id, platform: 'x', name: id, picture: null },
    content: `Text ${i % 400}`,
  });
});
const slots = [0, 1, 2, 3, 4, 5, 6].flatMap((weekday) =>
  ['09:00', '12:00', '17:00'].map((time) => ({ weekday, time })),
);
const actions: BulkAction[] = [
  { kind: 'shift', days: 1, hours: 2 },
  { kind: 'timeOfDay', time: '11:30' },
  { kind: 'nextFreeSlots' },
  { kind: 'delete' },
];
for (const action of actions) {
  const runs = Array.from({ length: RUNS }, () => {
    const t0 = performance.now();
    planBulkChange(existing.slice(0, 500), action, {
      zone: 'America/New_York',
      now,
      whyNotMovable: () => null,
      whyNotDeletable: () => null,
      slotsFor: () => slots,
      existing,
      gapMinutes: 60,
    });
    return performance.now() - t0;
  });
  rec.add({
    section: 'Bulk plan',
    name: `planBulkChange ${action.kind}: 500 of 3,000 posts`,
    unit: 'ms',
    runs,
    atMost: 200,
  });
}

// --- imports, main's longest stall ------------------------------------------------------------
const svc = await startTestService();
const app = await openConnectedApp(svc);
// Offline after the accounts are known: the rows wait in the outbox, as the test has it.
await svc.close();
const dir = await mkdtemp(join(tmpdir(), 'postdeck-bench-import-'));

/** `work`'s time and main's longest event-loop stall during it, in ms. */
async function stallDuring(work: () => Promise<unknown>): Promise<{ ms: number; stallMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  delay.disable();
  return { ms, stallMs: delay.max / 1e6 };
}

const warm = join(dir, 'warm.csv');
await writeFile(warm, 'text,accounts,date\nHi,x,queue\n');
await app.call('previewImport', { file: await app.chosen(warm) });

const rowsCsv = join(dir, 'rows.csv');
const lines = ['text,accounts,date'];
const start = Date.UTC(2030, 5, 1, 8, 0);
for (let i = 0; i < 5000; i += 1) {
  lines.push(`"Bulk post ${i}, with a comma",Harbor Coffee,${new Date(start + i * 3_600_000).toISOString()}`);
}
await writeFile(rowsCsv, lines.join('\r\n'));
const check: number[] = [];
const queue: number[] = [];
const stalls: number[] = [];
for (let r = 0; r < Math.min(RUNS, 3); r++) {
  let importId = '';
  const a = await stallDuring(async () => {
    importId = (await app.ok('previewImport', { file: await app.chosen(rowsCsv) })).importId;
  });
  const b = await stallDuring(() => app.ok('runImport', { importId, drop: [] }));
  check.push(a.ms);
  queue.push(b.ms);
  stalls.push(Math.max(a.stallMs, b.stallMs));
  // The next run's rows are new again (each run's dates moved a year on).
  for (let i = 1; i < lines.length; i++)
    lines[i] = lines[i]!.replace(/^"Bulk post \d+/, `"Bulk post ${i} r${r + 1}`);
  await writeFile(rowsCsv, lines.join('\r\n'));
}
rec.add({
  section: 'Import',
  name: '5,000-row CSV: read and checked (previewImport)',
  unit: 'ms',
  runs: check,
});
rec.add({ section: 'Import', name: '5,000-row CSV: queued (runImport)', unit: 'ms', runs: queue });
rec.add({
  section: 'Import',
  name: "5,000-row CSV: main's longest event-loop stall, check and queue",
  unit: 'ms',
  runs: stalls,
  atMost: 50,
});

const hugeCell = join(dir, 'huge-cell.csv');
{
  const file = await open(hugeCell, 'w');
  const words = Buffer.from('word '.repeat(200_000) + '\n---\n');
  await file.write('text,accounts,date\n"');
  for (let i = 0; i < 40; i++) await file.write(words);
  await file.write('",x,queue\n');
  await file.close();
}
const manyKeys = join(dir, 'keys.json');
{
  const file = await open(manyKeys, 'w');
  await file.write('[{"text":"Hi"');
  for (let chunk = 0; chunk < 20; chunk++) {
    await file.write(Array.from({ length: 10_000 }, (_, i) => `,"k${chunk}_${i}":"v"`).join(''));
  }
  await file.write('}]');
  await file.close();
}
for (const [name, path] of [
  ['a 40 MB cell (refused)', hugeCell],
  ['a JSON of 200,000 keys (refused)', manyKeys],
] as const) {
  const runs: number[] = [];
  for (let r = 0; r < Math.min(RUNS, 3); r++) {
    const file = await app.chosen(path);
    runs.push((await stallDuring(() => app.call('previewImport', { file }))).stallMs);
  }
  rec.add({
    section: 'Import',
    name: `hostile file, ${name}: main's longest event-loop stall`,
    unit: 'ms',
    runs,
    atMost: 50,
  });
}
rec.note(
  "Main's longest stall is monitorEventLoopDelay's maximum (5 ms resolution) during the IPC call, the machine's load counted in; the bound is 50 ms.",
);
rec.save();
await app.close();
await rm(dir, { recursive: true, force: true });

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * The run's one clock (test/support/shifted-clock.mjs): E2E_NOW moves "now" for every process and
 * thread that preloads it, by one offset, and the clock keeps ticking. Each case runs in a child
 * Node, as the runners' workers do, so this file's own clock is never touched.
 */

const run = promisify(execFile);
/** The real time, whatever clock this run itself keeps. */
const realNow = () => performance.timeOrigin + performance.now();
const MODULE = fileURLToPath(new URL('./support/shifted-clock.mjs', import.meta.url));

/** Runs `code` (an ES module) in a child Node with the clock preloaded; answers its JSON output. */
async function inChild(code: string, env: Record<string, string>): Promise<Record<string, unknown>> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'E2E_NOW' && k !== 'POSTDECK_CLOCK_ANCHOR'),
  );
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...clean, NODE_OPTIONS: `--import=${MODULE}`, ...env },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('the shifted test clock', () => {
  it('moves now to E2E_NOW and keeps ticking; dates built from a value are untouched', async () => {
    const out = await inChild(
      `const a = Date.now();
       await new Promise((r) => setTimeout(r, 60));
       const b = new Date();
       console.log(JSON.stringify({
         a, b: b.getTime(), call: Date(), epoch: new Date(0).toISOString(),
         parsed: Date.parse('2027-03-28T00:30:00Z'), isDate: b instanceof Date,
         utc: Date.UTC(2026, 11, 31), same: Object.getPrototypeOf(b) === Date.prototype,
         sub: (() => {
           // A subclass made after the clock moved, as @date-fns/tz's TZDate is.
           class Zoned extends Date { hello() { return 'zoned'; } }
           const z = new Zoned();
           return { own: z.hello(), at: z.getTime(), dated: new Zoned(0).toISOString() };
         })(),
       }));`,
      { E2E_NOW: '2026-11-30T22:30:00Z' },
    );
    const target = Date.parse('2026-11-30T22:30:00Z');
    expect(out.a as number).toBeGreaterThanOrEqual(target);
    expect((out.a as number) - target).toBeLessThan(60_000);
    expect((out.b as number) - (out.a as number)).toBeGreaterThanOrEqual(50);
    expect(out.call).toMatch(/^Mon Nov 30 2026/);
    expect(out.epoch).toBe('1970-01-01T00:00:00.000Z');
    expect(out.parsed).toBe(Date.parse('2027-03-28T00:30:00Z'));
    expect(out.utc).toBe(Date.UTC(2026, 11, 31));
    expect(out.isDate).toBe(true);
    expect(out.same).toBe(true);
    const sub = out.sub as { own: string; at: number; dated: string };
    expect(sub.own).toBe('zoned');
    expect(sub.at - target).toBeLessThan(60_000);
    expect(sub.at).toBeGreaterThanOrEqual(target);
    expect(sub.dated).toBe('1970-01-01T00:00:00.000Z');
  });

  it('gives a worker thread and a child process the same offset as their parent', async () => {
    const out = await inChild(
      `import { Worker } from 'node:worker_threads';
       import { execFileSync } from 'node:child_process';
       const offset = () => Date.now() - performance.timeOrigin - performance.now();
       const mine = offset();
       const thread = await new Promise((resolve) => {
         const w = new Worker(
           "import { parentPort } from 'node:worker_threads';" +
           "parentPort.postMessage(Date.now() - performance.timeOrigin - performance.now());",
           { eval: true },
         );
         w.on('message', resolve);
       });
       const child = Number(execFileSync(process.execPath, ['-e',
         'console.log(Date.now() - performance.timeOrigin - performance.now())']).toString());
       console.log(JSON.stringify({ mine, thread, child }));`,
      { E2E_NOW: '2026-12-31T23:10:00Z' },
    );
    const expected = Date.parse('2026-12-31T23:10:00Z') - realNow();
    // Each is the shift (E2E_NOW minus the real start) within the few ms a read takes.
    expect(Math.abs((out.mine as number) - expected)).toBeLessThan(60_000);
    expect(Math.abs((out.thread as number) - (out.mine as number))).toBeLessThan(50);
    expect(Math.abs((out.child as number) - (out.mine as number))).toBeLessThan(50);
  });

  it("sets a worker's own instant, and hands the same clock to a child it starts", async () => {
    const out = await inChild(
      `import { execFileSync } from 'node:child_process';
       import { setClockAt, clockForChild, clockIsShifted } from ${JSON.stringify(MODULE)};
       const before = clockIsShifted();
       setClockAt('2027-03-28T00:30:00Z');
       const at = Date.now();
       const offset = () => Date.now() - performance.timeOrigin - performance.now();
       const mine = offset();
       const child = Number(execFileSync(process.execPath, ['-e',
         'console.log(Date.now() - performance.timeOrigin - performance.now())'],
         { env: { ...process.env, ...clockForChild() } }).toString());
       console.log(JSON.stringify({ before, at, mine, child }));`,
      {},
    );
    expect(out.before).toBe(false);
    const target = Date.parse('2027-03-28T00:30:00Z');
    expect(out.at as number).toBeGreaterThanOrEqual(target);
    expect((out.at as number) - target).toBeLessThan(60_000);
    expect(Math.abs((out.child as number) - (out.mine as number))).toBeLessThan(50);
  });

  it('leaves the real time alone when E2E_NOW is unset', async () => {
    const before = realNow() - 1;
    const out = await inChild(`console.log(JSON.stringify({ now: Date.now() }));`, {});
    expect(out.now as number).toBeGreaterThanOrEqual(before);
    expect((out.now as number) - before).toBeLessThan(60_000);
  });

  it('refuses an E2E_NOW that is not an instant, saying what it expects', async () => {
    await expect(inChild(`console.log('{}')`, { E2E_NOW: 'tomorrow' })).rejects.toThrow(
      /E2E_NOW must be an ISO instant/,
    );
  });
});

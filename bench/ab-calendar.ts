import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { serveStatic } from '../e2e/support/static-server.js';
import { debianChromium } from '../e2e/support/debian-chromium.js';
import type { BenchPage } from './calendar/data.js';

/*
 * Runs under Node (tsx): `node --import tsx bench/ab-calendar.ts <checkout> [<checkout> …]`. Our
 * calendar's bench page (calendar/ours.tsx) built from each checkout (e.g. a worktree of the commit
 * before a change, and this one), then measured in turns in one browser, the order swapped every
 * run, so a before/after comparison shares the machine's load: first month render, next month,
 * month -> week, medians of RUNS. N posts a month (default 20,000), BRANDS brands (default 10).
 * CPU=1 also gives the page's main-thread CPU time of each step (a Chromium trace; it moves far
 * less with the load than wall time). PROFILE=1 prints each step's top functions (unminified),
 * TRACE=<month|next|week> its style, layout and paint times (SELECTORS=1: CSS selector costs),
 * COUNT=1 the week's element count, DROP=1 also a mouse drag-drop in the week (as calendar.bench.ts
 * drags: a fresh page drawn in week view, timed from the button's release to the post painted in its
 * new day). Not part of `npm run bench`.
 */

declare global {
  interface Window {
    bench: BenchPage;
    pendingDrop?: Promise<number>;
  }
}

const roots = process.argv.slice(2);
const N = Number(process.env.N ?? 20000);
const BRANDS = Number(process.env.BRANDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 5);
const PROFILE = process.env.PROFILE === '1';

async function buildOurs(root: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'ab-cal-'));
  await build({
    configFile: false,
    root: join(root, 'bench/calendar'),
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'chrome130',
      minify: !PROFILE,
      rollupOptions: { input: { ours: join(root, 'bench/calendar/ours.html') } },
    },
  });
  return outDir;
}

type Profile = {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
  }[];
  samples: number[];
  timeDeltas: number[];
};

function top(profile: Profile, label: string) {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]!)!;
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const rows = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`-- ${label}`);
  for (const [k, v] of rows) console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
}

const cpuOf: Record<string, number> = {};
async function oneRun(browser: Browser, url: string, tag: string) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  const page: Page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => typeof window.bench === 'object');
  const cdp = PROFILE ? await context.newCDPSession(page) : null;
  const measure = async (name: string, f: () => Promise<number>) => {
    if (process.env.CPU === '1') {
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', '__metadata'],
      });
      const ms = await f();
      const buf = await browser.stopTracing();
      type E = {
        name: string;
        ph: string;
        tdur?: number;
        tid: number;
        pid: number;
        args?: { name?: string };
      };
      const events = (JSON.parse(buf.toString()) as { traceEvents: E[] }).traceEvents;
      const main = new Set(
        events
          .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
          .map((e) => `${e.pid}:${e.tid}`),
      );
      let cpu = 0;
      for (const e of events)
        if (e.ph === 'X' && e.name === 'RunTask' && main.has(`${e.pid}:${e.tid}`))
          cpu += (e.tdur ?? 0) / 1000;
      cpuOf[name] = cpu;
      return ms;
    }
    if (process.env.TRACE === name) {
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink',
          'v8',
          ...(process.env.SELECTORS ? ['disabled-by-default-blink.debug'] : []),
        ],
      });
      const ms = await f();
      const buf = await browser.stopTracing();
      const events = (
        JSON.parse(buf.toString()) as {
          traceEvents: { name: string; ph: string; dur?: number; tid: number; pid: number; args?: unknown }[];
        }
      ).traceEvents;
      const sums = new Map<string, number>();
      for (const e of events)
        if (e.ph === 'X' && e.dur) sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur / 1000);
      const sel = new Map<string, [number, number, number]>();
      for (const e of events) {
        const stats = (
          e.args as
            | {
                selector_stats?: {
                  selector_timings?: {
                    selector: string;
                    elapsed: number;
                    match_attempts: number;
                    match_count: number;
                  }[];
                };
              }
            | undefined
        )?.selector_stats?.selector_timings;
        for (const t of stats ?? []) {
          const v = sel.get(t.selector) ?? [0, 0, 0];
          sel.set(t.selector, [
            v[0] + Number((t as unknown as Record<string, number>)['elapsed (us)']) / 1000,
            v[1] + t.match_attempts,
            v[2] + t.match_count,
          ]);
        }
      }
      for (const [k, v] of [...sel.entries()].sort((a, b) => b[1][0] - a[1][0]).slice(0, 20))
        console.log(`sel ${v[0].toFixed(2)} ms ${v[1]} attempts ${v[2]} matches  ${k}`);
      console.log(`-- trace ${tag} ${name} ${ms.toFixed(0)} ms`);
      for (const [k, v] of [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
        console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
      return ms;
    }
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const ms = await f();
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(`/tmp/ab-${tag}-${name}.cpuprofile`, JSON.stringify(profile));
      top(profile as Profile, `${tag} ${name} ${ms.toFixed(0)} ms`);
    }
    return ms;
  };
  const month = await measure('month', () => page.evaluate(() => window.bench.render('month')));
  const next = await measure('next', () => page.evaluate(() => window.bench.navigate('next')));
  await page.evaluate(() => window.bench.navigate('prev'));
  const week = await measure('week', () => page.evaluate(() => window.bench.switchToWeek()));
  if (process.env.COUNT === '1')
    console.log(
      await page.evaluate(() => ({
        elements: document.querySelectorAll('*').length,
        boxes: document.querySelectorAll('[data-post-box]').length,
        more: document.querySelectorAll('.cal-more-event').length,
        styled: document.querySelectorAll('[style]').length,
      })),
    );
  await context.close();
  return {
    month,
    next,
    week,
    drop: process.env.DROP === '1' ? await dropRun(browser, url) : NaN,
    cpu: { ...cpuOf },
  };
}

/** A drag-drop in week view on a fresh page, as calendar.bench.ts drags: ms from the release to painted. */
async function dropRun(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => typeof window.bench === 'object');
  await page.evaluate(() => window.bench.render('week'));
  const { from, to } = await page.evaluate(() => window.bench.dragPoints());
  await page.evaluate(() => {
    window.pendingDrop = window.bench.watchDrop();
  });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 6, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.up();
  const ms = await page.evaluate(() => window.pendingDrop!);
  await context.close();
  return ms;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const browser = await chromium.launch(debianChromium);
const servers = [];
for (const root of roots) servers.push(await serveStatic(await buildOurs(root)));
const results = roots.map(() => ({
  month: [] as number[],
  next: [] as number[],
  week: [] as number[],
  drop: [] as number[],
  cpuMonth: [] as number[],
  cpuNext: [] as number[],
  cpuWeek: [] as number[],
}));
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (let i = 0; i < roots.length; i++)
  await oneRun(browser, `${servers[i]!.url}ours.html?n=${N}&brands=${BRANDS}`, 'warm');
for (let r = 0; r < RUNS; r++) {
  const order = r % 2 === 0 ? roots.map((_, i) => i) : roots.map((_, i) => i).reverse();
  for (const i of order) {
    const x = await oneRun(browser, `${servers[i]!.url}ours.html?n=${N}&brands=${BRANDS}`, `r${i}`);
    results[i]!.month.push(x.month);
    results[i]!.next.push(x.next);
    results[i]!.week.push(x.week);
    results[i]!.drop.push(x.drop);
    results[i]!.cpuMonth.push(x.cpu.month ?? NaN);
    results[i]!.cpuNext.push(x.cpu.next ?? NaN);
    results[i]!.cpuWeek.push(x.cpu.week ?? NaN);
  }
}
console.log(
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
roots.forEach((root, i) => {
  const r = results[i]!;
  console.log(
    `${root}: month ${median(r.month).toFixed(0)} [${r.month.map((x) => x.toFixed(0)).join(' ')}] next ${median(r.next).toFixed(0)} [${r.next.map((x) => x.toFixed(0)).join(' ')}] week ${median(r.week).toFixed(0)} [${r.week.map((x) => x.toFixed(0)).join(' ')}]`,
  );
  if (process.env.DROP === '1')
    console.log(`  drop ${median(r.drop).toFixed(0)} [${r.drop.map((x) => x.toFixed(0)).join(' ')}]`);
  if (process.env.CPU === '1')
    console.log(
      `  main-thread CPU: month ${median(r.cpuMonth).toFixed(0)} [${r.cpuMonth.map((x) => x.toFixed(0)).join(' ')}] next ${median(r.cpuNext).toFixed(0)} [${r.cpuNext.map((x) => x.toFixed(0)).join(' ')}] week ${median(r.cpuWeek).toFixed(0)} [${r.cpuWeek.map((x) => x.toFixed(0)).join(' ')}]`,
    );
});
await browser.close();
for (const s of servers) await s.close();

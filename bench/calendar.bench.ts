import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { serveStatic } from '../e2e/support/static-server.js';
import type { BenchPage } from './calendar/data.js';
import { BENCH_DIR, median, Recorder, round } from './lib/results.js';
import { debianChromium } from '../e2e/support/debian-chromium.js';

/*
 * Runs under Node (tsx). Our calendar and FullCalendar side by side in Debian's Chromium: both
 * pages bundled for production by vite, served from 127.0.0.1, each measurement on a fresh page
 * at 1440x900. Every time is taken inside the page (performance.now to painted); this process
 * only drives. Each figure is the median of RUNS runs.
 */

const SIZES = (process.env.BENCH_SIZES ?? '500,2000,10000').split(',').map(Number);
/** `BENCH_BRANDS=10`: our page draws the all-brands view: the posts dealt to ten brands, each chip with its brand's colour and avatar. */
const BRANDS = Number(process.env.BENCH_BRANDS ?? '0');
const pageOf = (lib: { key: string; page: string }, n: number) =>
  `${lib.page}?n=${n}${lib.key === 'ours' && BRANDS > 0 ? `&brands=${BRANDS}` : ''}`;
const brandsLabel = BRANDS > 0 ? ` · ${BRANDS} brands` : '';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LIBS = [
  { key: 'ours', label: 'Postdeck', page: 'ours.html' },
  { key: 'fc', label: 'FullCalendar', page: 'fullcalendar.html' },
] as const;
/**
 * Where the absolute targets apply: 2,000 posts a month for one brand; for the all-brands view
 * (BENCH_BRANDS) ten brands × 2,000 posts, 20,000 a month.
 */
const TARGET_AT = BRANDS > 0 ? 20_000 : 2_000;
/** Most runs where the targets are; fewer elsewhere to keep the run short. */
const runsAt = (n: number) => (n === TARGET_AT ? RUNS : Math.min(RUNS, 3));
/** Its own section for the all-brands view, so a run of it keeps the one-brand figures, and the other way round. */
const SECTION = BRANDS > 0 ? `Calendar, all brands (${BRANDS} brands)` : 'Calendar';

declare global {
  interface Window {
    bench: BenchPage;
    pendingDrop?: Promise<number>;
  }
}

type Scenario = 'monthFirst' | 'weekFirst' | 'nextMonth' | 'viewSwitch' | 'drop';
/** `atMost`: the target at TARGET_AT for one brand; `allBrandsAtMost`: the all-brands view's. */
const SCENARIOS: { key: Scenario; name: string; atMost?: number; allBrandsAtMost?: number }[] = [
  { key: 'monthFirst', name: 'first render, month view', allBrandsAtMost: 500 },
  { key: 'weekFirst', name: 'first render, week view' },
  { key: 'nextMonth', name: 'switch to the next month', atMost: 200, allBrandsAtMost: 100 },
  { key: 'viewSwitch', name: 'switch month → week view', atMost: 200, allBrandsAtMost: 100 },
  {
    key: 'drop',
    name: 'drag-drop (week view): drop to visible in the new slot',
    atMost: 100,
    allBrandsAtMost: 100,
  },
];

async function buildPages(outDir: string): Promise<void> {
  const root = join(BENCH_DIR, 'calendar');
  await build({
    configFile: false,
    root,
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'chrome130',
      // BENCH_MINIFY=0 keeps function names, for reading a profile of the pages.
      minify: process.env.BENCH_MINIFY !== '0',
      rollupOptions: {
        input: { ours: join(root, 'ours.html'), fullcalendar: join(root, 'fullcalendar.html') },
      },
    },
  });
}

async function openPage(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page
    .waitForFunction(() => typeof window.bench === 'object')
    .catch(() => {
      throw new Error(`the bench page did not start: ${errors.join('; ') || 'no error shown'}`);
    });
  return { page, close: () => context.close(), errors };
}

/** One run on one calendar: month render, next month, back, to week; then a fresh page for week render and the drag. */
async function oneRun(browser: Browser, url: string): Promise<Record<Scenario, number>> {
  const a = await openPage(browser, url);
  const monthFirst = await a.page.evaluate(() => window.bench.render('month'));
  const nextMonth = await a.page.evaluate(() => window.bench.navigate('next'));
  await a.page.evaluate(() => window.bench.navigate('prev'));
  const viewSwitch = await a.page.evaluate(() => window.bench.switchToWeek());
  await a.close();

  const b = await openPage(browser, url);
  const weekFirst = await b.page.evaluate(() => window.bench.render('week'));
  const { from, to } = await b.page.evaluate(() => window.bench.dragPoints());
  await b.page.evaluate(() => {
    window.pendingDrop = window.bench.watchDrop();
  });
  const { mouse } = b.page;
  await mouse.move(from.x, from.y);
  await mouse.down();
  await mouse.move(from.x + 6, from.y + 6, { steps: 3 });
  await mouse.move(to.x, to.y, { steps: 15 });
  await mouse.up();
  const drop = await Promise.race([
    b.page.evaluate(() => window.pendingDrop!),
    new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 10_000)),
  ]);
  if (b.errors.length > 0) throw new Error(`the page failed: ${b.errors.join('; ')}`);
  await b.close();
  return { monthFirst, weekFirst, nextMonth, viewSwitch, drop };
}

function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  const file = require.resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

async function main(): Promise<void> {
  const rec = new Recorder('calendar');
  const outDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-pages-'));
  const browser = await chromium.launch(debianChromium);
  const server = await (async () => {
    await buildPages(outDir);
    return serveStatic(outDir);
  })();
  try {
    rec.version('Chromium', browser.version());
    for (const name of [
      'react',
      'react-dom',
      'react-big-calendar',
      '@fullcalendar/react',
      '@fullcalendar/core',
      '@fullcalendar/timegrid',
    ])
      rec.version(name, packageVersion(name));

    for (const n of SIZES) {
      const runs: Record<string, Record<Scenario, number[]>> = {};
      for (const lib of LIBS) {
        runs[lib.key] = { monthFirst: [], weekFirst: [], nextMonth: [], viewSwitch: [], drop: [] };
        // One warm-up per calendar, so its first run does not pay for the browser's own start.
        if (n === SIZES[0]) await oneRun(browser, `${server.url}${pageOf(lib, n)}`);
        for (let r = 0; r < runsAt(n); r++) {
          const result = await oneRun(browser, `${server.url}${pageOf(lib, n)}`);
          for (const s of SCENARIOS) runs[lib.key]![s.key].push(result[s.key]);
        }
        console.log(
          `${lib.label} at ${n}: ${SCENARIOS.map((s) => `${s.key} ${round(median(runs[lib.key]![s.key]))}`).join(', ')}`,
        );
      }
      for (const s of SCENARIOS) {
        const ours = runs.ours![s.key];
        const theirs = runs.fc![s.key];
        const fcMedian = median(theirs);
        const oursMedian = median(ours);
        const atMost = BRANDS > 0 ? s.allBrandsAtMost : s.atMost;
        const absolute = n === TARGET_AT && atMost !== undefined;
        const noWorse = oursMedian <= fcMedian * 1.05 || oursMedian - fcMedian <= 2;
        const absolutePass = !absolute || oursMedian <= atMost;
        const target = [absolute ? `≤ ${atMost} ms` : null, `≤ FullCalendar`].filter(Boolean).join(', ');
        rec.add({
          section: SECTION,
          name: `${s.name} · ${n.toLocaleString('en-US')} posts${brandsLabel} · ours`,
          unit: 'ms',
          runs: ours,
          target,
          note: `FullCalendar ${round(fcMedian)} ms; ours/FullCalendar = ${round(oursMedian / fcMedian)}`,
        });
        const fig = rec.last();
        fig.pass = absolutePass && noWorse && Number.isFinite(oursMedian);
        rec.add({
          section: SECTION,
          name: `${s.name} · ${n.toLocaleString('en-US')} posts${brandsLabel} · FullCalendar`,
          unit: 'ms',
          runs: theirs,
        });
      }
    }
    rec.note(
      `Posts: N in June 2027 and N in July 2027 (so the next month draws as much), 16 accounts on 8 platforms, hours 7-22 weighted to lunch and evening, UTC; window 1440x900; ${RUNS} runs per figure at ${TARGET_AT.toLocaleString('en-US')} posts and ${Math.min(RUNS, 3)} at the other sizes (the whole run must fit in ~10 minutes on 2 shared cores), after one warm-up per calendar, each on a fresh browser context. ` +
        'Timing in the page: performance.now() before the change, until the result is in the DOM and two animation frames have passed (painted). ' +
        'Drop: Playwright drags a post with the mouse in week view from Tue 15 June 05:00 to Thu 17 June; timed from the release of the button (its pointerup, which comes before its mouseup; captured on window before either library sees it) to the post painted in the new column. ' +
        'Both calendars hold the posts in React state and write the new time back on drop; month cells stop at their height with "+N more" in both (FullCalendar dayMaxEvents). ' +
        'A "≤ FullCalendar" target passes within 5 % or 2 ms of FullCalendar\'s median.' +
        (BRANDS > 0
          ? ` All-brands view: our page deals the posts to ${BRANDS} brands (each chip with its brand's colour and avatar); FullCalendar holds the same posts. Targets at 20,000 posts: first month ≤ 500 ms, next month, month → week and drop ≤ 100 ms.`
          : ''),
    );
  } finally {
    await browser.close();
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
  rec.save();
}

await main();

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serialize } from 'node:v8';
import { chromium, type Page } from '@playwright/test';
import type { AnalyticsResponse } from '../shared/api/resources.js';
import type { AnalyticsHistory } from '../shared/analytics/ipc.js';
import { RANGE_KINDS, todayIn, type RangeKind } from '../shared/analytics/ranges.js';
import type { RollupBy } from '../shared/analytics/rollup.js';
import type { BrandRef } from '../shared/ipc/models.js';
import { ALL_SECTIONS } from '../shared/reports/model.js';
import type { MonthlyReportsResult } from '../shared/reports/ipc.js';
import { analyticsView, periodsOf, type AnalyticsChoice } from '../renderer/analytics/view-model.js';
import { AnalyticsRepo } from '../electron/analytics/analytics-repo.js';
import { createAppServices, type AppServices } from '../electron/app-services.js';
import type { HostOptions } from '../electron/context/app-context.js';
import { setLogSink } from '../electron/log.js';
import { MemorySecretStore } from '../electron/secrets/memory-secret-store.js';
import { profileKeyAccount } from '../electron/secrets/secret-store.js';
import { BrandsRepo } from '../electron/store/brands-repo.js';
import { openDatabase } from '../electron/store/database.js';
import { SettingsRepo } from '../electron/store/settings-repo.js';
import { attachBridge } from '../e2e/support/bridge.js';
import { debianChromium } from '../e2e/support/debian-chromium.js';
import { printWithChromium } from '../e2e/support/print-pdf.js';
import { longestTaskSince, serveBuiltRenderer } from './lib/renderer.js';
import { median, Recorder, round } from './lib/results.js';
import { BENCH_PROFILE, saveBenchProfile } from './lib/cached-posts.js';
import { startChildService } from './lib/service.js';

/*
 * Runs under Node (tsx). The analytics kept on this computer at the size an agency reaches in a
 * year: ten brands × nine accounts × 365 days of daily metrics (32,850 account-days) and about
 * 20,000 kept posts with their metrics, written through AnalyticsRepo's own write path into a real
 * database file (migrations and all). Measured:
 * - main's work per getAnalyticsHistory (the IPC dispatch the preload and the test bridge use,
 *   input checked, answer walked for keys): the screen's own queries (a period with the period
 *   before and the same days a year before, so most of them read the whole year), all brands and one;
 * - the window's part of a change of period or roll-up: the view model (shared/analytics/rollup.ts
 *   + renderer/analytics/view-model.ts) on the year's answer, in Node;
 * - in the app itself (the services as main in this process, the production renderer in Debian's
 *   Chromium over the test bridge, offline: a closed loopback port): a click on Analytics until its
 *   first metric card is painted, and a change of period and of roll-up until painted;
 * - a day's snapshot of 90 accounts against the local service (a child process), the snapshot job
 *   as the app builds it, with main's longest event-loop stall (monitorEventLoopDelay) during it;
 * - the client report on the seeded year, through the IPC dispatch with a save and a folder dialog
 *   answering a folder of the bench and Chromium's page.pdf standing in for Electron's printToPDF
 *   (as in the e2e tests): one brand's last month as PDF, and the monthly reports of all ten brands
 *   with main's longest event-loop stall, with the printing and without it (main's own part).
 * `BENCH_ANALYTICS=reads,view,screen,snapshot,report` runs only some parts while working;
 * `BENCH_ANALYTICS_KEEP=1` keeps the seeded folder; `BENCH_ANALYTICS_SHOTS=<dir>` saves screenshots;
 * `BENCH_PROFILE_STEPS=1` prints the page's busiest functions in each timed step.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const BRANDS = 10;
const ACCOUNTS = 9;
const DAYS = 365;
/** Kept posts per account: ~20,000 in all. */
const POSTS_PER_ACCOUNT = 222;
const OFFLINE = 'http://127.0.0.1:9/v1';
const ZONE = 'UTC';
const PARTS = new Set((process.env.BENCH_ANALYTICS ?? 'reads,view,screen,snapshot,report').split(','));

const rec = new Recorder('analytics');
setLogSink(() => undefined);
const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

const SECTION = 'Analytics history (a year of 10 brands × 9 accounts)';
const DAY_MS = 86_400_000;
const today = todayIn(ZONE);
const todayMs = Date.parse(`${today}T00:00:00Z`);
const brandRefs: BrandRef[] = Array.from({ length: BRANDS }, (_, b) => ({
  profileId: BENCH_PROFILE,
  brandId: `brand_${b}`,
}));
const PLATFORMS = ['x', 'linkedin', 'instagram', 'facebook', 'threads', 'bluesky', 'tiktok', 'youtube', 'x'];

/** A stable number in [0, 1) for a seed, so every run seeds the same numbers. */
function unit(n: number): number {
  const x = Math.sin(n * 12.9898) * 43758.5453;
  return x - Math.floor(x);
}

/** One account's year as the service answers it (the same metric keys as server/analytics). */
function yearAnswer(b: number, a: number): AnalyticsResponse {
  const id = `int_${b}_${a}`;
  const seed = b * 100 + a;
  let followers = 500 + Math.round(unit(seed) * 20_000);
  const daily = Array.from({ length: DAYS }, (_, i) => {
    const impressions = Math.round(40 + unit(seed * 1000 + i) * 2_000);
    const engagements = Math.round(impressions * (0.01 + unit(seed * 1000 + i + 0.5) * 0.05));
    followers += Math.round(impressions * 0.004);
    return {
      date: new Date(todayMs - (DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10),
      metrics: { followers, impressions, engagements, posts: i % 3 === 0 ? 1 : 0 },
    };
  });
  const recentPosts = Array.from({ length: POSTS_PER_ACCOUNT }, (_, p) => {
    const at = todayMs - (DAYS - 1) * DAY_MS + Math.floor(((p + 0.5) * DAYS * DAY_MS) / POSTS_PER_ACCOUNT);
    const impressions = Math.round(300 + unit(seed * 7 + p) * 4_700);
    const likes = Math.round(impressions * 0.03);
    return {
      postId: `post_${b}_${a}_${p}`,
      group: `group_${b}_${a}_${p}`,
      publishDate: new Date(at + ((p * 7919) % 600) * 60_000).toISOString(),
      releaseURL: `https://example.com/${b}/${a}/${p}`,
      content: `Kept post ${p} of account ${a}: a line of text like the ones people publish`,
      metrics: {
        impressions,
        likes,
        comments: Math.round(likes * 0.1),
        shares: Math.round(likes * 0.05),
        clicks: Math.round(impressions * 0.01),
        engagementRate: 0.045,
      },
    };
  });
  return {
    integration: { id, platform: PLATFORMS[a % PLATFORMS.length]!, name: `Brand ${b} account ${a}` },
    profile: { followers, following: 300, impressions: 30_000, engagements: 900, posts: 10 },
    daily,
    recentPosts,
  };
}

/** A data folder holding the year for ten brands of one connection, the all-brands view chosen. */
function seededFolder(): { dir: string; seedMs: number; posts: number; days: number } {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-bench-analytics-'));
  const db = openDatabase(join(dir, 'postdeck.db'));
  saveBenchProfile(db, { baseUrl: OFFLINE, brandId: 'brand_0', keyStorage: 'keychain' });
  const brands = new BrandsRepo(db);
  const repo = new AnalyticsRepo(db);
  const t0 = performance.now();
  let posts = 0;
  let days = 0;
  for (let b = 0; b < BRANDS; b++) {
    brands.upsert(BENCH_PROFILE, { id: `brand_${b}`, name: `Brand ${String.fromCharCode(65 + b)} Studio` });
    for (let a = 0; a < ACCOUNTS; a++) {
      const answer = yearAnswer(b, a);
      days += repo.saveAccount(brandRefs[b]!, answer, new Date());
      posts += answer.recentPosts.length;
    }
    repo.markSnapshot(brandRefs[b]!, new Date());
  }
  const seedMs = performance.now() - t0;
  const settings = new SettingsRepo(db);
  settings.set('activeProfileId', BENCH_PROFILE);
  settings.set('calendar.allBrands', true);
  db.close();
  return { dir, seedMs, posts, days };
}

async function openOffline(dir: string, host: HostOptions = {}): Promise<AppServices> {
  const secrets = new MemorySecretStore();
  await secrets.set(profileKeyAccount(BENCH_PROFILE), 'pst_test_bench_offline_key');
  return createAppServices({ ...host, dataDir: dir, secretStore: secrets, apiTimeoutMs: 1_000 });
}

async function history(
  services: AppServices,
  input: { brands?: BrandRef[]; from: string; to: string },
): Promise<{ ms: number; value: AnalyticsHistory }> {
  const t0 = performance.now();
  const result = await services.invoke('getAnalyticsHistory', input);
  const ms = performance.now() - t0;
  if (!result.ok) throw new Error(result.error.message);
  return { ms, value: result.value as AnalyticsHistory };
}

const choice = (rangeKind: RangeKind, rollup: RollupBy = 'all'): AnalyticsChoice => ({
  rangeKind,
  custom: null,
  rollup,
  groupKey: null,
  compare: 'previous',
});

// --- main's reads ------------------------------------------------------------------------------
async function reads(seed: ReturnType<typeof seededFolder>): Promise<AnalyticsHistory> {
  // Right after the app opened: main reads the shown brands' history ahead in the background, one
  // account per turn of its event loop; a read at once finds little held, a read later finds it all.
  const atOnce: number[] = [];
  const later: number[] = [];
  const aheadStall: number[] = [];
  const baseStall: number[] = [];
  const last30Query = periodsOf(choice('last30'), today).query;
  for (let r = 0; r < Math.min(RUNS, 5); r++) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    let fresh = await openOffline(seed.dir);
    try {
      atOnce.push((await history(fresh, { brands: brandRefs, ...last30Query })).ms);
    } finally {
      await fresh.close();
    }
    fresh = await openOffline(seed.dir);
    delay.enable();
    try {
      await new Promise((res) => setTimeout(res, 3_000));
      delay.disable();
      aheadStall.push(delay.max / 1e6);
      later.push((await history(fresh, { brands: brandRefs, ...last30Query })).ms);
    } finally {
      await fresh.close();
    }
    // The same 3 s with nothing read ahead: what the app's own start costs main's event loop.
    const hold = AnalyticsRepo.prototype.hold;
    AnalyticsRepo.prototype.hold = () => undefined;
    const base = monitorEventLoopDelay({ resolution: 5 });
    fresh = await openOffline(seed.dir);
    base.enable();
    try {
      await new Promise((res) => setTimeout(res, 3_000));
      base.disable();
      baseStall.push(base.max / 1e6);
    } finally {
      await fresh.close();
      AnalyticsRepo.prototype.hold = hold;
    }
  }
  rec.add({
    section: SECTION,
    name: `main's work for getAnalyticsHistory at once after the app opened (little held yet), all brands, the screen's "Last 30 days" query (and the 30 before)`,
    unit: 'ms',
    runs: atOnce,
    atMost: 50,
    note: 'each run opens the services on the file again and reads at once: what the read-ahead has not held yet is read from the file, every row checked',
  });
  rec.add({
    section: SECTION,
    name: "main's longest event-loop stall in the 3 s after the app opened, while it reads the shown brands' history ahead",
    unit: 'ms',
    runs: aheadStall,
    atMost: 50,
    note: `the same 3 s with nothing read ahead (the app's own start alone): ${round(median(baseStall))} ms (runs ${baseStall.map(round).join(', ')})`,
  });
  rec.add({
    section: SECTION,
    name: `main's work for the first getAnalyticsHistory 3 s after the app opened, all brands, the screen's "Last 30 days" query`,
    unit: 'ms',
    runs: later,
    atMost: 50,
  });
  const services = await openOffline(seed.dir);
  try {
    const kept = { from: new Date(todayMs - (DAYS - 1) * DAY_MS).toISOString().slice(0, 10), to: today };
    const thisYear = periodsOf(choice('thisYear'), today).query;
    const last30 = periodsOf(choice('last30'), today).query;
    const last30YearAgo = periodsOf({ ...choice('last30'), compare: 'yearBefore' }, today).query;
    const queries: {
      name: string;
      input: { brands?: BrandRef[]; from: string; to: string; also?: { from: string; to: string } };
    }[] = [
      {
        name: `all brands, the whole kept year (${kept.from} – ${kept.to})`,
        input: { brands: brandRefs, ...kept },
      },
      {
        name: `all brands, the screen's "This year" query (${thisYear.from} – ${thisYear.to}: this year and the one before it)`,
        input: { brands: brandRefs, ...thisYear },
      },
      {
        name: `all brands, the screen's "Last 30 days" query (${last30.from} – ${last30.to}: with the 30 days before)`,
        input: { brands: brandRefs, ...last30 },
      },
      {
        name: `all brands, "Last 30 days" compared with the same days a year before (the 60 days and ${last30YearAgo.also?.from} – ${last30YearAgo.also?.to}, not the year between)`,
        input: { brands: brandRefs, ...last30YearAgo },
      },
      {
        name: 'all brands, the last 30 days alone',
        input: { brands: brandRefs, from: periodsOf(choice('last30'), today).range.from, to: today },
      },
      {
        name: `one brand, the screen's "Last 30 days" query`,
        input: { brands: [brandRefs[0]!], ...last30 },
      },
    ];
    // Warm the statements and the JIT, as a window open for a while has, and let the read-ahead
    // hold the accounts (it runs a turn of the event loop per account; back-to-back reads here
    // never give it one, as a window's reads, apart in time, do).
    for (let i = 0; i < 3; i++) for (const q of queries) await history(services, q.input);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    let answer: AnalyticsHistory | null = null;
    for (const q of queries) {
      // Electron's IPC copies an answer with V8's serializer on main's thread, after the handler.
      const copy: number[] = [];
      let bytes = 0;
      const runs: number[] = [];
      let size = 0;
      for (let r = 0; r < RUNS; r++) {
        const { ms, value } = await history(services, q.input);
        runs.push(ms);
        const t0 = performance.now();
        bytes = serialize(value).length;
        copy.push(performance.now() - t0);
        answer ??= value;
        size = value.accounts.reduce((n, a) => n + a.days.length, 0);
        await new Promise((res) => setTimeout(res, 20));
      }
      const posts = (await history(services, q.input)).value.accounts.reduce((n, a) => n + a.posts.length, 0);
      rec.add({
        section: SECTION,
        name: `main's work for getAnalyticsHistory, ${q.name}`,
        unit: 'ms',
        runs,
        atMost: 50,
        note: `${size.toLocaleString('en-US')} account-days and ${posts.toLocaleString('en-US')} posts answered; through the IPC dispatch (input checked, answer walked for keys); then Electron's copy of the answer (v8.serialize, ${round(bytes / 1024 / 1024)} MB) on main's thread ${round(median(copy))} ms (runs ${copy.map(round).join(', ')})`,
      });
    }
    return answer!;
  } finally {
    await services.close();
  }
}

// --- the window's derivation on a change ------------------------------------------------------
function derivation(year: AnalyticsHistory): void {
  const nameOf = (b: BrandRef) => `Brand ${b.brandId}`;
  const steps: { name: string; choice: AnalyticsChoice }[] = [
    ...RANGE_KINDS.filter((r) => r.kind !== 'custom').map((r) => ({
      name: `period "${r.label}", all brands`,
      choice: choice(r.kind),
    })),
    ...(['brand', 'account', 'platform'] as const).map((by) => ({
      name: `roll-up by ${by}, last 30 days`,
      choice: choice('last30', by),
    })),
  ];
  for (let i = 0; i < 3; i++) for (const s of steps) analyticsView(year, s.choice, today, ZONE, nameOf);
  const worst: number[] = [];
  const all: { name: string; runs: number[] }[] = steps.map((s) => ({ name: s.name, runs: [] }));
  for (let r = 0; r < RUNS; r++) {
    let most = 0;
    steps.forEach((s, k) => {
      const t0 = performance.now();
      analyticsView(year, s.choice, today, ZONE, nameOf);
      const ms = performance.now() - t0;
      all[k]!.runs.push(ms);
      most = Math.max(most, ms);
    });
    worst.push(most);
  }
  rec.add({
    section: SECTION,
    name: "the window's view model for a change of period or roll-up on the year's answer (analyticsView: slice, roll-up, compare, rank, weeks), the slowest choice of each run",
    unit: 'ms',
    runs: worst,
    note: `in Node; each choice's median: ${all.map((a) => `${a.name} ${round(median(a.runs))} ms`).join('; ')}`,
  });
}

// --- the screen in the app --------------------------------------------------------------------
/**
 * Runs in the page before its scripts: notes when each getAnalyticsHistory answer reaches the page
 * and when the first metric card is painted, and times a change of a select of the toolbar until
 * the page shows its result (painted two frames after). Plain JavaScript text, so nothing the
 * bench's compiler adds reaches the page.
 */
const PAGE_CLOCK = `
  const clock = (window.__benchClock = { tasks: [], answers: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) clock.tasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  const invoke = window.__postdeckInvoke;
  Object.defineProperty(window, '__postdeckInvoke', {
    configurable: true,
    value: async (name, input) => {
      const asked = performance.now();
      const out = await invoke(name, input);
      if (name === 'getAnalyticsHistory' && !input?.postsOnly)
        clock.answers.push({ asked, answered: performance.now() });
      return out;
    },
  });
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const until = (done) =>
    new Promise((resolve) => {
      if (done()) return resolve();
      new MutationObserver((_, seen) => {
        if (!done()) return;
        seen.disconnect();
        resolve();
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  const shown = () => {
    const section = document.querySelector('section.analytics');
    const cards = document.querySelector('.metric-cards');
    if (!section || !cards || section.getAttribute('aria-busy') === 'true') return null;
    const heading = section.querySelector('h2');
    return (heading ? heading.textContent : '') + '|' + cards.getAttribute('aria-label') + '|' + cards.textContent;
  };
  window.__openAnalytics = async () => {
    const nav = [...document.querySelectorAll('nav[aria-label="Main"] button')].find(
      (b) => b.textContent.trim() === 'Analytics',
    );
    if (!nav) throw new Error('No Analytics button');
    const t0 = performance.now();
    nav.click();
    await until(() => shown() !== null);
    await frames();
    return { ms: performance.now() - t0, at: t0 };
  };
  window.__choose = async (label, value) => {
    const select = [...document.querySelectorAll('.analytics-control')]
      .find((c) => c.querySelector('label').textContent.trim() === label)
      .querySelector('select');
    const before = shown();
    const t0 = performance.now();
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await until(() => { const now = shown(); return now !== null && now !== before; });
    await frames();
    return { ms: performance.now() - t0, at: t0 };
  };
`;

interface Clock {
  tasks: { start: number; ms: number }[];
  answers: { asked: number; answered: number }[];
}
type Timed = { ms: number; at: number };

/** Where a step's time went: main's read, the transport around it, the page's part after the answer. */
async function splitOf(
  page: Page,
  step: Timed,
  mainMs: number | undefined,
  ownRuns: number[],
): Promise<string> {
  const answers = await page.evaluate(
    () => (window as unknown as { __benchClock: Clock }).__benchClock.answers,
  );
  // The period's read is the first asked in the step (every kept post, for the best time to post,
  // is asked only once the period's numbers are in).
  const a = answers.find((x) => x.asked >= step.at);
  if (!a || mainMs === undefined) return 'no read';
  ownRuns.push(step.ms - (a.answered - a.asked - mainMs));
  const inPage = a.answered - step.at;
  return `asked at ${round(a.asked - step.at)} ms, main ${round(mainMs)} ms, transport ${round(a.answered - a.asked - mainMs)} ms, answer to paint ${round(step.ms - inPage)} ms`;
}

/** `BENCH_ANALYTICS_SHOTS=<dir>`: the posts table's end at two sizes, light and dark, to look at. */
const SHOTS = process.env.BENCH_ANALYTICS_SHOTS;

async function shots(page: Page): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1440, 900],
      [1024, 700],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.locator('.recent-posts-more').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS!, `analytics-posts-${width}-${scheme}.png`) });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** `BENCH_PROFILE_STEPS=1`: the page's top functions (self time) in each timed step, built unminified. */
const PROFILE = process.env.BENCH_PROFILE_STEPS === '1';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Runs `step` under the page's CPU profiler (when PROFILE) and prints its 20 busiest functions. */
async function profiled<T extends Timed>(page: Page, label: string, step: () => Promise<T>): Promise<T> {
  if (!PROFILE) return step();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const timed = await step();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  console.log(`-- ${label} (${round(timed.ms)} ms)`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
  return timed;
}

async function screen(seed: ReturnType<typeof seededFolder>): Promise<void> {
  const server = await serveBuiltRenderer({
    reuseDir: process.env.BENCH_RENDERER_DIR,
    ...(PROFILE ? { minify: false } : {}),
  });
  const browser = await chromium.launch(debianChromium);
  const open: number[] = [];
  const openTask: number[] = [];
  const mainMs: number[] = [];
  const answerKB: number[] = [];
  /** For each timed step: main's read, the bridge's transport, and the page's own part after the answer. */
  const split = { open: [] as string[], range: [] as string[] };
  /** Each step without the test bridge's transport of its answer (not Electron's IPC): the app's own part. */
  const own = { open: [] as number[], range: [] as number[] };
  const steps = {
    range: [] as number[],
    rangeTask: [] as number[],
    rollup: [] as number[],
    rollupTask: [] as number[],
    back: [] as number[],
  };
  const loadAtStart = loadNow();
  try {
    for (let i = 0; i < Math.min(RUNS, 5); i++) {
      const services = await openOffline(seed.dir);
      const invoke = services.invoke.bind(services);
      services.invoke = async (...args: Parameters<typeof invoke>) => {
        const started = performance.now();
        const result = await invoke(...args);
        if (args[0] === 'getAnalyticsHistory' && !(args[1] as { postsOnly?: boolean }).postsOnly) {
          mainMs.push(performance.now() - started);
          answerKB.push(JSON.stringify(result).length / 1024);
        }
        return result;
      };
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        await context.addInitScript({ content: 'window.__name = (f) => f;' });
        const bridge = await attachBridge(context, page, services);
        await context.addInitScript({ content: PAGE_CLOCK });
        // The screen's remembered choice: the last 30 days of all brands against the period before.
        await context.addInitScript(
          (value) => localStorage.setItem('postdeck.analytics', value),
          JSON.stringify({
            state: { rangeKind: 'last30', custom: null, rollup: 'all', groupKey: null, compare: 'previous' },
            version: 2,
          }),
        );
        await page.goto(server.url);
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('button', { name: 'Analytics' })
          .waitFor();
        // The calendar's own start-up reads settle first: what is timed is the Analytics screen.
        await page.waitForTimeout(1_500);
        const o = await profiled(page, 'open Analytics', () =>
          page.evaluate(() =>
            (window as unknown as { __openAnalytics: () => Promise<Timed> }).__openAnalytics(),
          ),
        );
        open.push(o.ms);
        split.open.push(await splitOf(page, o, mainMs.at(-1), own.open));
        openTask.push(await longestTaskSince(page, o.at));
        await page.waitForTimeout(500);
        if (i === 0 && SHOTS) await shots(page);
        const choose = (label: string, value: string) =>
          page.evaluate(
            ([l, v]) =>
              (window as unknown as { __choose: (l: string, v: string) => Promise<Timed> }).__choose(l!, v!),
            [label, value],
          );
        const r = await profiled(page, 'period last 90 days', () => choose('Period', 'last90'));
        steps.range.push(r.ms);
        split.range.push(await splitOf(page, r, mainMs.at(-1), own.range));
        steps.rangeTask.push(await longestTaskSince(page, r.at));
        await page.waitForTimeout(500);
        const u = await choose('Add up by', 'brand');
        steps.rollup.push(u.ms);
        steps.rollupTask.push(await longestTaskSince(page, u.at));
        await page.waitForTimeout(500);
        const b = await choose('Add up by', 'all');
        steps.back.push(b.ms);
        bridge.dispose();
      } finally {
        await context.close();
        await services.close();
      }
      console.log(
        `run ${i + 1}: Analytics opened ${round(open.at(-1)!)} ms, period ${round(steps.range.at(-1)!)} ms, roll-up ${round(steps.rollup.at(-1)!)} ms (load ${loadNow()})`,
      );
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const longest = (xs: number[]) =>
    `the page's longest task ${round(median(xs))} ms (runs ${xs.map(round).join(', ')})`;
  rec.add({
    section: SECTION,
    name: 'first paint of the Analytics screen offline: a click on Analytics (calendar open) until its metric cards are painted, the last 30 days of all brands against the period before',
    unit: 'ms',
    runs: open,
    atMost: 300,
    note: `includes the screen's code chunk, main's read, the test bridge's transport (not Electron's IPC), the view model and React's render; each run: ${split.open.join(' / ')}; answer ${round(median(answerKB))} KB as JSON; ${longest(openTask)}; load ${loadAtStart}`,
  });
  rec.add({
    section: SECTION,
    name: "the same first paint without the test bridge's transport of the answer (the app's own part)",
    unit: 'ms',
    runs: own.open,
    note: "Electron's IPC copies the answer instead (on main's thread: see the reads above; taken apart again in the window)",
  });
  rec.add({
    section: SECTION,
    name: 'a change of period (last 30 → last 90 days, all brands): change until the new numbers are painted',
    unit: 'ms',
    runs: steps.range,
    atMost: 100,
    note: `a new read from main, its transport, the view model and the render; each run: ${split.range.join(' / ')}; ${longest(steps.rangeTask)}`,
  });
  rec.add({
    section: SECTION,
    name: "the same change of period without the test bridge's transport of the answer (the app's own part)",
    unit: 'ms',
    runs: own.range,
  });
  rec.add({
    section: SECTION,
    name: 'a change of roll-up (all brands → by brand, last 90 days): change until the new numbers are painted',
    unit: 'ms',
    runs: steps.rollup,
    atMost: 100,
    note: `no read (the answer in hand), the view model and the render; ${longest(steps.rollupTask)}; back to all brands ${round(median(steps.back))} ms; load at the end ${loadNow()}`,
  });
}

// --- a day's snapshot of 90 accounts ----------------------------------------------------------
async function snapshot(): Promise<void> {
  const service = await startChildService({
    seedPosts: 300,
    seedFrom: Date.now() - 40 * DAY_MS,
    seedMonths: 1,
    seedBrands: BRANDS,
    seedAccounts: ACCOUNTS,
    rateLimit: null,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'postdeck-bench-analytics-snap-'));
  let services: AppServices | null = null;
  try {
    services = await createAppServices({
      dataDir,
      secretStore: new MemorySecretStore(),
      apiTimeoutMs: 60_000,
      pullEveryMs: 60 * 60_000,
    });
    const app = services;
    const ok = async (name: string, input?: unknown) => {
      const result = await app.invoke(name, input);
      if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
      return result.value;
    };
    let ended: (() => void) | null = null;
    app.onEvent((name, payload) => {
      if (name === 'analyticsChanged' && !(payload as { updating: boolean }).updating) ended?.();
    });
    const snapshotEnds = () => new Promise<void>((resolve) => (ended = resolve));
    // Connecting starts the first snapshot (after the pull that learns every brand's accounts).
    let first = snapshotEnds();
    await ok('connectProfile', {
      baseUrl: service.baseUrl,
      apiKey: service.token,
      brandId: service.brandIds[0],
    });
    await ok('setAllBrands', { all: true });
    await app.pulled();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([first, new Promise((r) => (timer = setTimeout(r, 60_000)))]);
    clearTimeout(timer);
    // A run that saw only some brands' accounts (learned while it ran) is followed by a full one.
    first = snapshotEnds();
    await ok('snapshotAnalytics', {});
    await first;
    const accountsKept = ((await ok('getAnalyticsHistory', { from: today, to: today })) as AnalyticsHistory)
      .accounts.length;
    const runs: number[] = [];
    const stalls: number[] = [];
    for (let r = 0; r < Math.min(RUNS, 5); r++) {
      const done = snapshotEnds();
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const t0 = performance.now();
      const started = (await ok('snapshotAnalytics', {})) as { started: boolean };
      if (!started.started) throw new Error('the snapshot did not start');
      await done;
      runs.push(performance.now() - t0);
      delay.disable();
      stalls.push(delay.max / 1e6);
      console.log(
        `snapshot ${r + 1}: ${round(runs.at(-1)!)} ms, main's longest stall ${round(stalls.at(-1)!)} ms`,
      );
    }
    rec.add({
      section: SECTION,
      name: `a day's snapshot of ${accountsKept} accounts (10 brands × 9) from the local service: main's longest event-loop stall`,
      unit: 'ms',
      runs: stalls,
      atMost: 50,
      note: `the snapshot job as the app builds it (3 brands at once, each account's 30 days and 10 recent posts kept in one transaction); monitorEventLoopDelay over the whole run; load ${loadNow()}`,
    });
    rec.add({
      section: SECTION,
      name: `a day's snapshot of ${accountsKept} accounts: its whole time`,
      unit: 'ms',
      runs,
    });
  } finally {
    await services?.close();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// --- the client report ------------------------------------------------------------------------
/** Pages in a PDF as Chromium writes it (one uncompressed page object each), or null if none found. */
function pdfPages(bytes: Buffer): number | null {
  const n = bytes.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
  return n > 0 ? n : null;
}

/** Reads a written report back: it must be a PDF; answers its size and pages. */
function checkedPdf(path: string): { bytes: number; pages: number | null } {
  const bytes = readFileSync(path);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`${path} is not a PDF`);
  return { bytes: bytes.length, pages: pdfPages(bytes) };
}

const sizes = (files: { bytes: number; pages: number | null }[]) => {
  const kb = files.map((f) => f.bytes / 1024);
  const pages = files.map((f) => f.pages ?? '?');
  const [least, most] = [round(Math.min(...kb)), round(Math.max(...kb))];
  return `${least === most ? least : `${least}–${most}`} KB, ${[...new Set(pages)].join(' or ')} pages`;
};

/**
 * The client report on the seeded year, through the IPC dispatch as the window asks for it, with
 * the host options the test bridge gives (a save dialog and a folder dialog answering a folder of
 * the bench) and Chromium's page.pdf standing in for Electron's printToPDF, as in the e2e tests.
 */
async function report(seed: ReturnType<typeof seededFolder>): Promise<void> {
  const browser = await chromium.launch(debianChromium);
  const out = mkdtempSync(join(tmpdir(), 'postdeck-bench-analytics-report-'));
  const saved = join(out, 'saved');
  const monthly = join(out, 'monthly');
  mkdirSync(saved);
  mkdirSync(monthly);
  const printStalls: number[] = [];
  const htmlKB: number[] = [];
  const services = await openOffline(seed.dir, {
    chooseSavePath: async ({ defaultName }) => join(saved, defaultName),
    chooseFolder: async () => monthly,
    printToPdf: async (html) => {
      // Main's longest stall inside each print call: the part Playwright's client has in it.
      const inPrint = monitorEventLoopDelay({ resolution: 5 });
      inPrint.enable();
      try {
        return await printWithChromium(browser, html);
      } finally {
        inPrint.disable();
        printStalls.push(inPrint.max / 1e6);
        htmlKB.push(html.length / 1024);
      }
    },
  });
  const ok = async (name: string, input: unknown) => {
    const result = await services.invoke(name, input);
    if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
    return result.value;
  };
  const loadAtStart = loadNow();
  try {
    // One brand's last month as PDF, every section: the dialog's Save as the window asks for it.
    const oneInput = {
      brands: [brandRefs[0]!],
      period: { kind: 'lastMonth' },
      sections: ALL_SECTIONS,
      format: 'pdf',
    };
    const once = async () => {
      const t0 = performance.now();
      const { path } = (await ok('exportClientReport', oneInput)) as { path: string | null };
      const ms = performance.now() - t0;
      if (path === null) throw new Error('the report was not saved');
      return { ms, file: checkedPdf(path) };
    };
    // The first report after start also builds the report page's script and styles (under tsx from
    // the sources; the packaged app reads them built): reported apart, not in the runs.
    const first = await once();
    const single: number[] = [];
    const singleFiles: { bytes: number; pages: number | null }[] = [];
    for (let r = 0; r < RUNS; r++) {
      const { ms, file } = await once();
      single.push(ms);
      singleFiles.push(file);
      await new Promise((res) => setTimeout(res, 50));
    }
    rec.add({
      section: SECTION,
      name: "one brand's report of last month as PDF (every section): exportClientReport through the IPC dispatch until the file is written",
      unit: 'ms',
      runs: single,
      atMost: 3000,
      note: `the report's data from the kept history (9 accounts), its page, Chromium's page.pdf (the e2e stand-in for Electron's printToPDF, in a fresh offline context each time) and the atomic write; each file checked to start with %PDF: ${sizes(singleFiles)}; the first after start (building the page's script from the sources) ${round(first.ms)} ms; load ${loadAtStart}`,
    });

    // Monthly reports of all ten brands into the folder the dialog answers.
    const all: number[] = [];
    const stalls: number[] = [];
    /** The longest of those stalls that fell inside a print call, each run. */
    const inPrints: number[] = [];
    const allFiles: { bytes: number; pages: number | null }[] = [];
    let brandsWritten = 0;
    for (let r = 0; r < Math.min(RUNS, 3); r++) {
      rmSync(monthly, { recursive: true, force: true });
      mkdirSync(monthly);
      printStalls.length = 0;
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const t0 = performance.now();
      const result = (await ok('writeMonthlyReports', { chooseFolder: true })) as MonthlyReportsResult;
      all.push(performance.now() - t0);
      delay.disable();
      stalls.push(delay.max / 1e6);
      inPrints.push(Math.max(...printStalls));
      if (result.failed.length > 0)
        throw new Error(
          `monthly reports failed: ${result.failed.map((f) => `${f.brand}: ${f.message}`).join('; ')}`,
        );
      const files = readdirSync(monthly);
      if (result.written.length < BRANDS)
        throw new Error(`monthly reports wrote ${result.written.length} files`);
      if (files.length !== result.written.length) throw new Error(`the folder holds ${files.length} files`);
      brandsWritten = result.written.length;
      if (r === 0) allFiles.push(...files.map((f) => checkedPdf(join(monthly, f))));
      console.log(
        `monthly reports ${r + 1}: ${round(all.at(-1)!)} ms for ${brandsWritten} brands, main's longest stall ${round(stalls.at(-1)!)} ms (load ${loadNow()})`,
      );
    }
    rec.add({
      section: SECTION,
      name: `monthly reports of all ${brandsWritten} brands into a folder: writeMonthlyReports through the IPC dispatch until every PDF is written`,
      unit: 'ms',
      runs: all,
      atMost: 30_000,
      note: `one brand at a time, every section, last month; each file checked to start with %PDF: ${sizes(allFiles)}; ${round(median(all) / brandsWritten)} ms a brand; load ${loadNow()}`,
    });
    rec.add({
      section: SECTION,
      name: "main's longest event-loop stall while the monthly reports of all brands are written, the bench's printing included",
      unit: 'ms',
      runs: stalls,
      note: `monitorEventLoopDelay over the whole run; the longest inside a print call ${round(median(inPrints))} ms (runs ${inPrints.map(round).join(', ')}): Chromium prints in its own process, as Electron's printToPDF does, but Playwright's client runs in this process (each page's HTML, ${round(median(htmlKB))} KB, sent and the PDF taken back as text) next to Chromium's processes on the same cores; the app's own part is the next figure`,
    });
  } finally {
    await services.close();
  }
  // The same monthly reports with the printing answered at once by the first PDF's bytes: what
  // remains on main's event loop is the app's own work (data, page, write), not Playwright's.
  const pdf = readFileSync(join(saved, readdirSync(saved)[0]!));
  const stub = await openOffline(seed.dir, {
    chooseFolder: async () => monthly,
    printToPdf: async () => pdf,
  });
  try {
    const stalls: number[] = [];
    const runs: number[] = [];
    for (let r = 0; r < Math.min(RUNS, 3); r++) {
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const t0 = performance.now();
      const result = await stub.invoke('writeMonthlyReports', { chooseFolder: true });
      runs.push(performance.now() - t0);
      delay.disable();
      if (!result.ok) throw new Error(result.error.message);
      stalls.push(delay.max / 1e6);
    }
    rec.add({
      section: SECTION,
      name: "the same stall with the printing answered at once (main's own part: each brand's data, its page and the write)",
      unit: 'ms',
      runs: stalls,
      atMost: 50,
      note: `the whole run without printing ${round(median(runs))} ms (runs ${runs.map(round).join(', ')})`,
    });
  } finally {
    await stub.close();
    await browser.close();
    rmSync(out, { recursive: true, force: true });
  }
}

const seed =
  PARTS.has('reads') || PARTS.has('view') || PARTS.has('screen') || PARTS.has('report')
    ? seededFolder()
    : null;
try {
  if (seed) {
    rec.note(
      `seeded ${BRANDS} brands × ${ACCOUNTS} accounts × ${DAYS} days (${seed.days.toLocaleString('en-US')} account-days) and ${seed.posts.toLocaleString('en-US')} posts with metrics through AnalyticsRepo.saveAccount in ${round(seed.seedMs / 1000)} s; load ${loadNow()}`,
    );
    const year = PARTS.has('reads') || PARTS.has('view') ? await reads(seed) : null;
    if (year && PARTS.has('view')) derivation(year);
    if (PARTS.has('screen')) await screen(seed);
  }
  if (PARTS.has('snapshot')) await snapshot();
  if (seed && PARTS.has('report')) await report(seed);
} finally {
  // BENCH_ANALYTICS_KEEP=1 keeps the seeded folder (its path printed), to look at its reads.
  if (seed && process.env.BENCH_ANALYTICS_KEEP === '1') console.log(`kept ${seed.dir}`);
  else if (seed) rmSync(seed.dir, { recursive: true, force: true });
}
rec.save();

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { serialize } from 'node:v8';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import type { PostListItem } from '../shared/api/resources.js';
import { createAppServices } from '../electron/app-services.js';
import { setLogSink } from '../electron/log.js';
import { MemorySecretStore } from '../electron/secrets/memory-secret-store.js';
import { profileKeyAccount } from '../electron/secrets/secret-store.js';
import { BrandsRepo } from '../electron/store/brands-repo.js';
import { openDatabase } from '../electron/store/database.js';
import { PostsCache } from '../electron/store/posts-cache.js';
import { SettingsRepo } from '../electron/store/settings-repo.js';
import { attachBridge } from '../e2e/support/bridge.js';
import { debianChromium } from '../e2e/support/debian-chromium.js';
import { longestTaskSince, serveBuiltRenderer } from './lib/renderer.js';
import { median, Recorder, round } from './lib/results.js';
import { BENCH_PROFILE, cachedPost, saveBenchProfile } from './lib/cached-posts.js';

/*
 * Runs under Node (tsx). Issue 27 in the app itself, not the calendar alone: ten brands × 2,000
 * posts this month and next in the database (offline: a closed loopback port, so every figure is
 * the app's own), the all-brands view chosen, the app's services as main in this process and the
 * real renderer (built for production) in Debian's Chromium over the test bridge. Timed in the
 * page: cold start to the first painted month, the next month, month → week; and the page's
 * longest task during each, which is how long the window cannot answer a click (Chromium's
 * long-task entries). The page's side is plain JavaScript text, so nothing the bench's compiler adds
 * (tsx names functions) reaches it. calendar.bench measures the calendar with the posts in hand; this adds main's
 * read, the answer's transport and the screen around the grid.
 */

const SECTION = 'All-brands month in the app';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BRANDS = 10;
const PER_MONTH = Number(process.env.BENCH_PER_MONTH ?? 2_000);
const OFFLINE = 'http://127.0.0.1:9/v1';
/** `BENCH_PROFILE_STEPS=1`: the page's top functions (self time) in each step, built unminified. */
const PROFILE = process.env.BENCH_PROFILE_STEPS === '1';

const rec = new Recorder('brands-month');
setLogSink(() => undefined);
const loadNow = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** `n` posts spread over [startMs, endMs), each brand's own ids and 16 accounts of its own. */
function brandPosts(brand: number, n: number, startMs: number, endMs: number, first: number): PostListItem[] {
  return Array.from({ length: n }, (_, i) => {
    const post = cachedPost(brand * 1_000_000 + first + i, startMs + Math.floor((i * (endMs - startMs)) / n));
    const k = i % 16;
    return {
      ...post,
      integration: { ...post.integration, id: `acc_${brand}_${k}`, name: `Brand ${brand} account ${k}` },
    };
  });
}

/** A data folder for ten brands of one connection, this month's and next month's posts, all brands shown. */
function seededFolder(): { dir: string; secrets: MemorySecretStore } {
  const now = new Date();
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const nextStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const afterNext = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1);
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-bench-brands-'));
  const db = openDatabase(join(dir, 'postdeck.db'));
  saveBenchProfile(db, { baseUrl: OFFLINE, brandId: 'brand_0', keyStorage: 'keychain' });
  const brands = new BrandsRepo(db);
  const cache = new PostsCache(db);
  const syncedAt = now.toISOString();
  for (let b = 0; b < BRANDS; b++) {
    brands.upsert(BENCH_PROFILE, { id: `brand_${b}`, name: `Brand ${String.fromCharCode(65 + b)} Studio` });
    cache.upsert(
      BENCH_PROFILE,
      `brand_${b}`,
      [
        ...brandPosts(b, PER_MONTH, monthStart, nextStart, 0),
        ...brandPosts(b, PER_MONTH, nextStart, afterNext, PER_MONTH),
      ],
      syncedAt,
    );
  }
  const settings = new SettingsRepo(db);
  settings.set('activeProfileId', BENCH_PROFILE);
  // The all-brands view, as a manager who picked it last time opens the app.
  settings.set('calendar.allBrands', true);
  db.close();
  return { dir, secrets: new MemorySecretStore() };
}

/**
 * Runs in the page before its scripts: keeps Chromium's long-task entries (each a stretch of 50 ms
 * or more the page could not answer input), notes when the first post is painted, and times a
 * click on a toolbar button until a post of the view not drawn before is painted.
 */
const PAGE_CLOCK = `
  const clock = (window.__benchClock = { tasks: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) clock.tasks.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, seen) => {
    if (!document.querySelector('[data-calendar-view="month"] [data-post-id]')) return;
    seen.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => (clock.painted = performance.now())));
  }).observe(document, { subtree: true, childList: true });
  window.__timeStep = async (button, view) => {
    const selector = '[data-calendar-view="' + view + '"] [data-post-id]';
    const ids = (q) => [...document.querySelectorAll(q)].map((e) => e.getAttribute('data-post-id'));
    const before = new Set(ids('[data-calendar-view] [data-post-id]'));
    const target = [...document.querySelectorAll('.cal-toolbar button')].find(
      (b) => b.getAttribute('aria-label') === button || b.textContent.trim() === button,
    );
    if (!target) throw new Error('No toolbar button ' + button);
    const done = () => ids(selector).some((id) => !before.has(id));
    const t0 = performance.now();
    target.click();
    await new Promise((resolve) => {
      if (done()) return resolve();
      new MutationObserver((_, seen) => {
        if (!done()) return;
        seen.disconnect();
        resolve();
      }).observe(document, { subtree: true, childList: true });
    });
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return { ms: performance.now() - t0, at: t0 };
  };
`;

interface Clock {
  tasks: { start: number; ms: number }[];
  painted?: number;
}

/**
 * Clicks `button` (an accessible name inside the toolbar) in the page and times it until a post
 * of `view` not drawn before is painted (two frames after it is in the DOM). Page clock.
 */
async function timeStep(
  page: Page,
  button: string,
  view: 'month' | 'week',
): Promise<{ ms: number; at: number }> {
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const timed = await page.evaluate(
    ([b, v]) => (window as unknown as { __timeStep: TimeStep }).__timeStep(b, v),
    [button, view] as const,
  );
  if (cdp) printTop((await cdp.send('Profiler.stop')).profile, `${button} (${Math.round(timed.ms)} ms)`);
  return timed;
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** The 25 functions with the most self time in `profile`. */
function printTop(profile: CpuProfile, label: string): void {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const samples = profile.samples ?? [];
  for (let i = 0; i < samples.length; i++) {
    const f = byId.get(samples[i]!)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  }
  console.log(`-- ${label}`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`${v.toFixed(1).padStart(8)} ms  ${k}`);
}

type TimeStep = (button: string, view: string) => Promise<{ ms: number; at: number }>;

const server = await serveBuiltRenderer({ minify: !PROFILE });
const browser = await chromium.launch(debianChromium);
const cold: number[] = [];
const coldTask: number[] = [];
const next: number[] = [];
const nextTask: number[] = [];
const week: number[] = [];
const weekTask: number[] = [];
const answer: { ms: number; kb: number; bytes: number; cloned: number; method: string; posts: number }[] = [];
/** How many posts a range answer holds, whole posts or the lean columns. */
const postCountOf = (r: unknown): number => {
  // invoke answers { ok, value } as the bridge carries it.
  const o = ((r as { value?: unknown }).value ?? r) as { posts?: unknown[]; id?: unknown[] };
  return (o.posts ?? o.id ?? []).length;
};
let shown = 0;
const peer: Record<'listPosts' | 'listPostChips', { ms: number; bytes: number }[]> = {
  listPosts: [],
  listPostChips: [],
};
const loadAtStart = loadNow();
try {
  for (let i = 0; i < RUNS; i++) {
    const { dir, secrets } = seededFolder();
    await secrets.set(profileKeyAccount(BENCH_PROFILE), 'pst_test_bench_offline_key');
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const page = await context.newPage();
      const t0 = performance.now();
      const services = await createAppServices({ dataDir: dir, secretStore: secrets, apiTimeoutMs: 1_000 });
      // Main's time for the first month's read, and its answer's size as JSON.
      const invoke = services.invoke.bind(services);
      let first = true;
      let firstRange: unknown = null;
      services.invoke = async (...args: Parameters<typeof invoke>) => {
        const started = performance.now();
        const result = await invoke(...args);
        // The calendar's range answer: the lean chips since the calendar asks for them.
        if ((args[0] === 'listPosts' || args[0] === 'listPostChips') && first) {
          first = false;
          answer.push({
            ms: performance.now() - started,
            kb: JSON.stringify(result).length / 1024,
            bytes: Buffer.byteLength(JSON.stringify(result)),
            cloned: serialize(result).length,
            method: args[0],
            posts: postCountOf(result),
          });
          firstRange = args[1];
          if (process.env.BENCH_DUMP_ANSWER)
            writeFileSync(process.env.BENCH_DUMP_ANSWER, JSON.stringify(result));
        }
        return result;
      };
      try {
        const bridge = await attachBridge(context, page, services);
        await context.addInitScript({ content: PAGE_CLOCK });
        await page.goto(server.url);
        await page.waitForFunction(
          () => (window as unknown as { __benchClock: Clock }).__benchClock.painted !== undefined,
          undefined,
          { timeout: 120_000 },
        );
        cold.push(performance.now() - t0);
        coldTask.push(await longestTaskSince(page, 0));
        // The peer, in the same run: the same month as whole posts (listPosts, what the calendar
        // asked before) beside the lean answer, main's time and the JSON's size, in turns.
        for (let k = 0; k < 2; k++)
          for (const method of ['listPosts', 'listPostChips'] as const) {
            const { chars: _chars, ...range } = firstRange as { start: string; end: string; chars?: number };
            const started = performance.now();
            const result = await invoke(method, method === 'listPosts' ? range : firstRange);
            const ms = performance.now() - started;
            peer[method].push({ ms, bytes: Buffer.byteLength(JSON.stringify(result)) });
          }
        shown = await page.locator('[data-calendar-view="month"] [data-post-id]').count();
        // Let the start's own reads (neighbour months, labels, accounts) settle first.
        await page.waitForTimeout(1_500);
        const n = await timeStep(page, 'Next month', 'month');
        next.push(n.ms);
        nextTask.push(await longestTaskSince(page, n.at));
        await page.waitForTimeout(1_000);
        const w = await timeStep(page, 'Week', 'week');
        week.push(w.ms);
        weekTask.push(await longestTaskSince(page, w.at));
        bridge.dispose();
      } finally {
        await services.close();
      }
    } finally {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(
      `run ${i + 1}: cold ${round(cold.at(-1)!)} ms, next month ${round(next.at(-1)!)} ms, month → week ${round(week.at(-1)!)} ms (load ${loadNow()})`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}

const posts = `${BRANDS} brands × ${PER_MONTH.toLocaleString('en-US')} posts a month`;
const longest = (xs: number[]) =>
  `the page's longest task ${round(median(xs))} ms (runs ${xs.map(round).join(', ')})`;
rec.add({
  section: SECTION,
  name: `cold start to the first painted all-brands month, ${posts}, offline (services opened, renderer over the bridge)`,
  unit: 'ms',
  runs: cold,
  atMost: 1_000,
  note: `${shown} posts drawn in the month; main's first ${answer[0]?.method ?? 'listPosts'} ${round(median(answer.map((a) => a.ms)))} ms, its answer ${round(median(answer.map((a) => a.kb)))} KB as JSON; ${longest(coldTask)}; load ${loadAtStart}`,
});
rec.add({
  section: SECTION,
  name: `the month's answer as JSON (${answer[0]?.method ?? 'listPosts'}), per ${(BRANDS * PER_MONTH).toLocaleString('en-US')} posts`,
  unit: 'bytes',
  // The month view's range runs from the week of the 1st to the week of the last day, so it holds
  // more than the month's posts: the size is given per 20,000 of the posts it holds.
  runs: answer.map((a) => (a.bytes * BRANDS * PER_MONTH) / Math.max(1, a.posts)),
  atMost: 2_000_000,
  note: `the whole answer ${round(median(answer.map((a) => a.bytes)) / 1e6)} MB for ${median(answer.map((a) => a.posts))} posts (the month view's six weeks); as Electron's IPC copies it (V8's serializer) ${round(median(answer.map((a) => a.cloned)) / 1e6)} MB; main's read and encode ${round(median(answer.map((a) => a.ms)))} ms`,
});
const peerMs = (m: keyof typeof peer) => median(peer[m].map((p) => p.ms));
const peerMb = (m: keyof typeof peer) => median(peer[m].map((p) => p.bytes)) / 1e6;
rec.add({
  section: SECTION,
  name: `the month asked again after the start: main's listPostChips beside listPosts (whole posts), same run`,
  unit: 'ms',
  runs: peer.listPostChips.map((p) => p.ms),
  note: `listPosts ${round(peerMs('listPosts'))} ms and ${round(peerMb('listPosts'))} MB as JSON; listPostChips ${round(peerMs('listPostChips'))} ms and ${round(peerMb('listPostChips'))} MB: ratio ${(peerMs('listPostChips') / peerMs('listPosts')).toFixed(2)} in time, ${(peerMb('listPostChips') / peerMb('listPosts')).toFixed(2)} in size; load ${loadNow()}`,
});
rec.add({
  section: SECTION,
  name: `next month in the all-brands view, ${posts}: click to the new month's posts painted`,
  unit: 'ms',
  runs: next,
  atMost: 100,
  note: `includes main's read and the test bridge's transport (calendar.bench has the grid alone); ${longest(nextTask)}`,
});
rec.add({
  section: SECTION,
  name: `month → week in the all-brands view, ${posts}: click to the week's posts painted`,
  unit: 'ms',
  runs: week,
  atMost: 100,
  note: `${longest(weekTask)}; load at the end ${loadNow()}`,
});
rec.add({
  section: SECTION,
  name: "the page's longest task during any of these steps (how long the window could not answer a click)",
  unit: 'ms',
  runs: [...coldTask, ...nextTask, ...weekTask],
  atMost: 500,
});
rec.save();

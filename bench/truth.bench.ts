import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { PostListItem } from '../shared/api/resources.js';
import type { PostRangeResult } from '../shared/posts/ipc.js';
import { createAppServices } from '../electron/app-services.js';
import { setLogSink } from '../electron/log.js';
import { MemorySecretStore } from '../electron/secrets/memory-secret-store.js';
import { profileKeyAccount } from '../electron/secrets/secret-store.js';
import { BrandsRepo } from '../electron/store/brands-repo.js';
import { openDatabase } from '../electron/store/database.js';
import { PostsCache } from '../electron/store/posts-cache.js';
import { SettingsRepo } from '../electron/store/settings-repo.js';
import { attachBridge } from '../e2e/support/bridge.js';
import { serveBuiltRenderer } from './lib/renderer.js';
import { median, Recorder, round } from './lib/results.js';
import { BENCH_PROFILE, cachedPost, saveBenchProfile } from './lib/cached-posts.js';
import { debianChromium } from '../e2e/support/debian-chromium.js';

/*
 * Runs under Node (tsx). Issue 16's local-first reads, with the service out of reach (a closed
 * loopback port), so every figure is the cache's alone: (1) listPosts of a 2,000-post month through
 * the IPC dispatch the preload and the bridge use; (2) cold start to the first painted calendar from
 * a database of 100,000 cached posts: the main-process services opened on the file, then the real
 * renderer (built for production) in Debian's Chromium over the test bridge, until the first post
 * of the month is painted. Chromium's own launch is left out: Electron starts its own way.
 */

const SECTION = 'Local-first reads';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BRAND = 'brand_bench';
const DAY = 86_400_000;
const OFFLINE = 'http://127.0.0.1:9/v1';

const rec = new Recorder('truth');
// The service is out of reach by design; its retries' log lines are not what is measured.
setLogSink(() => undefined);

/** A data folder whose database holds `posts` for an active profile and brand, with its key stored. */
function seededFolder(posts: PostListItem[]): { dir: string; secrets: MemorySecretStore } {
  const dir = mkdtempSync(join(tmpdir(), 'postdeck-bench-truth-'));
  const db = openDatabase(join(dir, 'postdeck.db'));
  saveBenchProfile(db, { baseUrl: OFFLINE, brandId: BRAND, keyStorage: 'keychain' });
  new BrandsRepo(db).upsert(BENCH_PROFILE, { id: BRAND, name: 'Bench brand' });
  new SettingsRepo(db).set('activeProfileId', BENCH_PROFILE);
  new PostsCache(db).upsert(BENCH_PROFILE, BRAND, posts, new Date().toISOString());
  db.close();
  const secrets = new MemorySecretStore();
  return { dir, secrets };
}

async function listPostsThroughDispatch(): Promise<void> {
  const monthStart = Date.now() + 2 * DAY;
  const month = 31 * DAY;
  const posts = Array.from({ length: 2_000 }, (_, n) =>
    cachedPost(n, monthStart + Math.floor((n * month) / 2_000)),
  );
  const { dir, secrets } = seededFolder(posts);
  await secrets.set(profileKeyAccount(BENCH_PROFILE), 'pst_test_bench_offline_key');
  const services = await createAppServices({ dataDir: dir, secretStore: secrets, apiTimeoutMs: 1_000 });
  try {
    const range = {
      start: new Date(monthStart).toISOString(),
      end: new Date(monthStart + month).toISOString(),
    };
    const read = async () => {
      const t0 = performance.now();
      const result = await services.invoke('listPosts', range);
      const ms = performance.now() - t0;
      if (!result.ok) throw new Error(result.error.message);
      return { ms, count: (result.value as PostRangeResult).posts.length };
    };
    // Any write makes main build the answer again from SQLite; this one changes nothing else.
    const write = () => services.invoke('setBrandTimezone', { brandId: BRAND, timezone: null });
    const built: number[] = [];
    const kept: number[] = [];
    let count = 0;
    const WARM = 5;
    for (let i = 0; i < WARM + 3 * RUNS; i++) {
      await write();
      const first = await read();
      const again = await read();
      count = first.count;
      // The first rounds warm the statements and the JIT.
      if (i >= WARM) {
        built.push(first.ms);
        kept.push(again.ms);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const name = `listPosts of a ${count.toLocaleString('en-US')}-post month from the cache, through the IPC dispatch`;
    rec.add({
      section: SECTION,
      name: `${name}: the first read after a write (built from SQLite)`,
      unit: 'ms',
      runs: built,
      atMost: 20,
    });
    rec.add({
      section: SECTION,
      name: `${name}: the same range again, nothing written since (kept answer)`,
      unit: 'ms',
      runs: kept,
      atMost: 20,
    });
  } finally {
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs in the page before its scripts, after the bridge's: notes (page clock) when the first
 * listPosts answer resolves and when the first post is painted (two frames after it is in the DOM).
 * Plain JavaScript text, so nothing the bench's compiler adds reaches the page.
 */
const ANSWER_CLOCK = `
  const clock = (window.__benchClock = {});
  const invoke = window.__postdeckInvoke;
  Object.defineProperty(window, '__postdeckInvoke', {
    configurable: true,
    value: async (name, input) => {
      const first = name === 'listPosts' && clock.asked === undefined;
      if (first) clock.asked = performance.now();
      const out = await invoke(name, input);
      if (first) clock.answered = performance.now();
      return out;
    },
  });
  new MutationObserver((_, seen) => {
    if (clock.answered === undefined || !document.querySelector('[data-calendar-view] [data-post-id]')) return;
    seen.disconnect();
    requestAnimationFrame(() => requestAnimationFrame(() => (clock.painted = performance.now())));
  }).observe(document, { subtree: true, childList: true });
`;

async function coldStart(): Promise<void> {
  const server = await serveBuiltRenderer();
  // 100,000 posts over four years around today, so this month holds about 2,000 of them.
  const span = 48 * 30 * DAY;
  const from = Date.now() - span / 2;
  const posts = Array.from({ length: 100_000 }, (_, n) =>
    cachedPost(n, from + Math.floor((n * span) / 100_000)),
  );
  const browser = await chromium.launch(debianChromium);
  const runs: number[] = [];
  const servicesReady: number[] = [];
  const pageLoaded: number[] = [];
  const answerInPage: number[] = [];
  const answerToPaint: number[] = [];
  const parts = {
    domContentLoaded: [] as number[],
    calendarChunk: [] as number[],
    asked: [] as number[],
    mainListPosts: [] as number[],
    transport: [] as number[],
    answerKB: [] as number[],
  };
  const appOwned: number[] = [];
  let shown = 0;
  try {
    for (let i = 0; i < RUNS; i++) {
      const { dir, secrets } = seededFolder(posts);
      await secrets.set(profileKeyAccount(BENCH_PROFILE), 'pst_test_bench_offline_key');
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        const t0 = performance.now();
        const services = await createAppServices({ dataDir: dir, secretStore: secrets, apiTimeoutMs: 1_000 });
        servicesReady.push(performance.now() - t0);
        // Main's own time for the month's first listPosts, and its answer's size as JSON.
        const invoke = services.invoke.bind(services);
        let main: { ms: number; bytes: number } | null = null;
        services.invoke = async (...args: Parameters<typeof invoke>) => {
          const started = performance.now();
          const result = await invoke(...args);
          if (args[0] === 'listPosts' && main === null)
            main = { ms: performance.now() - started, bytes: JSON.stringify(result).length };
          return result;
        };
        try {
          const bridge = await attachBridge(context, page, services);
          // When the month's answer reached the page (after the test bridge's transport, which is
          // not Electron's IPC) and when the first post was painted after it: the app's own part.
          await context.addInitScript({ content: ANSWER_CLOCK });
          await page.goto(server.url);
          pageLoaded.push(performance.now() - t0);
          await page.locator('[data-calendar-view] [data-post-id]').first().waitFor();
          // Painted: the frame after the first post is in the DOM.
          await page.evaluate(
            () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
          );
          runs.push(performance.now() - t0);
          const clock = await page.evaluate(() => {
            const c = (
              globalThis as unknown as {
                __benchClock?: { asked?: number; answered?: number; painted?: number };
              }
            ).__benchClock;
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            const chunk = performance
              .getEntriesByType('resource')
              .find((e) => /\/CalendarScreen[^/]*\.js$/.test(e.name)) as
              PerformanceResourceTiming | undefined;
            return { ...c, dcl: nav.domContentLoadedEventEnd, chunk: chunk?.responseEnd };
          });
          if (clock.asked !== undefined && clock.answered !== undefined && clock.painted !== undefined) {
            answerInPage.push(clock.answered);
            answerToPaint.push(clock.painted - clock.answered);
            parts.asked.push(clock.asked);
            parts.domContentLoaded.push(clock.dcl);
            if (clock.chunk !== undefined) parts.calendarChunk.push(clock.chunk);
            const answered = main as { ms: number; bytes: number } | null;
            if (answered) {
              parts.mainListPosts.push(answered.ms);
              const transport = clock.answered - clock.asked - answered.ms;
              parts.transport.push(transport);
              appOwned.push(runs[runs.length - 1]! - transport);
              parts.answerKB.push(answered.bytes / 1024);
            }
          }
          shown = await page.locator('[data-post-id]').count();
          bridge.dispose();
        } finally {
          await services.close();
        }
      } finally {
        await context.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  rec.add({
    section: SECTION,
    name: 'cold start to the first painted calendar, offline, from 100,000 cached posts (services opened, renderer loaded over the bridge, first post painted)',
    unit: 'ms',
    runs,
    atMost: 1_000,
    note: `${shown} posts drawn on the first screen; median main services open at ${round(median(servicesReady))} ms, page loaded (load event) at ${round(median(pageLoaded))} ms, the month's answer in the page at ${round(median(answerInPage))} ms of its clock, first post painted ${round(median(answerToPaint))} ms after it; Chromium's launch not included.`,
  });
  // Where the time goes (medians): the app's own steps, and the test bridge's transport apart.
  const m = (xs: number[]) => round(median(xs));
  const breakdown = [
    `services opened on the database ${m(servicesReady)} ms (bench clock)`,
    `page: DOMContentLoaded (main bundle fetched, parsed, run) at ${m(parts.domContentLoaded)} ms`,
    `calendar chunk fetched at ${m(parts.calendarChunk)} ms`,
    `month asked (listPosts) at ${m(parts.asked)} ms`,
    `main's listPosts ${m(parts.mainListPosts)} ms (answer ${m(parts.answerKB)} KB as JSON)`,
    `the test bridge's transport of it ${m(parts.transport)} ms (not Electron's IPC)`,
    `answer → first post painted ${m(answerToPaint)} ms (page clock)`,
  ];
  console.log(`cold start, where the time goes:\n  ${breakdown.join('\n  ')}`);
  rec.add({
    section: SECTION,
    name: "cold start without the test bridge's transport of the month's answer (the app's own part)",
    unit: 'ms',
    runs: appOwned,
    note: `${breakdown.join('; ')}.`,
  });
}

// BENCH_TRUTH=cold: the cold start alone (the figure a change to start-up is measured by), for A/B runs.
if (process.env.BENCH_TRUTH !== 'cold') await listPostsThroughDispatch();
await coldStart();
rec.save();

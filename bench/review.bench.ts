import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import type { PostDetail } from '../shared/api/resources.js';
import { REPLY_FORMAT } from '../shared/review/model.js';
import { composePosts } from '../electron/compose-posts.js';
import { packAssets, packHtml } from '../electron/review/pack-page.js';
import { ReviewPackService } from '../electron/review/review-pack.js';
import { openDatabase } from '../electron/store/database.js';
import { debianChromium } from '../e2e/support/debian-chromium.js';
import { BENCH_PROFILE, cachedPost, saveBenchProfile } from './lib/cached-posts.js';
import { Recorder, round } from './lib/results.js';

/*
 * Runs under Node (tsx). Issue 29 item 6: a review pack of 200 posts, each with a 2400x1600 JPEG
 * served over HTTP (one URL each, so each is read and downscaled), built in ≤ 5 s (read, downscale,
 * write the page); opened in Chromium, offline, until every post is drawn, in ≤ 2 s; a reply of
 * 200 verdicts applied in ≤ 1 s.
 */

const SECTION = 'Client review';
const POSTS = Number(process.env.BENCH_REVIEW_POSTS ?? 200);
const RUNS = 3;
const rec = new Recorder('review');
const brandId = 'brand_bench';
const scope = { profileId: BENCH_PROFILE, brandId };

const photo = await sharp({
  create: { width: 2400, height: 1600, channels: 3, background: { r: 180, g: 120, b: 60 } },
})
  .composite([
    {
      input: Buffer.from(
        `<svg width="2400" height="1600"><circle cx="1200" cy="800" r="600" fill="#2b8a3e"/></svg>`,
      ),
    },
  ])
  .jpeg({ quality: 90 })
  .toBuffer();
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length });
  res.end(photo);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const dir = mkdtempSync(join(tmpdir(), 'postdeck-bench-review-'));
const db = openDatabase(join(dir, 'postdeck.db'));
saveBenchProfile(db, { baseUrl: 'http://127.0.0.1:9/v1', brandId, keyStorage: 'session' });
const from = Date.now() + 86_400_000;
const items = Array.from({ length: POSTS }, (_, n) => ({
  ...cachedPost(n, from + n * 30 * 60_000),
  thumbnail: `${base}/thumb/${n}.jpg`,
}));
const { stores, review, posts, sync } = composePosts({
  db,
  apiFor: () => null,
  active: () => scope,
  emit: () => undefined,
  prefetchNeighbours: false,
});
const syncedAt = new Date().toISOString();
stores.cache.upsert(BENCH_PROFILE, brandId, items, syncedAt);
for (const item of items) {
  const detail: PostDetail = {
    ...item,
    group: item.group!,
    value: [{ content: item.content!, image: [{ id: `m${item.id}`, path: `${base}/media/${item.id}.jpg` }] }],
    settings: { __type: 'x' },
  };
  stores.cache.saveDetail(BENCH_PROFILE, brandId, detail, syncedAt);
}
const range = {
  start: new Date(from - 60_000).toISOString(),
  end: new Date(from + POSTS * 30 * 60_000).toISOString(),
};
const service = new ReviewPackService({
  now: () => new Date(),
  timezone: () => 'UTC',
  brandName: () => 'Bench Brand',
  lens: review,
  postsInRange: (r) => sync.viewPosts(scope, r).posts,
  postsById: () => [],
  outboxOp: (id) => stores.outbox.get(id),
  detail: () => Promise.reject(new Error('offline')),
  savedDetail: (id) => stores.cache.getDetail(BENCH_PROFILE, brandId, id),
  record: (s, id, packItems) => posts.recordReviewPack(s, id, packItems),
});

const loadBefore = loadavg()[0]!.toFixed(2);
await packAssets();
const buildRuns: number[] = [];
let html = '';
let data = null as Awaited<ReturnType<ReviewPackService['build']>>['data'] | null;
for (let i = 0; i < RUNS; i++) {
  const t0 = performance.now();
  const built = await service.build(scope, sync.viewPosts(scope, range).posts, range);
  html = packHtml(built.data, await packAssets());
  writeFileSync(join(dir, 'pack.html'), html);
  buildRuns.push(performance.now() - t0);
  data = built.data;
}
rec.add({
  section: SECTION,
  name: `build a pack of ${POSTS} posts, each with a 2400x1600 JPEG read over HTTP and downscaled (sharp)`,
  unit: 'ms',
  runs: buildRuns,
  atMost: 5_000,
  note: `pack ${round(html.length / 1024 / 1024)} MB; load average ${loadBefore} before.`,
});

const browser = await chromium.launch(debianChromium);
const openRuns: number[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ offline: true });
    const page = await context.newPage();
    const t0 = performance.now();
    await page.goto(pathToFileURL(join(dir, 'pack.html')).href);
    await page.waitForFunction((n) => document.querySelectorAll('.rp-post').length === n, POSTS);
    openRuns.push(performance.now() - t0);
    await context.close();
  }
} finally {
  await browser.close();
}
rec.add({
  section: SECTION,
  name: `open the pack in Chromium, offline, until all ${POSTS} posts are drawn`,
  unit: 'ms',
  runs: openRuns,
  atMost: 2_000,
});

const packId = data!.packId;
posts.recordReviewPack(
  scope,
  packId,
  data!.posts.map((p) => ({ key: p.key, seen: p.seen })),
);
const applyRuns: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const reply = JSON.stringify({
    format: REPLY_FORMAT,
    version: 1,
    packId,
    brandId,
    verdicts: data!.posts.map((p, n) => ({
      key: p.key,
      seen: p.seen,
      verdict: (n + i) % 5 === 0 ? 'changesRequested' : 'approved',
      comment: (n + i) % 5 === 0 ? `Run ${i}: please shorten the second sentence.` : '',
    })),
  });
  const t0 = performance.now();
  const { summary } = posts.importReviewReply(scope, reply);
  applyRuns.push(performance.now() - t0);
  if (summary.approved + summary.changesRequested !== POSTS) throw new Error('not every verdict applied');
}
rec.add({
  section: SECTION,
  name: `apply a reply of ${POSTS} verdicts (parse, check against the pack, write, answer the posts)`,
  unit: 'ms',
  runs: applyRuns,
  atMost: 1_000,
  note: `load average ${loadavg()[0]!.toFixed(2)} after.`,
});

await sync.stop();
db.close();
rmSync(dir, { recursive: true, force: true });
server.close();
rec.save();

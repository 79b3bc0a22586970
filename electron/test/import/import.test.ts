import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/service.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';
import { inSampleYear, sampleYear, samplesAhead } from '../../../test/support/samples.js';

/*
 * Bulk import against the real local service: the sample CSV and JSON (good and bad rows, each
 * problem on its row), a fixed row, media through upload-from-url, re-import creating nothing,
 * and a generated 5,000-row file checked and queued in chunks with progress.
 */

let svc: TestService;
let app: ConnectedApp;
let dir: string;
/** The samples, their dates moved to the year after the run's clock (test/support/samples.ts). */
let samples: { csv: string; json: string };
let images: Server;
let imageUrl: string;

async function postsOnService() {
  const now = Date.now();
  const { posts } = await app.ok('listPosts', {
    start: new Date(now).toISOString(),
    // The samples' year is the next one: up to 11 months ahead, inside the service's 400-day range.
    end: new Date(now + 380 * 86_400_000).toISOString(),
  });
  return posts;
}

const progressIn = (events: ConnectedApp['events'], importId: string, phase: string) =>
  events.filter(
    (e) =>
      e.name === 'importProgress' &&
      (e.payload as { importId: string; phase: string }).importId === importId &&
      (e.payload as { phase: string }).phase === phase,
  );
const progressOf = (importId: string, phase: string) => progressIn(app.events, importId, phase);

beforeAll(async () => {
  svc = await startTestService({ allowPrivateUrls: true });
  app = await openConnectedApp(svc);
  await app.ok('setBrandTimezone', { brandId: svc.brandIds[0] ?? '', timezone: 'Europe/Paris' });
  dir = await mkdtemp(join(tmpdir(), 'postdeck-import-'));
  samples = await samplesAhead(join(dir, 'samples'));
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c85028' } })
    .png()
    .toBuffer();
  images = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/latte.png`;
});

afterAll(async () => {
  await app?.close();
  await svc?.close();
  await new Promise((resolve) => images?.close(resolve));
  await rm(dir, { recursive: true, force: true });
}, 120_000);

describe('import of the sample CSV', () => {
  it('shows every row checked, with each problem on its row, before anything is sent', async () => {
    const outboxBefore = (await app.ok('listOutbox')).length;
    const preview = await app.ok('previewImport', {
      file: await app.chosen(samples.csv),
    });
    expect(preview.fileName).toBe('posts-sample.csv');
    expect(preview.timezone).toBe('Europe/Paris');
    expect(preview.rows).toHaveLength(9);
    const fields = preview.rows.map((r) => r.problems.map((p) => p.field));
    // Row 3 is for the queue, and no account has posting slots yet.
    expect(fields.slice(0, 5)).toEqual([[], [], ['date', 'date'], [], []]);
    expect(fields[5]).toEqual(['text']);
    expect(fields[6]).toEqual(['accounts']);
    expect(fields[7]).toEqual(['date']);
    expect(fields[8]).toEqual(['settings.youtube.title']);
    expect(preview.rows[0]?.date).toBe(inSampleYear('2027-03-02T08:30:00.000Z'));
    expect(preview.rows[2]?.queue).toBe(true);
    expect(preview.rows[4]?.date).toBe(inSampleYear('2027-03-06T07:00:00.000Z'));
    expect(progressOf(preview.importId, 'checking').length).toBeGreaterThan(0);
    expect((await app.ok('listOutbox')).length).toBe(outboxBefore);
  });

  it('imports the good rows through the outbox, fixes a row, then a re-import creates nothing', async () => {
    await app.ok('setQueueSlots', { integrationId: null, slots: [{ weekday: 2, time: '11:00' }] });
    const path = samples.csv;
    const preview = await app.ok('previewImport', { file: await app.chosen(path) });
    // Row 4 (index 3) needs a video the service cannot fetch here: drop it.
    const fixed = await app.ok('editImportRow', {
      importId: preview.importId,
      index: 6,
      cells: { accounts: 'Harbor Coffee' },
    });
    expect(fixed.problems).toEqual([]);
    const result = await app.ok('runImport', { importId: preview.importId, drop: [3] });
    expect(result).toMatchObject({ created: 5, alreadyImported: 0, dropped: 1 });
    expect(result.failed.map((f) => f.index)).toEqual([5, 7, 8]);
    expect(result.failed[0]?.message).toMatch(/^text: Harbor Coffee: X allows 280 characters/);
    expect(progressOf(preview.importId, 'importing').at(-1)?.payload).toMatchObject({ done: 9, total: 9 });

    await app.ok('syncNow');
    expect((await app.ok('listOutbox')).filter((o) => o.status !== 'pending')).toEqual([]);
    const posts = await postsOnService();
    const fresh = posts.filter((p) => p.content.startsWith('Fresh beans from Huila'));
    expect(fresh.map((p) => p.publishDate)).toEqual([
      inSampleYear('2027-03-02T08:30:00.000Z'),
      inSampleYear('2027-03-02T08:30:00.000Z'),
    ]);
    expect(posts.find((p) => p.content.startsWith('A thread on how we roast'))?.blockCount).toBe(3);
    const queued = posts.filter((p) => p.content.startsWith('Our new espresso blend'));
    expect(queued).toHaveLength(2);
    for (const q of queued) expect(new Date(q.publishDate).getUTCDay()).toBe(2); // a Tuesday slot
    expect(posts.filter((p) => p.content.startsWith('This row names an account'))).toHaveLength(1);

    const again = await app.ok('previewImport', { file: await app.chosen(path) });
    expect(again.rows.map((r) => r.alreadyImported)).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
      false,
      false,
      false,
    ]);
    const second = await app.ok('runImport', { importId: again.importId, drop: [3] });
    expect(second).toMatchObject({ created: 0, alreadyImported: 4 });
    await app.ok('syncNow');
    expect((await postsOnService()).length).toBe(posts.length);
  });

  it('reads the JSON sample the same way', async () => {
    const preview = await app.ok('previewImport', {
      file: await app.chosen(samples.json),
    });
    expect(preview.rows.map((r) => r.problems.map((p) => p.field))).toEqual([[], [], [], [], ['accounts']]);
    expect(preview.rows[1]?.text).toBe('A thread on how we roast:');
    expect(preview.rows.map((r) => r.alreadyImported)).toEqual([true, true, true, false, false]);
  });

  it('uploads media URLs first, then posts with the uploaded media', async () => {
    const path = join(dir, 'media.csv');
    await writeFile(
      path,
      `text,accounts,date,media\r\nLatte art,Harbor Coffee,${sampleYear()}-04-01 08:00,${imageUrl}\r\n`,
    );
    const preview = await app.ok('previewImport', { file: await app.chosen(path) });
    expect(preview.rows[0]?.problems).toEqual([]);
    expect(await app.ok('runImport', { importId: preview.importId, drop: [] })).toMatchObject({
      created: 1,
      failed: [],
    });
    await app.ok('syncNow');
    const post = (await postsOnService()).find((p) => p.content === 'Latte art');
    expect(post).toBeDefined();
    const detail = await app.ok('getPost', { id: post?.id ?? '' });
    expect(JSON.stringify(detail)).toMatch(/latte|\.png/i);
  });

  it('says plainly what is wrong with a file it cannot use', async () => {
    const broken = join(dir, 'broken.csv');
    await writeFile(broken, 'text,accounts\n"never closed,x\n');
    expect((await app.previewFails(broken)).message).toMatch(/never closed/);
    const notPosts = join(dir, 'bad.json');
    await writeFile(notPosts, '{"hello": 1}');
    expect((await app.previewFails(notPosts)).message).toMatch(/list of posts/);
    expect((await app.previewFails(join(dir, 'missing.csv'))).code).toBe('NOT_FOUND');
    // A file the user chose that is neither CSV nor JSON is refused when read.
    await writeFile(join(dir, 'notes.txt'), 'text\nhello');
    expect((await app.previewFails(join(dir, 'notes.txt'))).message).toMatch(/\.csv or \.json/);
  });
});

describe('a 5,000-row file', () => {
  /*
   * Its own app on its own service, stopped once the accounts are known: the rows wait in the
   * outbox (offline first), so this measures reading, checking and queueing, not 5,000 POSTs.
   */
  let bulk: ConnectedApp;
  let bulkSvc: TestService;
  const bulkProgress = (importId: string, phase: string) => progressIn(bulk.events, importId, phase);
  beforeAll(async () => {
    bulkSvc = await startTestService();
    bulk = await openConnectedApp(bulkSvc);
    await bulkSvc.close();
  });
  afterAll(async () => {
    await bulk?.close();
  });

  it('is checked and queued in slices with progress, main turning its event loop between them', async () => {
    const lines = ['text,accounts,date'];
    const start = Date.UTC(sampleYear(), 5, 1, 8, 0);
    for (let i = 0; i < 5000; i += 1) {
      const at = new Date(start + i * 3_600_000).toISOString();
      lines.push(`"Bulk post ${i}, with a comma",Harbor Coffee,${at}`);
    }
    const path = join(dir, 'bulk.csv');
    await writeFile(path, lines.join('\r\n'));

    // A timer that must keep firing between the slices of work: each time it runs it notes how
    // many progress events of each phase main has sent so far. Work done in one go (no turn of
    // the event loop between slices) would show it none but "nothing yet" and "all of it".
    // (How long main stalls on this machine is bench/bulk-import.bench.ts's figure.)
    const progressSoFar = (phase: string) =>
      bulk.events.filter(
        (e) => e.name === 'importProgress' && (e.payload as { phase: string }).phase === phase,
      ).length;
    const seenBetween = { checking: new Set<number>(), importing: new Set<number>() };
    const checkingBefore = progressSoFar('checking');
    const importingBefore = progressSoFar('importing');
    const timer = setInterval(() => {
      seenBetween.checking.add(progressSoFar('checking') - checkingBefore);
      seenBetween.importing.add(progressSoFar('importing') - importingBefore);
    }, 1);
    const preview = await bulk.ok('previewImport', { file: await bulk.chosen(path) });
    expect(preview.rows).toHaveLength(5000);
    expect(preview.rows.every((r) => r.problems.length === 0)).toBe(true);
    const checking = bulkProgress(preview.importId, 'checking');
    expect(checking.length).toBeGreaterThanOrEqual(20);
    expect(checking.at(-1)?.payload).toMatchObject({ done: 5000, total: 5000 });

    const result = await bulk.ok('runImport', { importId: preview.importId, drop: [] });
    clearInterval(timer);
    expect(result).toMatchObject({ created: 5000, alreadyImported: 0, failed: [] });
    expect((await bulk.ok('listOutbox')).filter((o) => o.kind === 'create')).toHaveLength(5000);
    const importing = bulkProgress(preview.importId, 'importing');
    expect(importing.length).toBeGreaterThanOrEqual(100);
    // The event loop (main's IPC and the window's messages) turned between slices of both phases.
    const midway = (seen: Set<number>, all: number) => [...seen].filter((n) => n > 0 && n < all);
    expect(midway(seenBetween.checking, checking.length).length).toBeGreaterThan(0);
    expect(midway(seenBetween.importing, importing.length).length).toBeGreaterThan(0);

    const again = await bulk.ok('previewImport', { file: await bulk.chosen(path) });
    expect(again.rows.filter((r) => r.alreadyImported)).toHaveLength(5000);
  }, 300_000);
});

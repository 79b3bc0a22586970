import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftBlock, DraftInput } from '../../../shared/drafts/ipc.js';
import type { ExportFormat } from '../../../shared/export/ipc.js';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import { startTestService, type TestService } from '../support/service.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';

/*
 * Export against the real local service and a real database: posts made through the composer's
 * path (drafts sent through the outbox: a shared post on two accounts, a thread, a post with an
 * image and settings), exported as CSV, JSON and .ics; CSV and JSON imported back create nothing,
 * and, after the posts are deleted, a fresh profile importing the file makes the same posts again.
 */

const DAY = 86_400_000;
let svc: TestService;
let app: ConnectedApp;
let dir: string;
let images: Server;
let imageUrl: string;
const saved: string[] = [];
let madeIds: string[] = [];

const TEXT = 'Café crème, "flat white" & a new; menu.\nSecond line, with commas';
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const WHEN = { shared: at(20, 8), thread: at(21, 9), media: at(22, 10), draft: at(22, 15) };

function account(platform: string): IntegrationView {
  const a = app.accounts.find((i) => i.platform === platform && !i.disconnected);
  if (!a) throw new Error(`the sandbox brand has no ${platform} account`);
  return a;
}

async function send(
  blocks: DraftBlock[],
  targets: { a: IntegrationView; settings?: Record<string, unknown> }[],
  date: string,
  type: 'schedule' | 'draft' = 'schedule',
) {
  const input: DraftInput = {
    brandId: svc.brandIds[0] ?? null,
    blocks,
    targets: targets.map(({ a, settings }) => ({
      integrationId: a.id,
      platform: a.platform!,
      settings: { ...settings, __type: a.platform! },
      blocks: null,
    })),
    commentDelays: [],
    shortLink: false,
    date,
    replacesGroup: null,
  };
  const draft = await app.ok('saveDraft', input);
  await app.ok('sendDraft', { draftId: draft.id, type, date });
}

/** The app's posts in the weeks the test uses, as the calendar shows them. */
async function made() {
  const { posts } = await app.ok('listPosts', { start: at(19, 0), end: at(23, 23) });
  return posts.filter((p) => !p.localOnly);
}

async function exportAs(target: ConnectedApp, format: ExportFormat, postIds: string[]) {
  return target.ok('exportPosts', { format, scope: { kind: 'posts', postIds } });
}

beforeAll(async () => {
  svc = await startTestService({ allowPrivateUrls: true });
  dir = await mkdtemp(join(tmpdir(), 'postdeck-export-'));
  const chooseSavePath = async ({ defaultName }: { defaultName: string }) => {
    const path = join(dir, `${saved.length}-${defaultName}`);
    saved.push(path);
    return path;
  };
  app = await openConnectedApp(svc, { chooseSavePath });
  await app.ok('setBrandTimezone', { brandId: svc.brandIds[0] ?? '', timezone: 'Europe/Berlin' });
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c85028' } })
    .png()
    .toBuffer();
  images = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}/latte.png`;

  const media = await app.ok('uploadMediaFromUrl', { url: imageUrl });
  const image = {
    localPath: null,
    mediaId: media.id,
    path: media.path,
    thumbnail: media.thumbnail,
    name: media.name,
    kind: 'image' as const,
  };
  await send(
    [{ content: TEXT, media: [] }],
    [{ a: account('x'), settings: { who_can_reply_post: 'everyone' } }, { a: account('linkedin') }],
    WHEN.shared,
  );
  await send(
    [
      'A thread on roasting:',
      '1. Green coffee from farms.',
      '2. Roasted on Tuesdays — small batches. 🔥',
    ].map((content) => ({ content, media: [] })),
    [{ a: account('x') }],
    WHEN.thread,
  );
  await send(
    [{ content: 'Latte art, step by step.', media: [image] }],
    [{ a: account('instagram'), settings: { post_type: 'post' } }],
    WHEN.media,
  );
  await send(
    [{ content: 'Not sure yet: a winter menu teaser.', media: [] }],
    [{ a: account('linkedin') }],
    WHEN.draft,
    'draft',
  );
  await app.ok('syncNow');
  await made();
  await app.ok('syncNow');
  madeIds = (await made()).map((p) => p.id);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await svc?.close();
  await new Promise((resolve) => images?.close(resolve));
  if (dir) await rm(dir, { recursive: true, force: true });
}, 120_000);

describe('export', () => {
  it('writes the posts as CSV in the columns import reads, one row per shared post', async () => {
    expect(madeIds).toHaveLength(5);
    const result = await exportAs(app, 'csv', madeIds);
    expect(result).toMatchObject({ count: 4, posts: 5, partial: 0, skipped: 0 });
    const text = await readFile(result.path!, 'utf8');
    expect(text.startsWith('\uFEFFtext,text_2,text_3,accounts,date,media,media_2,media_3,settings,')).toBe(
      true,
    );
    expect(text).toContain(`"${TEXT.replaceAll('"', '""')}"`);
    // The brand's zone with its offset, so a spreadsheet shows the brand's wall time.
    expect(text).toMatch(/,\d{4}-\d{2}-\d{2}T\d{2}:00:00\+0[12]:00,/);
    const ids = [account('x').id, account('linkedin').id];
    expect([`${ids[0]};${ids[1]}`, `${ids[1]};${ids[0]}`].some((cell) => text.includes(`,${cell},`))).toBe(
      true,
    );
  });

  it('imports its own CSV and JSON back as nothing new: every row already there', async () => {
    for (const format of ['csv', 'json'] as const) {
      const { path } = await exportAs(app, format, madeIds);
      const outboxBefore = (await app.ok('listOutbox')).length;
      const preview = await app.ok('previewImport', { file: await app.chosen(path!) });
      expect(preview.rows).toHaveLength(4);
      expect(preview.rows.map((r) => r.alreadyImported)).toEqual([true, true, true, true]);
      expect(preview.rows.map((r) => r.problems)).toEqual([[], [], [], []]);
      // The import's counts, beside the posts it shows as (every write answers them).
      const { created, alreadyImported, dropped, failed } = await app.ok('runImport', {
        importId: preview.importId,
        drop: [],
      });
      const result = { created, alreadyImported, dropped, failed };
      expect(result).toEqual({ created: 0, alreadyImported: 4, dropped: 0, failed: [] });
      expect((await app.ok('listOutbox')).length).toBe(outboxBefore);
    }
    expect((await made()).map((p) => p.id).sort()).toEqual([...madeIds].sort());
  });

  it('exports the calendar range, seeded posts too, and that file also imports back as nothing new', async () => {
    const start = new Date(Date.now() - 90 * DAY).toISOString();
    const end = new Date(Date.now() + 180 * DAY).toISOString();
    const shown = (await app.ok('listPosts', { start, end })).posts;
    const result = await app.ok('exportPosts', { format: 'csv', scope: { kind: 'range', start, end } });
    expect(result.posts + result.partial + result.skipped).toBe(shown.length);
    const preview = await app.ok('previewImport', { file: await app.chosen(result.path!) });
    expect(preview.rows).toHaveLength(result.count);
    expect(
      preview.rows.filter((r) => !r.alreadyImported).map((r) => [r.cells.date, r.accounts, r.problems]),
    ).toEqual([]);
    const run = await app.ok('runImport', { importId: preview.importId, drop: [] });
    expect(run.created).toBe(0);
  });

  it('writes an .ics that parses back: one event per row at its time, text and accounts in it', async () => {
    const result = await exportAs(app, 'ics', madeIds);
    const text = await readFile(result.path!, 'utf8');
    // RFC 5545: CRLF line ends, lines folded at 75 octets.
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toContain('\n');
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(4);
    const shared = events.find((e) => e.description.startsWith('Café crème'));
    expect(shared?.description).toContain(TEXT);
    expect(shared?.description).toContain(account('linkedin').name);
    expect(shared?.startDate.toJSDate().toISOString()).toBe(WHEN.shared);
    expect(events.map((e) => e.startDate.toJSDate().toISOString()).sort()).toEqual(
      Object.values(WHEN).sort(),
    );
  });

  it('writes nothing when the save dialog is cancelled, and says so plainly when the folder cannot take the file', async () => {
    const blocker = join(dir, 'not-a-folder');
    await writeFile(blocker, 'a file where a folder should be');
    let answer: string | null = null;
    const other = await openConnectedApp(svc, { chooseSavePath: async () => answer });
    try {
      const scope = { kind: 'posts' as const, postIds: madeIds };
      await other.ok('listPosts', { start: at(19, 0), end: at(23, 23) });
      expect(await other.ok('exportPosts', { format: 'csv', scope })).toMatchObject({ path: null, count: 0 });
      answer = join(blocker, 'posts.csv');
      const error = await other.fails('exportPosts', { format: 'csv', scope });
      expect(error.message).toMatch(
        /^The file could not be written \((ENOTDIR|EEXIST)\); choose another folder\.$/,
      );
      expect(await readdir(dir)).not.toContain(expect.stringMatching(/\.tmp$/));
      const none = await other.fails('exportPosts', {
        format: 'ics',
        scope: { kind: 'posts', postIds: ['post_nope'] },
      });
      expect(none.message).toMatch(/no posts to export/);
    } finally {
      await other.close();
    }
  });

  it('a fresh profile imports the file into the brand again: the same posts, made anew', async () => {
    const { path } = await exportAs(app, 'csv', madeIds);
    const { path: jsonPath } = await exportAs(app, 'json', madeIds);
    const before = await Promise.all(madeIds.map((id) => app.ok('getPost', { id })));
    const groups = [...new Set(before.map((p) => p.group))];
    for (const group of groups) await app.ok('deleteGroup', { group });
    await app.ok('syncNow');
    expect(await made()).toEqual([]);

    const fresh = await openConnectedApp(svc);
    try {
      const preview = await fresh.ok('previewImport', { file: await fresh.chosen(path!) });
      expect(preview.rows.map((r) => [r.alreadyImported, r.problems])).toEqual([
        [false, []],
        [false, []],
        [false, []],
        [false, []],
      ]);
      const { created, alreadyImported, dropped, failed } = await fresh.ok('runImport', {
        importId: preview.importId,
        drop: [],
      });
      const result = { created, alreadyImported, dropped, failed };
      expect(result).toEqual({ created: 4, alreadyImported: 0, dropped: 0, failed: [] });
      await fresh.ok('syncNow');
      expect((await fresh.ok('listOutbox')).filter((o) => o.status !== 'pending')).toEqual([]);
      const { posts } = await fresh.ok('listPosts', { start: at(19, 0), end: at(23, 23) });
      const after = await Promise.all(posts.map((p) => fresh.ok('getPost', { id: p.id })));
      const shape = (p: (typeof before)[number]) => ({
        integration: p.integration.id,
        publishDate: p.publishDate,
        state: p.state,
        blocks: p.value.map((b) => [b.content, (b.image ?? []).length]),
        settings: p.settings,
      });
      const order = (
        a: { integration: string; publishDate: string },
        b: { integration: string; publishDate: string },
      ) => a.publishDate.localeCompare(b.publishDate) || a.integration.localeCompare(b.integration);
      expect(after.map(shape).sort(order)).toEqual(before.map(shape).sort(order));
      // The same file again, and the JSON file too, now find every post there.
      const again = await fresh.ok('previewImport', { file: await fresh.chosen(jsonPath!) });
      expect(again.rows.map((r) => r.alreadyImported)).toEqual([true, true, true, true]);
    } finally {
      await fresh.close();
    }
  });
});

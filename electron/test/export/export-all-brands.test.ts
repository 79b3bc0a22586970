import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../import/csv.js';
import { startTestService, type TestService } from '../support/service.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';

/*
 * Export from the all-brands view against the real local service and a real database:
 * two connections, three brands; every shown brand's posts in one file, each row naming its brand,
 * the file named "All brands"; and the file still imports: the brand on screen finds its own rows
 * already there (the brand column is for people, import ignores it).
 */

const DAY = 86_400_000;
let svc: TestService;
let app: ConnectedApp;
let dir: string;
const saved: string[] = [];
const range = () => ({
  start: new Date(Date.now() - 20 * DAY).toISOString(),
  end: new Date(Date.now() + 20 * DAY).toISOString(),
});

beforeAll(async () => {
  svc = await startTestService();
  dir = await mkdtemp(join(tmpdir(), 'postdeck-export-brands-'));
  app = await openConnectedApp(svc, {
    chooseSavePath: async ({ defaultName }) => {
      const path = join(dir, `${saved.length}-${defaultName}`);
      saved.push(path);
      return path;
    },
  });
  // The second organization's key beside the first: it becomes the active connection.
  await app.ok('connectProfile', {
    baseUrl: svc.service.baseUrl,
    apiKey: svc.token('other-org'),
    brandId: svc.service.sandbox.organizations[1]!.brands[0]!.id,
  });
  await app.ok('setAllBrands', { all: true });
  await app.ok('listPosts', range());
  await app.ok('syncNow');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await svc?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

const brandNames = () => svc.service.sandbox.organizations.flatMap((o) => o.brands.map((b) => b.name));

describe('export from the all-brands view', () => {
  it('writes every shown brand’s posts with a brand column, in a file named All brands, that imports back', async () => {
    const shown = (await app.ok('listPosts', range())).posts.filter((p) => !p.localOnly);
    expect(new Set(shown.map((p) => p.brandId)).size).toBe(3);
    const result = await app.ok('exportPosts', { format: 'csv', scope: { kind: 'range', ...range() } });
    expect(basename(result.path!)).toMatch(/^\d+-All brands posts \d{4}-\d{2}-\d{2}\.csv$/);
    expect(result.posts + result.partial).toBe(shown.length);
    // Every post's detail is read under its own brand: none falls back to the calendar's copy.
    expect(result.partial).toBe(0);
    const [header, ...rows] = parseCsv(await readFile(result.path!, 'utf8'));
    const brandAt = header!.indexOf('brand');
    expect(brandAt).toBeGreaterThan(-1);
    const idsAt = header!.indexOf('post_ids');
    // Each row names its own post's brand.
    const brandOfPost = new Map(
      shown.map((p) => [
        p.id,
        brandNames()[
          svc.service.sandbox.organizations.flatMap((o) => o.brands).findIndex((b) => b.id === p.brandId)
        ],
      ]),
    );
    for (const row of rows) {
      const first = row[idsAt]!.split(';')[0]!;
      expect(row[brandAt], first).toBe(brandOfPost.get(first));
    }
    expect(new Set(rows.map((r) => r[brandAt]))).toEqual(new Set(brandNames()));

    // The file imports: the brand on screen (Lumen Labs, the active one) finds its rows already there.
    const active = (await app.ok('listBrands')).find((b) => b.active)!;
    const preview = await app.ok('previewImport', { file: await app.chosen(result.path!) });
    expect(preview.rows).toHaveLength(result.count);
    const own = preview.rows.filter((r) => r.cells.brand === active.name);
    expect(own.length).toBeGreaterThan(0);
    expect(own.map((r) => r.alreadyImported)).toEqual(own.map(() => true));
  });

  it('names each post’s brand in JSON and .ics too', async () => {
    const json = await app.ok('exportPosts', { format: 'json', scope: { kind: 'range', ...range() } });
    const file = JSON.parse(await readFile(json.path!, 'utf8')) as {
      brand: string;
      posts: { brand: string }[];
    };
    expect(file.brand).toBe('All brands');
    expect(new Set(file.posts.map((p) => p.brand))).toEqual(new Set(brandNames()));
    const ics = await app.ok('exportPosts', { format: 'ics', scope: { kind: 'range', ...range() } });
    const text = (await readFile(ics.path!, 'utf8')).replaceAll('\r\n ', '');
    for (const name of brandNames()) expect(text).toContain(`Brand: ${name}`);
    expect(text).toContain('X-WR-CALNAME:Postdeck: All brands');
  });
});

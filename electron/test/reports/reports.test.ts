import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IpcInput, IpcMethodName, IpcOutput } from '../../../shared/ipc/contract.js';
import { createAppServices } from '../../app-services.js';
import { monthlyNotification } from '../../reports/monthly-notification.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';
import { rangeFor, todayIn } from '../../../shared/analytics/ranges.js';
import { sliceHistory, summarize } from '../../../shared/analytics/rollup.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';
import { startTestService, type TestService } from '../support/service.js';
import { until } from '../support/sync-harness.js';

/*
 * Client reports against the real local service and a real database file: a report's CSV holds
 * the Analytics screen's numbers for the period, its HTML page keeps the review pack's rules (one
 * hashed script and stylesheet, nothing from the network), the agency logo is checked by its bytes,
 * and monthly reports write every brand, naming a brand that fails without stopping the others.
 */

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function setUp() {
  /** Text a page must hold for the stand-in printer to fail on it (one brand's report). */
  const failing = { on: null as string | null };
  const svc: TestService = await startTestService({ tickMs: 200 });
  cleanup.push(() => svc.close());
  const out = await mkdtemp(join(tmpdir(), 'postdeck-reports-'));
  cleanup.push(() => rm(out, { recursive: true, force: true }));
  const printed: string[] = [];
  const app: ConnectedApp = await openConnectedApp(svc, {
    chooseSavePath: async ({ defaultName }) => join(out, defaultName),
    chooseFolder: async () => out,
    // A stand-in for printToPDF: the page, marked as a PDF (the e2e run prints real ones).
    printToPdf: async (html) => {
      if (failing.on && html.includes(failing.on)) throw new Error('The printer ran out of paper.');
      printed.push(html);
      return new TextEncoder().encode(`%PDF-stand-in\n${html.length}`);
    },
  });
  cleanup.push(() => app.close());
  const from = app.events.length;
  await app.ok('snapshotAnalytics');
  await until(
    'the snapshot to end',
    () =>
      app.events
        .slice(from)
        .some((e) => e.name === 'analyticsChanged' && !(e.payload as { updating: boolean }).updating),
    30_000,
  );
  return { svc, app, out, printed, failing };
}

describe('client reports', () => {
  it('a report’s CSV holds the Analytics screen’s numbers for the period, in words', async () => {
    const { app, out } = await setUp();
    const saved = await app.ok('exportClientReport', {
      period: { kind: 'last30' },
      sections: ['summary', 'platforms'],
      format: 'csv',
    });
    expect(saved.path).toMatch(/ report \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(saved.path!, 'utf8')).replace(/^\uFEFF/, '');
    const rows = Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;

    const zone = (await app.ok('getQueueSlots', { integrationId: null })).timezone;
    const range = rangeFor('last30', todayIn(zone));
    const history = await app.ok('getAnalyticsHistory', range);
    const screen = summarize(sliceHistory(history.accounts, range, zone), range);
    const value = (metric: string) =>
      Number(rows.find((r) => r.Section === 'Summary' && r.Metric === metric)?.Value);
    expect(screen.totals.impressions).toBeGreaterThan(0);
    expect(value('Impressions')).toBe(screen.totals.impressions);
    expect(value('Engagements')).toBe(screen.totals.engagements);
    expect(value('Followers')).toBe(screen.totals.followers);
    expect(value('Engagement rate')).toBeCloseTo(screen.totals.engagementRate!, 12);
    // Per platform rows add up to the summary; every metric is named in words.
    const perPlatform = rows.filter((r) => r.Section === 'Per platform' && r.Metric === 'Impressions');
    expect(perPlatform.length).toBeGreaterThan(3);
    expect(perPlatform.reduce((s, r) => s + Number(r.Value), 0)).toBe(screen.totals.impressions);
    expect(rows.every((r) => !/[a-z][A-Z]/.test(r.Metric ?? ''))).toBe(true);
    // Sections left out are left out of the numbers too.
    expect(rows.some((r) => r.Section === 'Top posts' || r.Section === 'Per day')).toBe(false);
    expect(await readdir(out)).toEqual([saved.path!.split('/').pop()]);
  });

  it('the labels section adds up the period’s posts that carry each label, read with the history', async () => {
    const { app } = await setUp();
    const zone = (await app.ok('getQueueSlots', { integrationId: null })).timezone;
    const range = rangeFor('last30', todayIn(zone));
    const posts = (await app.ok('getAnalyticsHistory', range)).accounts
      .flatMap((a) => a.posts)
      .filter((p) => p.group !== null && p.publishDate !== null && (p.metrics.impressions ?? 0) > 0);
    expect(posts.length).toBeGreaterThan(1);
    const label = await app.ok('saveLabel', { name: 'Spring sale', color: 'green', campaign: null });
    const picked = posts.slice(0, 2);
    await app.ok('setPostLabels', { subjects: picked.map((p) => p.group!), add: [label.id], remove: [] });
    // Every kept post of those groups carries the label (a group's copies all do).
    const carrying = (await app.ok('getAnalyticsHistory', range)).accounts
      .flatMap((a) => a.posts)
      .filter(
        (p) => p.labels?.includes(label.id) && p.publishDate && p.publishDate.slice(0, 10) >= range.from,
      );
    const saved = await app.ok('exportClientReport', {
      period: { kind: 'last30' },
      sections: ['labels'],
      format: 'csv',
    });
    const text = (await readFile(saved.path!, 'utf8')).replace(/^\uFEFF/, '');
    const rows = Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
    const value = (metric: string) =>
      Number(
        rows.find((r) => r.Section === 'Labels' && r.Row === 'Spring sale' && r.Metric === metric)?.Value,
      );
    expect(value('Posts')).toBeGreaterThanOrEqual(2);
    expect(value('Posts')).toBeLessThanOrEqual(carrying.length);
    expect(value('Impressions')).toBeGreaterThan(0);
  });

  it('the HTML page loads nothing: its one script and stylesheet are named by hash, its data has no ids', async () => {
    const { app, svc } = await setUp();
    await app.ok('setReportSettings', { agencyName: '  North   Star <Studio> ' });
    const saved = await app.ok('exportClientReport', {
      period: { kind: 'last7' },
      sections: ['summary', 'charts', 'topPosts', 'scheduled'],
      format: 'html',
    });
    const html = await readFile(saved.path!, 'utf8');
    const csp = (
      /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? ''
    ).replace(/&#39;/g, "'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("connect-src 'none'");
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=["']?https?:/i);
    // Two script elements: the data (JSON, never run) and the page's one script.
    expect(html.split('\n').filter((line) => line.startsWith('<script'))).toEqual([
      expect.stringMatching(/^<script type="application\/json" id="report-data">/),
      expect.stringMatching(/^<script>/),
    ]);
    // The agency's name is text, escaped inside the JSON, spaces tidied.
    expect(html).toContain('North Star \\u003cStudio>');
    const data = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    for (const id of [svc.brandIds[0]!, ...svc.integrations(0).map((i) => i.id)])
      expect(data).not.toContain(id);
  });

  it('the agency logo is checked by its bytes and kept small', async () => {
    const { app, out } = await setUp();
    const fake = join(out, 'logo.png');
    await writeFile(fake, 'not a picture at all');
    const refused = await app.fails('setReportSettings', { agencyLogo: { file: await app.chosen(fake) } });
    expect(refused.message).toBe(
      'This file is not a PNG, JPEG, WebP or GIF picture; choose the logo as one of those.',
    );
    expect((await app.ok('getReportSettings')).agencyLogo).toBeNull();

    const real = join(out, 'logo.jpg');
    await sharp({ create: { width: 2000, height: 800, channels: 3, background: '#0b7285' } })
      .jpeg()
      .toFile(real);
    const saved = await app.ok('setReportSettings', { agencyLogo: { file: await app.chosen(real) } });
    expect(saved.agencyLogo).toMatch(/^data:image\/png;base64,/);
    const meta = await sharp(Buffer.from(saved.agencyLogo!.split(',')[1]!, 'base64')).metadata();
    expect(meta.width).toBeLessThanOrEqual(480);
    expect(meta.height).toBeLessThanOrEqual(160);
    expect((await app.ok('setReportSettings', { agencyLogo: null })).agencyLogo).toBeNull();
    // A brand that is not connected is refused with words.
    const gone = await app.fails('exportClientReport', {
      brands: [{ profileId: 'nobody', brandId: 'nothing' }],
      period: { kind: 'lastMonth' },
      sections: ['summary'],
      format: 'csv',
    });
    expect(gone.message).toBe('One of the brands chosen is no longer connected; choose the brands again.');
    // A wrong argument is refused with words, and nothing changes.
    const bad = await app.fails('setReportSettings', { agencyName: 'x'.repeat(121) });
    expect(bad.code).toBe('INVALID_ARGUMENT');
  });

  it('monthly reports write every brand into the folder; a brand that fails is named and the others are written', async () => {
    const { app, out, failing } = await setUp();
    const brands = (await app.ok('getBrandScope')).brands;
    expect(brands.length).toBeGreaterThanOrEqual(2);
    const failed = brands[0]!.name;
    // The printer fails on that brand's page only.
    failing.on = `"brand":${JSON.stringify(failed)}`;
    const result = await app.ok('writeMonthlyReports', {});
    const month = rangeFor('lastMonth', todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)).from.slice(
      0,
      7,
    );
    expect(result.folder).toBe(out);
    expect(result.failed).toEqual([{ brand: failed, message: 'The printer ran out of paper.' }]);
    expect(result.written.map((w) => w.file).sort()).toEqual(
      brands
        .filter((b) => b.name !== failed)
        .map((b) => `${b.name} report ${month}.pdf`)
        .sort(),
    );
    expect((await readdir(out)).sort()).toEqual(result.written.map((w) => w.file).sort());
    const progress = app.events.filter((e) => e.name === 'reportProgress').map((e) => e.payload);
    expect(progress.at(-1)).toEqual({ done: brands.length, total: brands.length, brand: null });
    expect(progress).toHaveLength(brands.length + 1);
    const settings = await app.ok('getReportSettings');
    expect(settings).toMatchObject({ monthlyFolder: out, lastMonthWritten: month });
  });
});

describe('monthly reports on the first of a month', () => {
  it('write themselves when the app starts in a new month, once, and say so for the notification', async () => {
    const svc = await startTestService({ tickMs: 200 });
    cleanup.push(() => svc.close());
    const dir = await mkdtemp(join(tmpdir(), 'postdeck-monthly-'));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    const folder = join(dir, 'reports');
    await mkdir(folder);
    const secrets = new MemorySecretStore();
    const open = async () => {
      const services = await createAppServices({
        dataDir: join(dir, 'app'),
        secretStore: secrets,
        apiTimeoutMs: 10_000,
        chooseFolder: async () => folder,
        printToPdf: async (html) => new TextEncoder().encode(`%PDF-stand-in\n${html.length}`),
      });
      const events: { name: string; payload: unknown }[] = [];
      services.onEvent((name, payload) => events.push({ name, payload }));
      const ok = async <K extends IpcMethodName>(
        name: K,
        input: IpcInput<K> | Record<string, never> = {},
      ) => {
        const result = await services.invoke(name, input);
        if (!result.ok) throw new Error(`${name} failed: ${result.error.message}`);
        return result.value as IpcOutput<K>;
      };
      return { services, events, ok };
    };

    const first = await open();
    await first.ok('connectProfile', {
      baseUrl: svc.service.baseUrl,
      apiKey: svc.token('full-test'),
      brandId: svc.brandIds[0],
    });
    await until(
      'the accounts to be learned',
      async () => (await first.ok('listIntegrations')).length > 0,
      30_000,
    );
    await first.ok('setReportSettings', { onFirstOfMonth: true });
    const byHand = await first.ok('writeMonthlyReports', {});
    expect(byHand.written.length).toBeGreaterThan(0);
    await first.services.close();
    // Written by hand this month: starting again the same month writes nothing.
    const again = await open();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(again.events.some((e) => e.name === 'monthlyReportsWritten')).toBe(false);
    await again.services.close();

    // A month later, the app starts: the reports of the month just ended write themselves.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 32 * 86_400_000);
    const later = await open();
    cleanup.push(() => later.services.close());
    await until(
      'the monthly reports to write themselves',
      () => later.events.some((e) => e.name === 'monthlyReportsWritten'),
      60_000,
    );
    const written = later.events.find((e) => e.name === 'monthlyReportsWritten')!.payload as {
      folder: string;
      written: { file: string }[];
      failed: unknown[];
    };
    const month = rangeFor('lastMonth', todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone)).from.slice(
      0,
      7,
    );
    expect(written.folder).toBe(folder);
    expect(written.failed).toEqual([]);
    expect(written.written.every((w) => w.file.endsWith(` report ${month}.pdf`))).toBe(true);
    expect((await later.ok('getReportSettings')).lastMonthWritten).toBe(month);
    expect(monthlyNotification(written as never)).toEqual({
      title: expect.stringMatching(/^Monthly reports for \w+ \d{4}$/),
      body: `${written.written.length} reports written to “reports”.`,
    });
  });
});

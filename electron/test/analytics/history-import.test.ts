import { mkdtempSync, rmSync } from 'node:fs';
import {
  mkdtemp as mkdtempAsync,
  readFile,
  rm as rmAsync,
  writeFile as writeFileAsync,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '../../../shared/api/resources.js';
import type { AnalyticsHistory } from '../../../shared/analytics/ipc.js';
import { addDays } from '../../../shared/analytics/ranges.js';
import type { KnownAccount } from '../../../shared/analytics/history-csv.js';
import { AnalyticsRepo } from '../../analytics/analytics-repo.js';
import { HistoryImport } from '../../analytics/history-import.js';
import { createAppServices } from '../../app-services.js';
import { AppFailure } from '../../core/app-failure.js';
import { createSandboxStarter } from '../../profiles/sandbox.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';
import { openDatabase, type AppDatabase } from '../../store/database.js';
import { ProfilesRepo } from '../../store/profiles-repo.js';
import { openConnectedApp } from '../support/app.js';
import { saveTestProfile } from '../support/database.js';
import { startTestService } from '../support/service.js';
import { until } from '../support/sync-harness.js';

/*
 * Importing past history on a real database file: what a file writes, how it merges with the
 * service's own snapshots (the service's numbers win; a later snapshot replaces an imported day;
 * importing again replaces what was imported), what it refuses and why, through the IPC method
 * as the window calls it, and the sandbox's first year coming in by the same door, once.
 */

const brand = { profileId: 'p1', brandId: 'b1' };
const known: KnownAccount[] = [
  { id: 'acc-x', name: 'Harbor Coffee', platform: 'x' },
  { id: 'acc-ig', name: 'harborcoffee', platform: 'instagram' },
  { id: 'acc-li', name: 'Lumen Labs', platform: 'linkedin-page' },
];

describe('importing a history file', () => {
  let dir = '';
  let db: AppDatabase;
  let repo: AnalyticsRepo;
  let importer: HistoryImport;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'postdeck-history-import-'));
    db = openDatabase(join(dir, 'postdeck.db'));
    saveTestProfile(new ProfilesRepo(db), 'p1');
    repo = new AnalyticsRepo(db);
    importer = new HistoryImport({
      repo,
      now: () => new Date('2030-06-15T10:00:00Z'),
      accountsOf: () => known,
    });
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const snapshot = (days: [string, number][], at: string) => {
    const answer: AnalyticsResponse = {
      integration: { id: 'acc-x', platform: 'x', name: 'Harbor Coffee', disconnected: false },
      profile: {},
      daily: days.map(([date, impressions]) => ({ date, metrics: { impressions } })),
      recentPosts: [],
    };
    repo.saveAccount(brand, answer, new Date(at));
  };
  const impressionsOn = (id: string, day: string) => repo.days(brand, id, day, day)[0]?.metrics.impressions;

  it('writes a day per account and row, and says what it matched', () => {
    const result = importer.importText(
      brand,
      [
        'Date,Account,Platform,Followers,Impressions,Engagements',
        '2030-01-01,Harbor Coffee,X,1000,500,20',
        '2030-01-02,Harbor Coffee,X,1003,650,31',
        '2030-01-01,@HarborCoffee,Instagram,2000,900,40',
        '2030-01-03,Lumen Labs,,50,10,1',
      ].join('\r\n'),
    );
    expect(result).toEqual({
      daysWritten: 4,
      keptFromService: 0,
      accounts: [
        { name: 'Harbor Coffee', platform: 'x' },
        { name: 'harborcoffee', platform: 'instagram' },
        { name: 'Lumen Labs', platform: 'linkedin-page' },
      ],
      firstDay: '2030-01-01',
      lastDay: '2030-01-03',
      refused: [],
      refusedCount: 0,
      ignoredColumns: [],
    });
    expect(repo.days(brand, 'acc-x', '2030-01-01', '2030-01-31')).toEqual([
      { date: '2030-01-01', metrics: { followers: 1000, impressions: 500, engagements: 20 } },
      { date: '2030-01-02', metrics: { followers: 1003, impressions: 650, engagements: 31 } },
    ]);
    // Accounts with imported history are listed before any snapshot has seen them.
    expect(
      repo
        .accounts(brand)
        .map((a) => a.integrationId)
        .sort(),
    ).toEqual(['acc-ig', 'acc-li', 'acc-x']);
  });

  it('never replaces a day the service’s snapshot wrote; a later snapshot replaces an imported day', () => {
    snapshot(
      [
        ['2030-03-01', 111],
        ['2030-03-02', 222],
      ],
      '2030-03-02T12:00:00Z',
    );
    const file = (n: number) =>
      [
        'Date,Account,Impressions',
        ...['01', '02', '03', '04'].map((d) => `2030-03-${d},Harbor Coffee,${n}`),
      ].join('\n');
    const first = importer.importText(brand, file(5));
    expect(first).toMatchObject({
      daysWritten: 2,
      keptFromService: 2,
      firstDay: '2030-03-01',
      lastDay: '2030-03-04',
    });
    expect(impressionsOn('acc-x', '2030-03-01')).toBe(111);
    expect(impressionsOn('acc-x', '2030-03-02')).toBe(222);
    expect(impressionsOn('acc-x', '2030-03-03')).toBe(5);

    // Importing again replaces what was imported, and still leaves the service's days alone.
    const again = importer.importText(brand, file(7));
    expect(again).toMatchObject({ daysWritten: 2, keptFromService: 2 });
    expect(impressionsOn('acc-x', '2030-03-03')).toBe(7);
    expect(impressionsOn('acc-x', '2030-03-04')).toBe(7);
    expect(repo.days(brand, 'acc-x', '2030-03-01', '2030-03-31')).toHaveLength(4);

    // The service's window reaches an imported day later: its numbers replace the imported ones,
    // and a third import does not bring them back.
    snapshot([['2030-03-03', 333]], '2030-03-04T12:00:00Z');
    expect(impressionsOn('acc-x', '2030-03-03')).toBe(333);
    expect(importer.importText(brand, file(9))).toMatchObject({ daysWritten: 1, keptFromService: 3 });
    expect(impressionsOn('acc-x', '2030-03-03')).toBe(333);
    expect(impressionsOn('acc-x', '2030-03-04')).toBe(9);
  });

  it('refuses rows by number and keeps the rest; a file it cannot read writes nothing', () => {
    const result = importer.importText(
      brand,
      [
        'Date,Account,Impressions,Engagement rate',
        '2030-02-01,Harbor Coffee,10,0.1',
        '2030-02-01,Nobody,10,0.1',
        '2030-02-02,Nobody,10,0.1',
        '2030-02-03,Harbor Coffee,-1,0.1',
        '2030-02-30,Harbor Coffee,1,0.1',
        '2031-01-01,Harbor Coffee,1,0.1',
      ].join('\n'),
    );
    expect(result.daysWritten).toBe(1);
    expect(result.refusedCount).toBe(5);
    expect(result.refused.map((r) => r.row)).toEqual([3, 4, 5, 6, 7]);
    expect(result.refused[0]!.reason).toBe('No account of this brand is called "Nobody".');
    expect(result.refused[2]!.reason).toMatch(/Impressions is negative/);
    expect(result.refused[4]!.reason).toMatch(/has not come yet/);
    expect(result.ignoredColumns).toEqual(['Engagement rate']);

    const before = repo.days(brand, 'acc-x', '2000-01-01', '2040-01-01');
    let failure: unknown;
    try {
      importer.importText(brand, 'When,Who,Impressions\n2030-02-05,Harbor Coffee,1');
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(AppFailure);
    expect((failure as AppFailure).code).toBe('INVALID_ARGUMENT');
    expect((failure as AppFailure).message).toMatch(/one called Date and one called Account/);
    expect(repo.days(brand, 'acc-x', '2000-01-01', '2040-01-01')).toEqual(before);
  });
});

describe('the example file of the manual', () => {
  it('imports whole into the sandbox’s Harbor Coffee accounts, its rate column left out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'postdeck-history-sample-'));
    const db = openDatabase(join(dir, 'postdeck.db'));
    try {
      saveTestProfile(new ProfilesRepo(db), 'p1');
      const repo = new AnalyticsRepo(db);
      const importer = new HistoryImport({
        repo,
        now: () => new Date('2026-11-28T10:00:00Z'),
        // The sandbox's names: two of them share "harbor.coffee", told apart by the Network column.
        accountsOf: () => [
          { id: 'x', name: 'Harbor Coffee', platform: 'x' },
          { id: 'ig', name: 'harbor.coffee', platform: 'instagram' },
          { id: 'th', name: 'harbor.coffee', platform: 'threads' },
        ],
      });
      const text = await readFile(join(import.meta.dirname, '../../../samples/history-sample.csv'), 'utf8');
      const result = importer.importText(brand, text);
      expect(result).toMatchObject({
        daysWritten: 14,
        refusedCount: 0,
        firstDay: '2026-03-08',
        lastDay: '2026-03-14',
        ignoredColumns: ['Engagement rate (%)'],
      });
      expect(repo.days(brand, 'ig', '2026-03-08', '2026-03-08')[0]?.metrics).toEqual({
        followers: 9635,
        impressions: 4589,
        reach: 3304,
        engagements: 223,
        likes: 146,
        comments: 21,
        shares: 29,
        clicks: 27,
      });
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('importAnalyticsHistory, as the window calls it', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('imports a chosen file into the active brand, says so, and refreshes the screen', async () => {
    const svc = await startTestService();
    cleanup.push(() => svc.close());
    const app = await openConnectedApp(svc);
    cleanup.push(() => app.close());
    const dir = await mkdtempAsync(join(tmpdir(), 'postdeck-history-file-'));
    cleanup.push(() => rmAsync(dir, { recursive: true, force: true }));
    const [a, b] = app.accounts.filter((x) => !x.disconnected);
    const yearAgo = addDays(new Date().toISOString().slice(0, 10), -365);
    const lines = ['Date,Account,Platform,Impressions,Followers'];
    for (let i = 0; i < 7; i++)
      for (const acc of [a!, b!])
        lines.push(`${addDays(yearAgo, i)},"${acc.name}",${acc.platform},${100 + i},${1000 + i}`);
    lines.push(`${yearAgo},Nobody at all,,5,5`);
    const path = join(dir, 'history.csv');
    await writeFileAsync(path, `\uFEFF${lines.join('\r\n')}\r\n`);

    const token = await app.chosen(path);
    const from = app.events.length;
    const result = await app.ok('importAnalyticsHistory', { file: token });
    expect(result).toMatchObject({
      daysWritten: 14,
      keptFromService: 0,
      firstDay: yearAgo,
      lastDay: addDays(yearAgo, 6),
      refusedCount: 1,
      refused: [{ row: 16, reason: 'No account of this brand is called "Nobody at all".' }],
    });
    expect(result.accounts.map((x) => x.name).sort()).toEqual([a!.name, b!.name].sort());
    expect(app.events.slice(from).some((e) => e.name === 'analyticsChanged')).toBe(true);

    const history = await app.ok('getAnalyticsHistory', { from: yearAgo, to: addDays(yearAgo, 6) });
    const mine = history.accounts.find((x) => x.integration.id === a!.id);
    expect(mine?.days.map((d) => d.metrics.impressions)).toEqual([100, 101, 102, 103, 104, 105, 106]);

    // The token is used up (a file is read once), and a wrong argument is refused plainly.
    expect((await app.fails('importAnalyticsHistory', { file: token })).message).toMatch(/choose it again/);
    expect((await app.call('importAnalyticsHistory', { file: 'nope' } as never)).ok).toBe(false);
    const bad = join(dir, 'bad.csv');
    await writeFileAsync(bad, 'Day,Who\n');
    expect((await app.fails('importAnalyticsHistory', { file: await app.chosen(bad) })).message).toMatch(
      /one called Date and one called Account/,
    );
  });

  it('brings the sandbox’s year in on its first start, once, before the service’s window', async () => {
    const sandboxDir = await mkdtempAsync(join(tmpdir(), 'postdeck-sandbox-year-'));
    const dataDir = await mkdtempAsync(join(tmpdir(), 'postdeck-sandbox-app-'));
    cleanup.push(
      () => rmAsync(sandboxDir, { recursive: true, force: true }),
      () => rmAsync(dataDir, { recursive: true, force: true }),
    );
    const open = async () => {
      const starter = createSandboxStarter(sandboxDir);
      const services = await createAppServices({
        dataDir,
        secretStore: new MemorySecretStore(),
        apiTimeoutMs: 10_000,
        startSandbox: () => starter.start(),
      });
      return { services, starter };
    };
    const imported = () => {
      const file = openDatabase(join(dataDir, 'postdeck.db'));
      try {
        const row = file.sql
          .prepare(
            `SELECT COUNT(*) AS n, MIN(day) AS first, MAX(day) AS last, MAX(seen_at) AS seen, COUNT(DISTINCT brand_id) AS brands,
               COUNT(DISTINCT integration_id) AS accounts FROM analytics_days WHERE source = 'import'`,
          )
          .get() as {
          n: number;
          first: string;
          last: string;
          seen: string;
          brands: number;
          accounts: number;
        };
        const { n, first, last, seen, brands, accounts } = row;
        return { n, first, last, seen, brands, accounts };
      } finally {
        file.close();
      }
    };

    const first = await open();
    const started = await first.services.invoke('startSandbox', {});
    expect(started.ok).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    await until(
      'the sandbox’s year to be imported',
      async () => {
        const r = await first.services.invoke('getAnalyticsHistory', {
          from: addDays(today, -400),
          to: addDays(today, -31),
        });
        return r.ok && (r.value as AnalyticsHistory).accounts.some((x) => x.days.length > 300);
      },
      30_000,
    );
    await first.services.close();
    await first.starter.stop();
    const once = imported();
    // Three brands of two connections, every seeded account, 431 days each (back to 460
    // days ago, so the last 90 days a year before are kept too), all before the service's window.
    expect(once.brands).toBe(3);
    expect(once.accounts).toBeGreaterThanOrEqual(15);
    expect(once.n).toBe(once.accounts * 431);
    expect(once.last).toBe(addDays(today, -30));
    expect(once.first).toBe(addDays(today, -460));

    // The app starts again with the sandbox active: nothing is imported a second time.
    const second = await open();
    cleanup.push(() => second.starter.stop());
    expect((await second.services.invoke('getMe', {})).ok).toBe(true);
    await second.services.close();
    expect(imported()).toEqual(once);
  });
});

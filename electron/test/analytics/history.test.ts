import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsResponse } from '../../../shared/api/resources.js';
import type { AnalyticsHistory } from '../../../shared/analytics/ipc.js';
import type { IpcEventName, IpcInput, IpcMethodName, IpcOutput } from '../../../shared/ipc/contract.js';
import { AnalyticsRepo } from '../../analytics/analytics-repo.js';
import { createAppServices, type AppServices, type AppServicesOptions } from '../../app-services.js';
import { createSandboxStarter } from '../../profiles/sandbox.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';
import type { SecretStore } from '../../secrets/secret-store.js';
import { openDatabase } from '../../store/database.js';
import { startTestService, type TestService } from '../support/service.js';
import { until } from '../support/sync-harness.js';

/*
 * The analytics history main keeps, against the real local service and a real database file: what
 * a snapshot stores, how a later one merges by day after the service's 30-day window moved on, a
 * brand whose key may not read analytics beside one that may, and the same numbers offline and
 * after the app starts again over the same data.
 */

const DAY = 86_400_000;
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface OpenApp {
  services: AppServices;
  dir: string;
  events: { name: IpcEventName; payload: unknown }[];
  ok<K extends IpcMethodName>(name: K, input?: IpcInput<K> | Record<string, never>): Promise<IpcOutput<K>>;
  /** Asks for a snapshot and waits until it (and any run it joined) ended. */
  snapshot(): Promise<void>;
  history(from: string, to: string): Promise<AnalyticsHistory>;
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function service(): Promise<TestService> {
  const svc = await startTestService({ tickMs: 200 });
  cleanup.push(() => svc.close());
  return svc;
}

async function openApp(
  dir: string,
  secretStore: SecretStore = new MemorySecretStore(),
  extra: Partial<AppServicesOptions> = {},
): Promise<OpenApp> {
  const services = await createAppServices({
    ...extra,
    dataDir: dir,
    secretStore,
    apiTimeoutMs: 5_000,
    // The passing-fault retries of a stopped service end quickly.
    backoff: { baseMs: 50, maxMs: 200 },
  });
  const events: OpenApp['events'] = [];
  services.onEvent((name, payload) => events.push({ name, payload }));
  const ok = async <K extends IpcMethodName>(name: K, input: IpcInput<K> | Record<string, never> = {}) => {
    const result = await services.invoke(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
    return result.value as IpcOutput<K>;
  };
  const ended = (from: number) =>
    events
      .slice(from)
      .some((e) => e.name === 'analyticsChanged' && !(e.payload as { updating: boolean }).updating);
  return {
    services,
    dir,
    events,
    ok,
    snapshot: async () => {
      const from = events.length;
      expect((await ok('snapshotAnalytics')).started).toBe(true);
      await until('the snapshot to end', () => ended(from), 30_000);
    },
    history: (from, to) => ok('getAnalyticsHistory', { from, to }),
  };
}

async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'postdeck-analytics-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** An app connected with `label`'s key to the service's first brand (or `brandId`), closed after the test. */
async function connected(svc: TestService, label: Parameters<TestService['token']>[0] = 'full-test') {
  const app = await openApp(await freshDir());
  cleanup.push(() => app.services.close());
  await app.ok('connectProfile', {
    baseUrl: svc.service.baseUrl,
    apiKey: svc.token(label),
    brandId: svc.brandIds[0],
    storage: 'session',
  });
  // Main learns the brand's accounts from the pull that follows a connection.
  await until(
    'the accounts to be learned',
    async () => (await app.ok('listIntegrations')).length > 0,
    30_000,
  );
  return app;
}

/** What the service itself answers for each account of its first brand, by account id. */
async function serviceAnswers(svc: TestService): Promise<Map<string, AnalyticsResponse>> {
  const api = svc.client();
  const answers = new Map<string, AnalyticsResponse>();
  for (const i of svc.integrations(0)) answers.set(i.id, await api.getProfileAnalytics(i.id));
  return answers;
}

/** A wide range around today: every day the service's window holds, and then some. */
const wide = () => ({ from: dayKey(Date.now() - 90 * DAY), to: dayKey(Date.now() + DAY) });

describe('analytics history kept on this computer', () => {
  it('a snapshot keeps every account’s days and recent posts with the service’s own numbers', async () => {
    const svc = await service();
    const app = await connected(svc);
    await app.snapshot();
    const { from, to } = wide();
    const history = await app.history(from, to);
    const answers = await serviceAnswers(svc);

    expect(history.updating).toBe(false);
    expect(history.problems).toEqual([]);
    expect(history.asOf).not.toBeNull();
    expect(Date.now() - Date.parse(history.asOf ?? '')).toBeLessThan(60_000);
    const brand = { profileId: history.accounts[0]?.brand.profileId, brandId: svc.brandIds[0] };
    // Every account of the brand main knows, each once.
    const known = (await app.ok('listIntegrations')).map((i) => i.id).sort();
    const kept = history.accounts.filter((a) => a.brand.brandId === brand.brandId);
    expect(kept.map((a) => a.integration.id).sort()).toEqual(known);
    expect(kept.length).toBeGreaterThanOrEqual(9);

    let posts = 0;
    for (const account of kept) {
      const answer = answers.get(account.integration.id);
      if (!answer) throw new Error(`the service does not know ${account.integration.id}`);
      expect(account.integration.name).toBe(answer.integration.name);
      expect(account.integration.platform).toBe(answer.integration.platform);
      // The 30 days of the service's window, as it gave them.
      expect(account.days).toHaveLength(30);
      expect(account.days).toEqual((answer.daily ?? []).map((d) => ({ date: d.date, metrics: d.metrics })));
      for (const post of answer.recentPosts) {
        const mine = account.posts.find((p) => p.postId === post.postId);
        expect(mine, `post ${post.postId}`).toBeDefined();
        expect(mine?.metrics).toEqual(post.metrics);
        expect(mine?.content).toBe(post.content);
        expect(mine?.group).toBe(post.group ?? null);
        expect(Date.parse(mine?.publishDate ?? '')).toBe(Date.parse(post.publishDate ?? ''));
        posts++;
      }
      expect(account.posts).toHaveLength(answer.recentPosts.length);
    }
    expect(posts).toBeGreaterThan(5);

    // A range reads only its own days: the last week is seven days of each account.
    const week = await app.history(dayKey(Date.now() - 6 * DAY), dayKey(Date.now()));
    for (const account of week.accounts.filter((a) => a.brand.brandId === brand.brandId))
      expect(account.days.map((d) => d.date)).toEqual(
        Array.from({ length: 7 }, (_, i) => dayKey(Date.now() - (6 - i) * DAY)),
      );
  });

  it('each kept post carries the labels of its group, and postsOnly reads every post without the days', async () => {
    const svc = await service();
    const app = await connected(svc);
    await app.snapshot();
    const { from, to } = wide();
    const before = await app.history(from, to);
    const posts = before.accounts.flatMap((a) => a.posts);
    expect(posts.length).toBeGreaterThan(3);
    expect(posts.every((p) => p.labels === undefined)).toBe(true);
    expect(before.labels).toEqual([]);

    const spring = await app.ok('saveLabel', {
      name: 'Spring sale',
      color: 'green',
      campaign: { start: from, end: to },
    });
    const tips = await app.ok('saveLabel', { name: 'Tips', color: 'blue', campaign: null });
    const [first, second, third] = posts;
    const subject = (p: (typeof posts)[number]) => p.group ?? p.postId;
    await app.ok('setPostLabels', {
      subjects: [subject(first!), subject(second!)],
      add: [spring.id],
      remove: [],
    });
    await app.ok('setPostLabels', {
      subjects: [subject(second!), subject(third!)],
      add: [tips.id],
      remove: [],
    });

    const after = await app.history(from, to);
    const labelsOf = (id: string) =>
      after.accounts.flatMap((a) => a.posts).find((p) => p.postId === id)?.labels ?? [];
    // A post carries what its group carries (posts of one group all do).
    expect(labelsOf(first!.postId)).toContain(spring.id);
    expect([...labelsOf(second!.postId)].sort()).toEqual([spring.id, tips.id].sort());
    expect(labelsOf(third!.postId)).toContain(tips.id);
    expect(after.labels).toEqual([
      { brand: after.accounts[0]!.brand, labels: expect.arrayContaining([spring, tips]) as unknown },
    ]);

    // Every kept post, without the days: what the best time to post reads.
    const whole = await app.ok('getAnalyticsHistory', { from: '2000-01-01', to, postsOnly: true });
    expect(whole.accounts.every((a) => a.days.length === 0)).toBe(true);
    expect(whole.accounts.flatMap((a) => a.posts.map((p) => p.postId)).sort()).toEqual(
      posts.map((p) => p.postId).sort(),
    );
  });

  it('a later snapshot, after the service’s window moved on, merges by day and keeps posts that left "recent posts"', async () => {
    const svc = await service();
    const app = await connected(svc);
    await app.snapshot();
    const first = await serviceAnswers(svc);
    const x = svc.integrations(0).find((i) => i.platform === 'x' && !i.disconnected);
    const linkedin = svc.integrations(0).find((i) => i.platform === 'linkedin' && !i.disconnected);
    if (!x || !linkedin) throw new Error('the sandbox has no X or LinkedIn account');

    // Ten days on (the service's window moves with the clock), eleven posts go out on X: every
    // post the first snapshot saw there leaves the ten "recent posts".
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 10 * DAY);
    const api = svc.client();
    for (let i = 0; i < 11; i++) {
      await api.createPosts({
        type: 'now',
        date: new Date().toISOString(),
        shortLink: false,
        posts: [
          {
            integration: { id: x.id },
            value: [{ content: `Roast day note ${i}` }],
            settings: { __type: 'x' },
          },
        ],
      });
    }
    const firstX = first.get(x.id);
    if (!firstX) throw new Error('no first answer for X');
    const left = (answer: AnalyticsResponse) =>
      firstX.recentPosts.filter((p) => !answer.recentPosts.some((q) => q.postId === p.postId));
    await until(
      'the new posts to be published',
      async () => left(await api.getProfileAnalytics(x.id)).length === firstX.recentPosts.length,
      30_000,
    );
    await app.snapshot();
    const second = await serviceAnswers(svc);
    const { from, to } = wide();
    const history = await app.history(from, to);

    for (const [id, before] of first) {
      const after = second.get(id);
      const account = history.accounts.find((a) => a.integration.id === id);
      if (!after || !account) throw new Error(`account ${id} is missing`);
      const firstDays = before.daily ?? [];
      const laterDays = after.daily ?? [];
      // Every day from the first snapshot's oldest to the second's newest, none lost, none twice.
      const start = Date.parse(`${firstDays[0]?.date}T00:00:00Z`);
      const end = Date.parse(`${laterDays[laterDays.length - 1]?.date}T00:00:00Z`);
      expect(account.days.map((d) => d.date)).toEqual(
        Array.from({ length: (end - start) / DAY + 1 }, (_, i) => dayKey(start + i * DAY)),
      );
      expect(account.days).toHaveLength(40);
      // A day both snapshots saw holds the later value; a day only the first saw, the first's.
      for (const day of account.days) {
        const later = laterDays.find((d) => d.date === day.date);
        const earlier = firstDays.find((d) => d.date === day.date);
        expect(day.metrics).toEqual((later ?? earlier)?.metrics);
      }
    }

    // The X posts that left the service's "recent posts" are kept with their last-seen metrics.
    const xHistory = history.accounts.find((a) => a.integration.id === x.id);
    const gone = left(second.get(x.id) ?? firstX);
    expect(gone.length).toBeGreaterThan(0);
    for (const post of gone) {
      const kept = xHistory?.posts.find((p) => p.postId === post.postId);
      expect(kept, `post ${post.postId}`).toBeDefined();
      expect(kept?.metrics).toEqual(post.metrics);
    }
    for (const post of second.get(x.id)?.recentPosts ?? [])
      expect(xHistory?.posts.find((p) => p.postId === post.postId)?.metrics).toEqual(post.metrics);

    // A post seen by both snapshots has a row of history for each day it was seen.
    const seenTwice = (first.get(linkedin.id)?.recentPosts ?? []).find((p) =>
      second.get(linkedin.id)?.recentPosts.some((q) => q.postId === p.postId),
    );
    if (!seenTwice) throw new Error('no LinkedIn post seen by both snapshots');
    const db = openDatabase(join(app.dir, 'postdeck.db'));
    try {
      const brand = { profileId: history.accounts[0]?.brand.profileId ?? '', brandId: svc.brandIds[0] ?? '' };
      const rows = new AnalyticsRepo(db).postHistory(brand, seenTwice.postId);
      expect(rows.map((r) => r.date)).toEqual([dayKey(Date.now() - 10 * DAY), dayKey(Date.now())]);
      expect(rows.every((r) => r.metrics.impressions === seenTwice.metrics.impressions)).toBe(true);
    } finally {
      db.close();
    }
  });

  it('a key that may not read analytics marks its brands, and the other connection’s brand is still kept', async () => {
    const svc = await service();
    const app = await openApp(await freshDir());
    cleanup.push(() => app.services.close());
    const org2 = svc.service.sandbox.organizations[1];
    const lumen = org2?.brands[0];
    if (!lumen) throw new Error('the sandbox has no second organization');
    await app.ok('connectProfile', {
      baseUrl: svc.service.baseUrl,
      apiKey: svc.token('scheduler'),
      brandId: svc.brandIds[0],
      storage: 'session',
    });
    // The second organization's key, connected last, is the active one: its accounts are learned.
    await app.ok('connectProfile', {
      baseUrl: svc.service.baseUrl,
      apiKey: svc.token('other-org'),
      brandId: lumen.id,
      storage: 'session',
    });
    await until(
      'the accounts to be learned',
      async () => (await app.ok('listIntegrations')).length > 0,
      30_000,
    );
    await app.snapshot();

    const scope = await app.ok('getBrandScope');
    const all = scope.brands.map((b) => ({ profileId: b.profileId, brandId: b.brandId }));
    const history = await app.ok('getAnalyticsHistory', { brands: all, ...wide() });
    const refused = scope.brands.filter((b) => b.brandId !== lumen.id);
    expect(refused.length).toBeGreaterThan(0);
    expect(history.problems.map((p) => p.brand.brandId).sort()).toEqual(refused.map((b) => b.brandId).sort());
    for (const problem of history.problems) {
      expect(problem.message).toMatch(/^This key may not read analytics: add the analytics permission/);
      // A sentence a person reads: no scope names, codes or ids.
      expect(problem.message).not.toMatch(/analytics:read|INSUFFICIENT|brand_|prof_/);
    }
    const kept = history.accounts.filter((a) => a.brand.brandId === lumen.id);
    expect(kept.map((a) => a.integration.id).sort()).toEqual(lumen.integrations.map((i) => i.id).sort());
    expect(kept.every((a) => a.days.length === 30)).toBe(true);
    expect(history.accounts.filter((a) => a.brand.brandId !== lumen.id)).toEqual([]);
    expect(history.asOf).not.toBeNull();

    // A key with the permission, pasted for the refused connection, is the fix: the marks go.
    await app.ok('replaceKey', {
      profileId: refused[0]?.profileId ?? '',
      apiKey: svc.token('full-test'),
      storage: 'session',
    });
    await until(
      'the refused brands to be snapshotted again',
      async () => (await app.ok('getAnalyticsHistory', { brands: all, ...wide() })).problems.length === 0,
      30_000,
    );
  });

  it('snapshots the built-in sandbox as soon as it starts: every brand has its history at once', async () => {
    const starter = createSandboxStarter(await freshDir());
    cleanup.push(() => starter.stop());
    const app = await openApp(await freshDir(), undefined, { startSandbox: () => starter.start() });
    cleanup.push(() => app.services.close());
    await app.ok('startSandbox');
    const scope = await app.ok('getBrandScope');
    expect(scope.brands.map((b) => b.name)).toEqual(['Harbor Coffee', 'Pine Trail Outfitters', 'Lumen Labs']);
    const brands = scope.brands.map((b) => ({ profileId: b.profileId, brandId: b.brandId }));
    const seeded = (await starter.start()).accounts ?? [];
    const others = (await starter.start()).others?.flatMap((o) => o.accounts ?? []) ?? [];
    const expected = [...seeded, ...others].flatMap((b) => b.integrations.map((i) => i.id)).sort();
    expect(expected.length).toBeGreaterThanOrEqual(15);
    // No one asked for it: starting the sandbox is enough.
    await until(
      'every seeded account to be kept',
      async () => {
        const history = await app.ok('getAnalyticsHistory', { brands, ...wide() });
        return !history.updating && history.accounts.length === expected.length;
      },
      30_000,
    );
    const history = await app.ok('getAnalyticsHistory', { brands, ...wide() });
    expect(history.accounts.map((a) => a.integration.id).sort()).toEqual(expected);
    // The service's 30 days of every account, and before them the sandbox's year (imported on
    // its first start): 61 of its days fall in the range read.
    const windowStart = dayKey(Date.now() - 29 * DAY);
    for (const a of history.accounts) {
      expect(a.days.filter((d) => d.date >= windowStart)).toHaveLength(30);
      expect(a.days.filter((d) => d.date < windowStart)).toHaveLength(61);
    }
    expect(history.problems).toEqual([]);
    expect(history.asOf).not.toBeNull();

    // The last 30 days beside the same days a year before: those two ranges only, the year
    // between left out, and each account says how far back its history reaches.
    const recent = { from: windowStart, to: dayKey(Date.now()) };
    const yearAgo = { from: dayKey(Date.now() - 394 * DAY), to: dayKey(Date.now() - 365 * DAY) };
    const compared = await app.ok('getAnalyticsHistory', { brands, ...recent, also: yearAgo });
    for (const a of compared.accounts) {
      const inside = (d: string) =>
        (d >= recent.from && d <= recent.to) || (d >= yearAgo.from && d <= yearAgo.to);
      expect(a.days.every((d) => inside(d.date))).toBe(true);
      expect(a.days.filter((d) => d.date <= yearAgo.to)).toHaveLength(30);
      expect(a.posts.every((p) => p.publishDate !== null && inside(p.publishDate.slice(0, 10)))).toBe(true);
      expect(a.firstDay! <= yearAgo.from).toBe(true);
    }
  });

  it('answers the same numbers offline, and after the app starts again over the same data', async () => {
    const svc = await startTestService({ tickMs: 200 });
    let serviceUp = true;
    cleanup.push(async () => {
      if (serviceUp) await svc.close();
    });
    const dir = await freshDir();
    const keychain = new MemorySecretStore();
    const app = await openApp(dir, keychain);
    let appOpen = true;
    cleanup.push(async () => {
      if (appOpen) await app.services.close();
    });
    await app.ok('connectProfile', {
      baseUrl: svc.service.baseUrl,
      apiKey: svc.token('full-test'),
      brandId: svc.brandIds[0],
      // In the keychain (this test's, kept across the restart), as a saved connection's key is.
      storage: 'keychain',
    });
    await until(
      'the accounts to be learned',
      async () => (await app.ok('listIntegrations')).length > 0,
      30_000,
    );
    await app.snapshot();
    const { from, to } = wide();
    const online = await app.history(from, to);
    expect(online.accounts.length).toBeGreaterThanOrEqual(9);
    expect(online.accounts.every((a) => a.days.length === 30)).toBe(true);

    // The service goes away: the same answer, from this computer.
    await svc.close();
    serviceUp = false;
    await app.snapshot().catch(() => undefined);
    const offline = await app.history(from, to);
    expect(offline.accounts).toEqual(online.accounts);
    expect(offline.asOf).toBe(online.asOf);
    // A passing fault is no problem of the brand's.
    expect(offline.problems).toEqual([]);

    // The app closes and starts again over the same folder, the service still away.
    await app.services.close();
    appOpen = false;
    const again = await openApp(dir, keychain);
    cleanup.push(() => again.services.close());
    const restarted = await again.history(from, to);
    expect(restarted.accounts).toEqual(online.accounts);
    expect(restarted.asOf).toBe(online.asOf);
    expect(restarted.problems).toEqual([]);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import type { IpcInput, IpcMethodName, IpcOutput } from '../../../shared/ipc/contract.js';
import type { SeriesRule } from '../../../shared/series/model.js';
import { createAppServices } from '../../app-services.js';
import { MemorySecretStore } from '../../secrets/memory-secret-store.js';
import { startTestService, type TestService } from '../support/service.js';

/*
 * Recurring series against the real local service and a real database file: six Mondays at 9:00
 * New York across the next DST change become six posts, each at 9:00 local, made once across a
 * second run, two runs at once and a restart; a skipped date, an edit of the following dates and
 * deleting the series go through the outbox and leave sent posts alone.
 */

const NY = 'America/New_York';
const DAY = 86_400_000;
let svc: TestService;
let dir: string;
const keychain = new MemorySecretStore();

async function open() {
  const services = await createAppServices({ dataDir: dir, secretStore: keychain, apiTimeoutMs: 10_000 });
  const ok = async <K extends IpcMethodName>(
    name: K,
    input: IpcInput<K> | Record<string, never> = {},
  ): Promise<IpcOutput<K>> => {
    const result = await services.invoke(name, input);
    if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message}`);
    return result.value as IpcOutput<K>;
  };
  const fails = async <K extends IpcMethodName>(name: K, input: IpcInput<K>) => {
    const result = await services.invoke(name, input);
    if (result.ok) throw new Error(`${name} unexpectedly succeeded`);
    return result.error;
  };
  return { services, ok, fails };
}

/** The offset of New York (minutes) at an instant. */
const offsetOf = (ms: number) => {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: NY, timeZoneName: 'longOffset' }).formatToParts(
    new Date(ms),
  );
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
};
const localTime = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: NY,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
const localDay = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: NY });

/** The first Monday of six that cross New York's next DST change (three before, three after). */
export function mondaysAcrossDst(now: number): string {
  let change = now;
  while (offsetOf(change + DAY) === offsetOf(now)) change += DAY;
  let start = change - 21 * DAY;
  if (start < now + 2 * DAY) start = now + 2 * DAY;
  while (new Date(start).getUTCDay() !== 1) start += DAY;
  return new Date(start).toISOString().slice(0, 10);
}

/** Waits for `check` outside a test (expect.poll may only run inside one). */
async function until(check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let acc: IntegrationView;
let app: Awaited<ReturnType<typeof open>>;

beforeAll(async () => {
  svc = await startTestService();
  dir = await mkdtemp(join(tmpdir(), 'postdeck-series-'));
  app = await open();
  await app.ok('connectProfile', {
    baseUrl: svc.service.baseUrl,
    apiKey: svc.token('full-test'),
    brandId: svc.brandIds[0],
    storage: 'keychain',
  });
  await until(async () => (await app.ok('listIntegrations')).length > 0);
  const accounts = await app.ok('listIntegrations');
  acc = accounts.find((a) => a.platform === 'linkedin') ?? (accounts[0] as IntegrationView);
  await app.ok('setBrandTimezone', { brandId: svc.brandIds[0] ?? '', timezone: NY });
}, 60_000);

afterAll(async () => {
  await app?.services.close();
  await svc?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const rule = (start: string, r: Partial<SeriesRule> = {}): SeriesRule => ({
  freq: 'weekly',
  interval: 1,
  weekdays: [1],
  monthDay: { kind: 'day', day: 1 },
  month: 1,
  start,
  time: '09:00',
  end: { kind: 'count', count: 6 },
  ...r,
});

const draftOf = async (text: string, platform: string, integrationId: string) =>
  app.ok('saveDraft', {
    brandId: null,
    blocks: [{ content: text, media: [] }],
    targets: [{ integrationId, platform: platform as 'x', settings: {}, blocks: null }],
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup: null,
  });

async function onService(text: string) {
  const start = Date.now();
  const headers = { authorization: `Bearer ${svc.token('full-test')}`, 'x-brand-id': svc.brandIds[0] ?? '' };
  const out: { id: string; content?: string; publishDate: string }[] = [];
  // The service answers at most a few weeks a list: read the months ahead in steps.
  for (let from = start; from < start + 200 * DAY; from += 28 * DAY) {
    const range = `startDate=${new Date(from).toISOString()}&endDate=${new Date(from + 28 * DAY).toISOString()}`;
    const res = await fetch(`${svc.service.baseUrl}/posts?${range}`, { headers });
    const body = (await res.json()) as { posts: { id: string; content?: string; publishDate: string }[] };
    out.push(...body.posts.filter((p) => (p.content ?? '').startsWith(text)));
  }
  return out;
}

describe('recurring series', () => {
  it('six Mondays at 9:00 New York across DST: six posts, each once, kept across a restart', async () => {
    const start = mondaysAcrossDst(Date.now());
    const text = 'Monday tip: plan the week before it plans you.';
    const draft = await draftOf(text, acc.platform ?? 'linkedin', acc.id);
    const made = await app.ok('createSeries', { draftId: draft.id, rule: rule(start), variants: [] });
    expect(made.created).toBe(6);
    expect(made.series.description).toBe('Every Monday at 9:00, 6 times');
    // The draft became the series.
    expect((await app.ok('listDrafts')).some((d) => d.id === draft.id)).toBe(false);
    // A second run, and two at once, make none more.
    const [a, b] = await Promise.all([app.ok('runSeries'), app.ok('runSeries')]);
    expect(a.created + b.created).toBe(0);
    await app.ok('syncNow');
    await expect.poll(async () => (await app.ok('getSyncStatus')).pending, { timeout: 30_000 }).toBe(0);

    const posts = await onService(text);
    expect(posts).toHaveLength(6);
    const instants = posts.map((p) => Date.parse(p.publishDate)).sort((x, y) => x - y);
    expect(instants.map(localTime)).toEqual(Array(6).fill('09:00'));
    // Each on a Monday in New York, a week apart there.
    expect(instants.map((ms) => new Date(`${localDay(ms)}T00:00:00Z`).getUTCDay())).toEqual(Array(6).fill(1));
    // Across the change: two different UTC hours.
    expect(new Set(instants.map((ms) => new Date(ms).getUTCHours())).size).toBe(2);
    expect(instants.map(localDay)).toEqual(made.series.occurrences.map((o) => o.date));

    // The restart: the same folder, the same keychain; its run makes none more.
    await app.services.close();
    app = await open();
    await expect
      .poll(async () => (await app.ok('listIntegrations')).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect((await app.ok('runSeries')).created).toBe(0);
    await app.ok('syncNow');
    expect(await onService(text)).toHaveLength(6);
    // The marks: every date's post by its id.
    const listed = (await app.ok('listSeries')).series.find((s) => s.id === made.series.id);
    expect(listed?.occurrences.map((o) => o.postIds.length)).toEqual(Array(6).fill(1));
    expect(new Set(listed?.occurrences.flatMap((o) => o.postIds))).toEqual(new Set(posts.map((p) => p.id)));
  }, 90_000);

  it('skips a date, keeps a date deleted by hand, edits the following dates, warns an X series of one text, and deletes', async () => {
    const x = (await app.ok('listIntegrations')).find((i) => i.platform === 'x');
    const start = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const text = 'Daily X note';
    const draft = await draftOf(text, 'x', x?.id ?? acc.id);
    const made = await app.ok('createSeries', {
      draftId: draft.id,
      rule: rule(start, { freq: 'daily', end: { kind: 'count', count: 4 } }),
      variants: [],
    });
    expect(made.created).toBe(4);
    expect(made.series.warning).toContain('X refuses');
    const dates = made.series.occurrences.map((o) => o.date);
    await app.ok('syncNow');
    await expect.poll(async () => (await app.ok('getSyncStatus')).pending, { timeout: 30_000 }).toBe(0);

    const skipped = await app.ok('skipSeriesDate', { id: made.series.id, date: dates[1] ?? '' });
    expect(skipped.series.occurrences.find((o) => o.date === dates[1])?.state).toBe('skipped');
    // One date's post deleted by hand stays gone: an edit of the series does not bring it back.
    const listed = (await app.ok('listSeries')).series.find((s) => s.id === made.series.id);
    const byHand = listed?.occurrences.find((o) => o.date === dates[3])?.postIds[0] ?? '';
    const { posts: shown } = await app.ok('listPosts', {
      start: new Date(Date.now()).toISOString(),
      end: new Date(Date.now() + 30 * DAY).toISOString(),
    });
    const group = shown.find((p) => p.id === byHand)?.group ?? '';
    expect(group).not.toBe('');
    await app.ok('deleteGroup', { group });
    await app.ok('syncNow');
    await expect.poll(async () => (await app.ok('getSyncStatus')).pending, { timeout: 30_000 }).toBe(0);
    const edited = await app.ok('editSeries', {
      id: made.series.id,
      scope: 'following',
      from: dates[2] ?? '',
      variants: ['Daily X note, take one', 'Daily X note, take two'],
      time: '10:30',
    });
    expect(edited.remade).toBe(1);
    expect(edited.series.warning).toBeNull();
    await app.ok('syncNow');
    await expect.poll(async () => (await app.ok('getSyncStatus')).pending, { timeout: 30_000 }).toBe(0);
    const after = (await onService(text)).sort((p, q) => p.publishDate.localeCompare(q.publishDate));
    expect(
      after.map((p) => [
        localDay(Date.parse(p.publishDate)),
        localTime(Date.parse(p.publishDate)),
        p.content,
      ]),
    ).toEqual([
      [dates[0], '09:00', text],
      [dates[2], '10:30', 'Daily X note, take one'],
    ]);
    // A bad rule is refused with a sentence, and nothing is made.
    const bad = await app.fails('createSeries', {
      draftId: (await draftOf('Never', 'x', x?.id ?? acc.id)).id,
      rule: rule(start, { freq: 'yearly', month: 2, monthDay: { kind: 'day', day: 30 } }),
      variants: [],
    });
    expect(bad.message).toMatch(/no such day/);

    const gone = await app.ok('deleteSeries', { id: made.series.id });
    expect(gone).toMatchObject({ deleted: true, removed: 2, kept: 0 });
    await app.ok('syncNow');
    await expect.poll(async () => (await app.ok('getSyncStatus')).pending, { timeout: 30_000 }).toBe(0);
    expect(await onService(text)).toHaveLength(0);
  }, 90_000);

  it('carries the draft’s content category and labels to every date’s post, through to the groups the service gives them', async () => {
    const tips = await app.ok('saveCategory', { name: 'Weekly tips', color: 'green', targetPercent: 30 });
    const start = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
    const text = `Tip of the week ${Date.now().toString(36)}`;
    const draft = await draftOf(text, acc.platform ?? 'linkedin', acc.id);
    await app.ok('setPostCategory', { subjects: [`draft:${draft.id}`], categoryId: tips.id });
    const launch = await app.ok('saveLabel', { name: 'Tip series', color: 'purple', campaign: null });
    await app.ok('setPostLabels', { subjects: [`draft:${draft.id}`], add: [launch.id], remove: [] });
    const made = await app.ok('createSeries', {
      draftId: draft.id,
      rule: rule(start, { end: { kind: 'count', count: 3 } }),
      variants: [],
    });
    expect(made.created).toBe(3);
    await app.ok('syncNow');
    await expect.poll(async () => (await app.ok('getSyncStatus')).pending, { timeout: 30_000 }).toBe(0);
    const posts = await onService(text);
    expect(posts).toHaveLength(3);
    const groups = (await app.ok('listSeries')).series
      .find((s) => s.id === made.series.id)!
      .occurrences.flatMap((o) => o.postIds);
    expect(groups).toHaveLength(3);
    // Each date's post, now on the service, carries the category and the label under its own group.
    await expect
      .poll(async () => {
        const { assignments } = await app.ok('listCategories');
        const labelled = (await app.ok('listLabels')).assignments;
        const listed = await app.ok('listPosts', {
          start: new Date(Date.now()).toISOString(),
          end: new Date(Date.now() + 60 * DAY).toISOString(),
        });
        return listed.posts
          .filter((p) => p.content.startsWith(text) && !p.localOnly)
          .map((p) => [
            assignments[p.group ?? ''] ?? null,
            labelled[p.group ?? '']?.includes(launch.id) ?? false,
          ]);
      })
      .toEqual([
        [tips.id, true],
        [tips.id, true],
        [tips.id, true],
      ]);
  }, 90_000);
});

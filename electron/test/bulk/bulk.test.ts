import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planBulkChange } from '../../../shared/bulk/plan.js';
import type { CalendarPost } from '../../../shared/posts/ipc.js';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import { TIME_PASSED } from '../../../shared/posts/time-passed.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';
import { startTestService, type TestService } from '../support/service.js';

/*
 * Bulk changes against the real local service and a real database file: a planned batch goes
 * through the outbox in one call, the service ends up with the new times, and one undo puts every
 * post back. Deletes can be undone only until sent: after the service deleted them, undo says so.
 */

const ZONE = 'Europe/Paris';
const DAY = 86_400_000;
let svc: TestService;
let app: ConnectedApp;
let account: IntegrationView;

async function schedule(text: string, date: string): Promise<void> {
  const draft = await app.ok('saveDraft', {
    brandId: null,
    blocks: [{ content: text, media: [] }],
    targets: [{ integrationId: account.id, platform: account.platform ?? 'x', settings: {}, blocks: null }],
    commentDelays: [],
    shortLink: false,
    date,
    replacesGroup: null,
  });
  await app.ok('sendDraft', { draftId: draft.id, type: 'schedule', date });
}

async function shown(texts: string[]): Promise<CalendarPost[]> {
  const now = Date.now();
  const { posts } = await app.ok('listPosts', {
    start: new Date(now - DAY).toISOString(),
    end: new Date(now + 60 * DAY).toISOString(),
  });
  return posts.filter((p) => texts.includes(p.content)).sort((a, b) => a.content.localeCompare(b.content));
}

/** Each post's time as the service itself has it. */
const serverTimes = async (posts: CalendarPost[]) =>
  Promise.all(posts.map(async (p) => Date.parse((await svc.client().getPost(p.id)).publishDate)));

const ctx = (existing: CalendarPost[]) => ({
  zone: ZONE,
  now: Date.now(),
  whyNotMovable: () => null,
  whyNotDeletable: () => null,
  slotsFor: () => [],
  existing,
  gapMinutes: 60,
});

beforeAll(async () => {
  svc = await startTestService();
  app = await openConnectedApp(svc);
  account = app.textAccounts[0]!;
  expect(account, 'the sandbox brand has a text account').toBeDefined();
  await app.ok('setBrandTimezone', { brandId: svc.brandIds[0] ?? '', timezone: ZONE });
});

afterAll(async () => {
  await app?.close();
  await svc?.close();
});

describe('bulk change through the outbox', () => {
  it('shifts three posts by a day in one batch, then one undo puts all three back', async () => {
    const base = Math.ceil((Date.now() + 3 * DAY) / 3_600_000) * 3_600_000;
    const texts = ['bulk one', 'bulk two', 'bulk three'];
    for (const [i, text] of texts.entries())
      await schedule(text, new Date(base + i * 3 * 3_600_000).toISOString());
    await app.ok('syncNow');
    const before = await shown(texts);
    expect(before.map((p) => p.localOnly)).toEqual([false, false, false]);
    const originals = await serverTimes(before);

    const plan = planBulkChange(before, { kind: 'shift', days: 1, hours: 0 }, ctx(before));
    expect(plan.changes).toHaveLength(3);
    const applied = await app.ok('applyBulkChange', {
      moves: plan.changes.map((c) => ({ id: c.id, from: c.from, to: c.to! })),
      deleteGroups: [],
    });
    expect(applied).toMatchObject({ queued: 3, refused: [] });
    // The answer shows the posts at their new times at once, before anything was sent.
    expect(applied.posts.map((p) => Date.parse(p.publishDate)).sort()).toEqual(
      plan.changes.map((c) => Date.parse(c.to!)).sort(),
    );
    await app.ok('syncNow');
    expect(await serverTimes(before)).toEqual(originals.map((t) => t + DAY));

    const undone = await app.ok('undoBulkChange', { batchId: applied.batchId });
    expect(undone).toMatchObject({ restored: 3, notRestored: [] });
    await app.ok('syncNow');
    expect(await serverTimes(before)).toEqual(originals);
    expect((await shown(texts)).map((p) => Date.parse(p.publishDate))).toEqual(originals);

    const again = await app.fails('undoBulkChange', { batchId: applied.batchId });
    expect(again.code).toBe('CONFLICT');
  });

  it('refuses what cannot change (a time already past), every part with its reason, and queues nothing', async () => {
    const texts = ['bulk past check'];
    await schedule(texts[0]!, new Date(Date.now() + 5 * DAY).toISOString());
    await app.ok('syncNow');
    const [post] = await shown(texts);
    const applied = await app.ok('applyBulkChange', {
      moves: [
        { id: post!.id, from: post!.publishDate, to: new Date(Date.now() - DAY).toISOString() },
        { id: 'no-such-post', from: post!.publishDate, to: new Date(Date.now() + 9 * DAY).toISOString() },
      ],
      deleteGroups: [],
    });
    expect(applied.queued).toBe(0);
    expect(applied.refused.map((r) => r.reason)).toEqual([
      TIME_PASSED,
      'This post is not in the calendar any more.',
    ]);
  });

  it('deletes in a batch; once the service has deleted them, undo says it cannot bring them back', async () => {
    const texts = ['bulk delete a', 'bulk delete b'];
    for (const [i, text] of texts.entries())
      await schedule(text, new Date(Date.now() + (6 + i) * DAY).toISOString());
    await app.ok('syncNow');
    const posts = await shown(texts);
    const plan = planBulkChange(posts, { kind: 'delete' }, ctx(posts));
    const applied = await app.ok('applyBulkChange', {
      moves: [],
      deleteGroups: [...new Set(plan.changes.map((c) => c.group!))],
    });
    expect(applied.queued).toBe(2);
    expect(applied.hidden.sort()).toEqual(posts.map((p) => p.id).sort());
    await app.ok('syncNow');
    expect(await shown(texts)).toEqual([]);
    const undone = await app.ok('undoBulkChange', { batchId: applied.batchId });
    expect(undone.restored).toBe(0);
    expect(undone.notRestored).toHaveLength(2);
    expect(undone.notRestored[0]!.reason).toContain('cannot be undone once it has been sent');
  });

  it('refuses to delete a post being published, alone as in bulk, and queues nothing', async () => {
    // The sandbox's demo thread that is still going out (its next block is minutes away).
    const { posts } = await app.ok('listPosts', {
      start: new Date(Date.now() - DAY).toISOString(),
      end: new Date(Date.now() + DAY).toISOString(),
    });
    const running = posts.find((p) => p.state === 'publishing' && p.group);
    expect(running, 'the demo brand has a thread being published').toBeDefined();
    const reason = 'This post is being published right now; it can be deleted once it is out.';
    const alone = await app.fails('deleteGroup', { group: running!.group! });
    expect(alone).toMatchObject({ code: 'CONFLICT', message: reason });
    const bulk = await app.ok('applyBulkChange', { moves: [], deleteGroups: [running!.group!] });
    expect(bulk.refused).toEqual([{ id: running!.group!, reason }]);
    expect((await app.ok('listOutbox')).filter((o) => o.kind === 'deleteGroup')).toEqual([]);
  });

  it('holds a bulk delete back a few seconds, so an undo in time keeps the post on the service', async () => {
    const texts = ['bulk delete kept'];
    await schedule(texts[0]!, new Date(Date.now() + 8 * DAY).toISOString());
    await app.ok('syncNow');
    const posts = await shown(texts);
    const applied = await app.ok('applyBulkChange', { moves: [], deleteGroups: [posts[0]!.group!] });
    expect(applied.hidden).toEqual([posts[0]!.id]);
    // The outbox was woken by the change, and still does not send the delete straight away.
    await new Promise((r) => setTimeout(r, 300));
    expect((await app.ok('listOutbox')).map((o) => `${o.kind}:${o.status}`)).toEqual(['deleteGroup:pending']);
    const undone = await app.ok('undoBulkChange', { batchId: applied.batchId });
    expect(undone).toMatchObject({ restored: 1, notRestored: [] });
    expect(undone.posts.map((p) => p.id)).toEqual([posts[0]!.id]);
    await app.ok('syncNow');
    expect((await svc.client().getPost(posts[0]!.id)).id).toBe(posts[0]!.id);
  });

  it('queues 500 moves in one call, and undoes them in one call', async () => {
    const base = Math.ceil((Date.now() + 20 * DAY) / 3_600_000) * 3_600_000;
    const api = svc.client();
    const texts = Array.from({ length: 500 }, (_, i) => `bulk many ${String(i).padStart(3, '0')}`);
    for (let i = 0; i < texts.length; i += 25) {
      await Promise.all(
        texts.slice(i, i + 25).map((text, j) =>
          api.createPosts({
            type: 'schedule',
            date: new Date(base + (i + j) * 20 * 60_000).toISOString(),
            shortLink: false,
            posts: [
              {
                integration: { id: account.id },
                value: [{ content: text, image: [] }],
                settings: { __type: account.platform ?? 'x' },
              },
            ],
          }),
        ),
      );
    }
    // The calendar asks for the range; main answers from its cache and pulls the service behind it.
    const range = { start: new Date(base - DAY).toISOString(), end: new Date(base + 10 * DAY).toISOString() };
    await app.ok('listPosts', range);
    await app.ok('syncNow');
    const many = (await shown(texts)).filter((p) => !p.localOnly);
    expect(many.length).toBe(500);

    // How fast 500 posts are planned, queued and undone is bench/bulk-import.bench.ts's figure; the
    // plan's work growing with the selection is plan.test.ts's.
    const plan = planBulkChange(many, { kind: 'shift', days: 2, hours: 0 }, ctx(many));
    const applied = await app.ok('applyBulkChange', {
      moves: plan.changes.map((c) => ({ id: c.id, from: c.from, to: c.to! })),
      deleteGroups: [],
    });
    expect(applied.queued).toBe(500);
    const undone = await app.ok('undoBulkChange', { batchId: applied.batchId });
    expect(undone.restored).toBe(500);
  });

  it('keeps the clash gap per brand (default 60 min, 0 turns it off)', async () => {
    expect(await app.ok('getClashSettings')).toEqual({ gapMinutes: 60, isDefault: true });
    expect(await app.ok('setClashSettings', { gapMinutes: 90 })).toEqual({
      gapMinutes: 90,
      isDefault: false,
    });
    expect(await app.ok('getClashSettings')).toEqual({ gapMinutes: 90, isDefault: false });
    expect(await app.ok('setClashSettings', { gapMinutes: null })).toEqual({
      gapMinutes: 60,
      isDefault: true,
    });
    expect((await app.fails('setClashSettings', { gapMinutes: -5 })).code).toBe('INVALID_ARGUMENT');
  });
});

/*
 * One change is one batch, whoever makes it (a bulk plan, a calendar drag of a group, a grid swap):
 * all or nothing in main, and Ctrl/Cmd+Z on any screen takes back main's last one.
 */
describe('a change is all or nothing, and undo takes back the last one', () => {
  const outboxMoves = async () => (await app.ok('listOutbox')).filter((o) => o.kind === 'reschedule');

  it('a grid swap of which one post cannot move any more moves neither post', async () => {
    const texts = ['swap all a', 'swap all b'];
    const base = Math.ceil((Date.now() + 9 * DAY) / 3_600_000) * 3_600_000;
    for (const [i, text] of texts.entries())
      await schedule(text, new Date(base + i * 2 * 3_600_000).toISOString());
    await app.ok('syncNow');
    const [a, b] = await shown(texts);
    // Someone deletes b on the service (another device, the dashboard) after the grid showed it.
    await svc.client().deleteGroup(b!.group!);
    await app.ok('syncNow');
    const before = await outboxMoves();

    const swap = await app.ok('applyBulkChange', {
      moves: [
        { id: a!.id, from: a!.publishDate, to: b!.publishDate },
        { id: b!.id, from: b!.publishDate, to: a!.publishDate },
      ],
      deleteGroups: [],
    });
    expect(swap.queued).toBe(0);
    expect(swap.refused).toEqual([{ id: b!.id, reason: 'This post is not in the calendar any more.' }]);
    // Nothing moved: no move waits in the outbox, and the answer shows a where it was.
    expect(await outboxMoves()).toEqual(before);
    expect(swap.posts.map((p) => [p.id, p.publishDate])).toEqual([[a!.id, a!.publishDate]]);
    expect((await shown(texts)).map((p) => [p.id, p.publishDate])).toEqual([[a!.id, a!.publishDate]]);
    await app.ok('syncNow');
    expect(await serverTimes([a!])).toEqual([Date.parse(a!.publishDate)]);
    // A refused change is nothing to undo: the last change stays the one before it.
    expect(await app.ok('undoBulkChange', {})).toMatchObject({ batchId: null, restored: 0 });
  });

  it('undo with no batch takes back the last change, then the one before, then says there is none', async () => {
    const texts = ['undo last a', 'undo last b'];
    const base = Math.ceil((Date.now() + 11 * DAY) / 3_600_000) * 3_600_000;
    for (const [i, text] of texts.entries())
      await schedule(text, new Date(base + i * 3 * 3_600_000).toISOString());
    await app.ok('syncNow');
    const [a, b] = await shown(texts);
    const later = (p: CalendarPost) => new Date(Date.parse(p.publishDate) + 3_600_000).toISOString();
    // A drag of one post, then a drag of a group (here both posts), each one change, sent in turn.
    const first = await app.ok('applyBulkChange', {
      moves: [{ id: a!.id, from: a!.publishDate, to: later(a!) }],
      deleteGroups: [],
    });
    await app.ok('syncNow');
    const second = await app.ok('applyBulkChange', {
      moves: [a!, b!].map((p) => ({
        id: p.id,
        from: p.id === a!.id ? later(a!) : p.publishDate,
        to: p.id === a!.id ? new Date(Date.parse(later(a!)) + 3_600_000).toISOString() : later(p),
      })),
      deleteGroups: [],
    });
    expect([first.queued, second.queued]).toEqual([1, 2]);
    await app.ok('syncNow');
    const hour = 3_600_000;
    expect(await serverTimes([a!, b!])).toEqual([
      Date.parse(a!.publishDate) + 2 * hour,
      Date.parse(later(b!)),
    ]);

    const undoneSecond = await app.ok('undoBulkChange', {});
    expect(undoneSecond).toMatchObject({ batchId: second.batchId, restored: 2, notRestored: [] });
    await app.ok('syncNow');
    expect(await serverTimes([a!, b!])).toEqual([Date.parse(later(a!)), Date.parse(b!.publishDate)]);
    const undoneFirst = await app.ok('undoBulkChange', {});
    expect(undoneFirst).toMatchObject({ batchId: first.batchId, restored: 1, notRestored: [] });
    await app.ok('syncNow');
    expect(await serverTimes([a!, b!])).toEqual([Date.parse(a!.publishDate), Date.parse(b!.publishDate)]);
    expect(await app.ok('undoBulkChange', {})).toMatchObject({ batchId: null, restored: 0, notRestored: [] });
    // An undo by id says which change it took back too, and one taken back is not taken back twice.
    expect((await app.fails('undoBulkChange', { batchId: first.batchId })).code).toBe('CONFLICT');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import { startTestService, type TestService } from '../support/service.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';

/*
 * The posting queue against the real local service: slots per account and brand default, the
 * preview of the next free slot, queueDraft through the outbox (one create per distinct time),
 * and moving a post to its account's next free slot.
 */

const ZONE = 'America/New_York';
let svc: TestService;
let app: ConnectedApp;
let a: IntegrationView;
let b: IntegrationView;

const wall = (iso: string) => {
  const d = new TZDate(Date.parse(iso), ZONE);
  return {
    weekday: d.getDay(),
    time: `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`,
  };
};
const everyDay = (time: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time }));

async function draftFor(accounts: IntegrationView[], text: string) {
  return app.ok('saveDraft', {
    brandId: null,
    blocks: [{ content: text, media: [] }],
    targets: accounts.map((acc) => ({
      integrationId: acc.id,
      platform: acc.platform ?? 'x',
      settings: {},
      blocks: null,
    })),
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup: null,
  });
}

beforeAll(async () => {
  svc = await startTestService();
  app = await openConnectedApp(svc);
  [a, b] = app.textAccounts as [IntegrationView, IntegrationView];
  expect(b, 'the sandbox brand has two text accounts').toBeDefined();
  await app.ok('setBrandTimezone', { brandId: svc.brandIds[0] ?? '', timezone: ZONE });
});

afterAll(async () => {
  await app?.close();
  await svc?.close();
});

describe('queue slots', () => {
  it('keeps a brand default, own slots per account, and copies them', async () => {
    const brand = await app.ok('setQueueSlots', { integrationId: null, slots: everyDay('09:00') });
    expect(brand).toMatchObject({ integrationId: null, inherited: false, timezone: ZONE });
    expect(brand.slots).toHaveLength(7);
    expect(await app.ok('getQueueSlots', { integrationId: b.id })).toMatchObject({
      inherited: true,
      slots: brand.slots,
    });

    const own = await app.ok('setQueueSlots', {
      integrationId: a.id,
      slots: [
        { weekday: 3, time: '17:45' },
        { weekday: 1, time: '08:15' },
        { weekday: 1, time: '08:15' },
      ],
    });
    expect(own.slots).toEqual([
      { weekday: 1, time: '08:15' },
      { weekday: 3, time: '17:45' },
    ]);
    expect(own.inherited).toBe(false);

    expect(await app.ok('copyQueueSlots', { from: a.id, to: [b.id] })).toEqual({ copied: 1 });
    expect(await app.ok('getQueueSlots', { integrationId: b.id })).toMatchObject({
      inherited: false,
      slots: own.slots,
    });
    // Back to the brand default for b.
    expect(await app.ok('setQueueSlots', { integrationId: b.id, slots: null })).toMatchObject({
      inherited: true,
    });

    const bad = await app.fails('setQueueSlots', {
      integrationId: a.id,
      slots: [{ weekday: 1, time: '25:00' }],
    });
    expect(bad.code).toBe('INVALID_ARGUMENT');
  });

  it('previews the next free slot of each account, skipping times the account already uses', async () => {
    const preview = await app.ok('previewQueue', { integrationIds: [a.id, b.id], count: 3 });
    expect(preview.timezone).toBe(ZONE);
    const [pa, pb] = preview.accounts;
    expect(pa?.dates).toHaveLength(3);
    for (const d of pa?.dates ?? [])
      expect(['1 08:15', '3 17:45']).toContain(`${wall(d).weekday} ${wall(d).time}`);
    for (const d of pb?.dates ?? []) expect(wall(d).time).toBe('09:00');
    const busyA = new Set((await app.postsOf(a.id)).map((p) => Date.parse(p.publishDate)));
    for (const d of pa?.dates ?? []) expect(busyA.has(Date.parse(d))).toBe(false);
  });

  it('"Add to queue" sends one create per distinct time, then the next call picks the following slots', async () => {
    const before = await app.ok('previewQueue', { integrationIds: [a.id, b.id], count: 2 });
    const draft = await draftFor([a, b], `Queued ${Date.now()}`);
    const queued = await app.ok('queueDraft', { draftId: draft.id });
    expect(queued.slots.map((p) => [p.integrationId, p.date])).toEqual([
      [a.id, before.accounts[0]?.dates[0]],
      [b.id, before.accounts[1]?.dates[0]],
    ]);
    expect(new Set(queued.slots.map((p) => p.outboxId)).size).toBe(2);
    await app.ok('syncNow');
    expect((await app.ok('listOutbox')).filter((o) => o.status !== 'pending')).toEqual([]);
    for (const p of queued.slots) {
      const onService = (await app.postsOf(p.integrationId)).filter(
        (x) => x.publishDate === p.date && x.content.startsWith('Queued'),
      );
      expect(onService).toHaveLength(1);
    }
    // The split copies are gone once sent; the original was replaced by them.
    expect((await app.ok('listDrafts')).some((d) => d.id === draft.id)).toBe(false);

    const after = await app.ok('previewQueue', { integrationIds: [a.id, b.id], count: 1 });
    expect(after.accounts[0]?.dates[0]).toBe(before.accounts[0]?.dates[1]);
    expect(after.accounts[1]?.dates[0]).toBe(before.accounts[1]?.dates[1]);
  });

  it('moves a post to its account’s next free slot', async () => {
    const far = new Date(Date.now() + 20 * 86_400_000);
    far.setUTCMinutes(7, 0, 0);
    const draft = await draftFor([b], `Move me ${Date.now()}`);
    await app.ok('sendDraft', { draftId: draft.id, type: 'schedule', date: far.toISOString() });
    await app.ok('syncNow');
    const post = (await app.postsOf(b.id)).find((p) => p.content.startsWith('Move me'));
    expect(post).toBeDefined();
    const expected = (await app.ok('previewQueue', { integrationIds: [b.id] })).accounts[0]?.dates[0];
    const moved = await app.ok('moveToNextFreeSlot', { id: post?.id ?? '' });
    expect(moved.date).toBe(expected);
    await app.ok('syncNow');
    expect((await app.postsOf(b.id)).find((p) => p.id === post?.id)?.publishDate).toBe(expected);
  });

  it('"Shuffle" swaps the times of an account’s queued posts among the slots they occupy', async () => {
    await app.ok('setQueueSlots', { integrationId: a.id, slots: everyDay('06:40') });
    const tag = `Shuffle ${Date.now()}`;
    for (const n of [1, 2, 3]) {
      const draft = await draftFor([a], `${tag} #${n}`);
      await app.ok('queueDraft', { draftId: draft.id });
    }
    await app.ok('syncNow');
    const timesOf = async () =>
      new Map(
        (await app.postsOf(a.id))
          .filter((p) => p.content.startsWith(tag))
          .map((p) => [p.content, p.publishDate]),
      );
    const before = await timesOf();
    expect(before.size).toBe(3);
    let moved = 0;
    // A shuffle may leave the order as it was (1 chance in 6): ask again until something moves.
    for (let tries = 0; tries < 10 && moved === 0; tries += 1) {
      moved = (await app.ok('shuffleQueue', { integrationId: a.id })).moved;
    }
    expect(moved).toBeGreaterThan(0);
    await app.ok('syncNow');
    const after = await timesOf();
    expect([...after.values()].sort()).toEqual([...before.values()].sort());
    expect([...after.entries()].filter(([k, v]) => before.get(k) !== v).length).toBeGreaterThan(0);
  });

  it('says what to do when an account has no slots at all', async () => {
    await app.ok('setQueueSlots', { integrationId: null, slots: [] });
    await app.ok('setQueueSlots', { integrationId: b.id, slots: null });
    const draft = await draftFor([b], 'No slots');
    const error = await app.fails('queueDraft', { draftId: draft.id });
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/no posting slots yet/);
    expect((await app.ok('listOutbox')).some((o) => o.draftId === draft.id)).toBe(false);
  });
});

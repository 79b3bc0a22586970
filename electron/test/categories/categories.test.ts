import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import { startTestService, type TestService } from '../support/service.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';

/*
 * Content categories against the real local service and a real database: the list and its rules,
 * "Add to queue" taking a category's kept slot (and a post without one never taking it), the
 * category following a sent draft to the service's group, and a deleted category opening its slots.
 */

const ZONE = 'America/New_York';
let svc: TestService;
let app: ConnectedApp;
let a: IntegrationView;

const wall = (iso: string) => {
  const d = new TZDate(Date.parse(iso), ZONE);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};
const everyDay = (time: string, category?: string) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => (category ? { weekday, time, category } : { weekday, time }));

async function draftFor(text: string) {
  return app.ok('saveDraft', {
    brandId: null,
    blocks: [{ content: text, media: [] }],
    targets: [{ integrationId: a.id, platform: a.platform ?? 'x', settings: {}, blocks: null }],
    commentDelays: [],
    shortLink: false,
    date: null,
    replacesGroup: null,
  });
}

beforeAll(async () => {
  svc = await startTestService();
  app = await openConnectedApp(svc);
  [a] = app.textAccounts as [IntegrationView];
  await app.ok('setBrandTimezone', { brandId: svc.brandIds[0] ?? '', timezone: ZONE });
});

afterAll(async () => {
  await app?.close();
  await svc?.close();
});

describe('content categories', () => {
  it('keeps a brand’s list with names unique and targets adding up to 100 % at most', async () => {
    const tips = await app.ok('saveCategory', { name: 'Tips', color: 'green', targetPercent: 40 });
    await app.ok('saveCategory', { name: 'Product', color: 'blue', targetPercent: 30 });
    expect((await app.fails('saveCategory', { name: 'tips', color: 'red', targetPercent: 0 })).message).toBe(
      'A category is already called “Tips”; pick another name.',
    );
    expect(
      (await app.fails('saveCategory', { name: 'Memes', color: 'red', targetPercent: 31 })).message,
    ).toBe('The weekly targets would add up to 101 %; lower this one or another so they make 100 % at most.');
    const bad = await app.fails('saveCategory', { name: 'Odd', color: 'red', targetPercent: 12.5 });
    expect(bad.code).toBe('INVALID_ARGUMENT');
    // Retargeting one counts its new target instead of its old.
    expect(await app.ok('saveCategory', { ...tips, targetPercent: 70 })).toMatchObject({ targetPercent: 70 });
    await app.ok('saveCategory', { ...tips, targetPercent: 40 });
    const view = await app.ok('listCategories', {});
    expect(view.categories.map((c) => [c.name, c.targetPercent])).toEqual([
      ['Product', 30],
      ['Tips', 40],
    ]);
  });

  it('"Add to queue" puts a Tips post on a Tips slot and its category follows it to the service’s group', async () => {
    const { categories } = await app.ok('listCategories', {});
    const tips = categories.find((c) => c.name === 'Tips')!;
    // An open slot at 06:05 and one kept for Tips at 06:10, every day.
    await app.ok('setQueueSlots', {
      integrationId: null,
      slots: [...everyDay('06:05'), ...everyDay('06:10', tips.id)],
    });
    const plain = await app.ok('previewQueue', { integrationIds: [a.id] });
    expect(plain.accounts[0]?.dates.map(wall)).toEqual(['06:05']);
    expect(plain.accounts[0]?.reserved).toEqual([false]);
    const forTips = await app.ok('previewQueue', { integrationIds: [a.id], categoryId: tips.id });
    expect(forTips.accounts[0]?.dates.map(wall)).toEqual(['06:10']);
    expect(forTips.accounts[0]?.reserved).toEqual([true]);

    const text = `A tip ${Date.now()}`;
    const draft = await draftFor(text);
    await app.ok('setPostCategory', { subjects: [`draft:${draft.id}`], categoryId: tips.id });
    const queued = await app.ok('queueDraft', { draftId: draft.id });
    expect(queued.slots.map((s) => s.date)).toEqual(forTips.accounts[0]?.dates);
    // Before the service confirms, the local post shows its draft's category.
    const local = await app.ok('listCategories', {});
    expect(local.assignments[`local:${queued.slots[0]?.outboxId}`]).toBe(tips.id);

    await app.ok('syncNow');
    const post = (await app.postsOf(a.id)).find((p) => p.content === text);
    expect(post?.publishDate).toBe(forTips.accounts[0]?.dates[0]);
    const after = await app.ok('listCategories', {});
    expect(after.assignments[post?.group ?? '']).toBe(tips.id);
    expect(after.assignments[`draft:${draft.id}`]).toBeUndefined();

    // The next Tips post takes the next Tips slot, a day later; a plain one still the open slot.
    const next = await app.ok('previewQueue', { integrationIds: [a.id], categoryId: tips.id });
    expect(Date.parse(next.accounts[0]?.dates[0] ?? '') - Date.parse(post?.publishDate ?? '')).toBe(
      86_400_000,
    );
  });

  it('deleting a category says how many posts lose it and opens its slots to any post', async () => {
    const { categories, assignments } = await app.ok('listCategories', {});
    const tips = categories.find((c) => c.name === 'Tips')!;
    const carrying = Object.values(assignments).filter((id) => id === tips.id).length;
    expect(carrying).toBeGreaterThan(0);
    expect(await app.ok('deleteCategory', { id: tips.id })).toEqual({ deleted: true, postsLost: carrying });
    const { slots } = await app.ok('getQueueSlots', { integrationId: null });
    expect(slots.some((s) => s.category !== undefined)).toBe(false);
    expect(slots).toHaveLength(14);
    expect(await app.ok('deleteCategory', { id: tips.id })).toEqual({ deleted: false, postsLost: 0 });
    expect((await app.fails('setPostCategory', { subjects: ['g-1'], categoryId: tips.id })).message).toBe(
      'This category no longer exists; it may have been deleted.',
    );
  });

  it('an evergreen list feeding a category puts its repeats on the category’s slots, carrying it', async () => {
    const quotes = await app.ok('saveCategory', { name: 'Quotes', color: 'purple', targetPercent: 20 });
    await app.ok('setQueueSlots', {
      integrationId: a.id,
      slots: [...everyDay('07:20', quotes.id), ...everyDay('07:40')],
    });
    const item = async (listId: string, text: string) =>
      app.ok('saveEvergreenItem', {
        listId,
        versions: [text],
        media: [],
        targets: [{ integrationId: a.id, platform: a.platform ?? 'x', settings: {} }],
        cooldownDays: 1,
        endRule: { kind: 'never' },
        skipDates: [],
      });
    const fed = await app.ok('saveEvergreenList', { name: 'Quotes to repeat' });
    const plain = await app.ok('saveEvergreenList', { name: 'Plain repeats' });
    await item(fed.id, 'A quote worth repeating.');
    await item(plain.id, 'A plain repeat.');
    const view = await app.ok('setListCategory', { listId: fed.id, categoryId: quotes.id });
    expect(view.lists).toEqual({ [fed.id]: quotes.id });

    // The preview already plans the fed list into the Quotes slots only.
    const preview = await app.ok('previewEvergreen', { listId: fed.id });
    expect(preview.fills.length).toBeGreaterThan(0);
    expect(new Set(preview.fills.map((f) => wall(f.date)))).toEqual(new Set(['07:20']));

    await app.ok('setEvergreenListEnabled', { id: fed.id, enabled: true });
    await app.ok('setEvergreenListEnabled', { id: plain.id, enabled: true });
    await app.ok('runEvergreen');
    await app.ok('syncNow');
    await expect.poll(async () => (await app.ok('getSyncStatus')).pending, { timeout: 20_000 }).toBe(0);
    const posts = await app.postsOf(a.id, 40);
    const quoted = posts.filter((p) => p.content === 'A quote worth repeating.');
    const plainOnes = posts.filter((p) => p.content === 'A plain repeat.');
    expect(quoted.length).toBeGreaterThan(5);
    expect(plainOnes.length).toBeGreaterThan(5);
    expect(new Set(quoted.map((p) => wall(p.publishDate)))).toEqual(new Set(['07:20']));
    expect(new Set(plainOnes.map((p) => wall(p.publishDate)))).toEqual(new Set(['07:40']));
    // Each repeat carries the list's category under the service's group; the plain ones carry none.
    const { assignments } = await app.ok('listCategories', {});
    expect(quoted.every((p) => assignments[p.group ?? p.id] === quotes.id)).toBe(true);
    expect(plainOnes.some((p) => assignments[p.group ?? p.id] !== undefined)).toBe(false);
  });
});

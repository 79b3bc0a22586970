import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationView } from '../../../shared/integrations/ipc.js';
import { startTestService, type TestService } from '../support/service.js';
import { openConnectedApp, type ConnectedApp } from '../support/app.js';

/*
 * Evergreen lists against the real local service and a real database file: the preview, turning a
 * list on (two weeks of repeats queued through the outbox and sent), no repeat made twice across
 * runs, the repeat numbers the calendar marks, and pausing.
 */

const ZONE = 'Europe/Paris';
const DAY = 86_400_000;
let svc: TestService;
let app: ConnectedApp;
let acc: IntegrationView;

const everyDay = (time: string) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time }));

beforeAll(async () => {
  svc = await startTestService();
  app = await openConnectedApp(svc);
  acc = app.textAccounts.find((a) => a.platform === 'x') ?? (app.textAccounts[0] as IntegrationView);
  expect(acc, 'the sandbox brand has a text account').toBeDefined();
  await app.ok('setBrandTimezone', { brandId: svc.brandIds[0] ?? '', timezone: ZONE });
  await app.ok('setQueueSlots', {
    integrationId: acc.id,
    slots: [...everyDay('08:15'), ...everyDay('18:45')],
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await svc?.close();
});

describe('evergreen lists', () => {
  it('previews, fills two weeks of free slots once, numbers the repeats, and pausing stops new ones', async () => {
    // A one-off post already takes the account's next slot: no repeat may go there.
    const oneOff = await app.ok('saveDraft', {
      brandId: null,
      blocks: [{ content: 'A one-off announcement', media: [] }],
      targets: [{ integrationId: acc.id, platform: acc.platform ?? 'x', settings: {}, blocks: null }],
      commentDelays: [],
      shortLink: false,
      date: null,
      replacesGroup: null,
    });
    const [taken] = (await app.ok('queueDraft', { draftId: oneOff.id })).slots;

    const list = await app.ok('saveEvergreenList', { name: 'Tips' });
    expect(list.enabled).toBe(false);
    const tip = await app.ok('saveEvergreenItem', {
      listId: list.id,
      versions: ['Tip: save drafts offline.', 'Did you know? Drafts save offline.'],
      media: [],
      targets: [{ integrationId: acc.id, platform: acc.platform ?? 'x', settings: {} }],
      cooldownDays: 2,
      endRule: { kind: 'afterRepeats', repeats: 10 },
      skipDates: [],
    });
    const other = await app.ok('saveEvergreenItem', {
      listId: list.id,
      versions: ['Reminder: the outbox never posts twice.'],
      media: [],
      targets: [{ integrationId: acc.id, platform: acc.platform ?? 'x', settings: {} }],
      cooldownDays: 3,
      endRule: { kind: 'never' },
      skipDates: [],
    });

    // Off: the preview shows four weeks, but nothing is created.
    const preview = await app.ok('previewEvergreen', { listId: list.id });
    expect(preview.fills.length).toBeGreaterThan(10);
    expect(preview.fills.every((f) => !f.existing)).toBe(true);
    expect(preview.fills.some((f) => f.date === taken?.date)).toBe(false);
    expect(Date.parse(preview.fills.at(-1)?.date ?? '') - Date.now()).toBeGreaterThan(20 * DAY);
    expect((await app.ok('runEvergreen')).created).toBe(0);

    // On: the next two weeks are queued, two runs at once queue nothing twice.
    const [on, again] = await Promise.all([
      app.ok('setEvergreenListEnabled', { id: list.id, enabled: true }),
      app.ok('runEvergreen'),
    ]);
    expect(on.list.enabled).toBe(true);
    const twoWeeks = preview.fills.filter((f) => Date.parse(f.date) < Date.now() + 14 * DAY);
    expect(on.created + again.created).toBe(twoWeeks.length);
    expect((await app.ok('runEvergreen')).created).toBe(0);
    await app.ok('syncNow');
    await expect.poll(async () => (await app.ok('getSyncStatus')).pending, { timeout: 20_000 }).toBe(0);

    const posts = await app.postsOf(acc.id, 40);
    const texts = [...tip.versions, ...other.versions];
    const repeats = posts.filter((p) => texts.includes(p.content));
    expect(repeats.map((p) => p.publishDate).sort()).toEqual(twoWeeks.map((f) => f.date).sort());
    // No slot holds two posts of the account, and the one-off kept its slot.
    expect(new Set(posts.map((p) => p.publishDate)).size).toBe(posts.length);
    expect(posts.find((p) => p.publishDate === taken?.date)?.content).toBe('A one-off announcement');
    // Versions rotate: the tip's repeats alternate their texts.
    const tipTexts = repeats.filter((p) => p.content.includes('rafts')).map((p) => p.content);
    expect(tipTexts.slice(0, 2)).toEqual(['Tip: save drafts offline.', 'Did you know? Drafts save offline.']);

    // The calendar's marks: every repeat by its post id, numbered per post.
    const marks = await app.ok('listRepeats');
    expect(marks).toHaveLength(twoWeeks.length);
    expect(marks.every((m) => m.postId !== null && repeats.some((p) => p.id === m.postId))).toBe(true);
    expect(marks.filter((m) => m.itemId === tip.id).map((m) => [m.repeat, m.of])).toEqual(
      marks.filter((m) => m.itemId === tip.id).map((_, i) => [i + 1, 10]),
    );
    expect(marks.filter((m) => m.itemId === other.id).every((m) => m.of === null)).toBe(true);

    // A restart-like second look: the preview shows the made ones as existing, plans only later slots.
    const after = await app.ok('previewEvergreen', { listId: list.id });
    expect(after.fills.filter((f) => f.existing)).toHaveLength(twoWeeks.length);

    // Paused: no new repeats, and nothing already scheduled moves or goes.
    const paused = await app.ok('setEvergreenListEnabled', { id: list.id, enabled: false });
    expect(paused.created).toBe(0);
    expect((await app.ok('runEvergreen')).created).toBe(0);
    expect((await app.postsOf(acc.id, 40)).map((p) => p.id).sort()).toEqual(posts.map((p) => p.id).sort());
  }, 90_000);

  it('makes a local draft evergreen in a paused list, and refuses one whose file is not uploaded', async () => {
    const base = {
      brandId: null,
      targets: [{ integrationId: acc.id, platform: acc.platform ?? 'x', settings: {}, blocks: null }],
      commentDelays: [],
      shortLink: false,
      date: null,
      replacesGroup: null,
    };
    const draft = await app.ok('saveDraft', {
      ...base,
      blocks: [{ content: 'Our story, again', media: [] }],
    });
    const item = await app.ok('makeEvergreen', { draftId: draft.id });
    expect(item).toMatchObject({
      versions: ['Our story, again'],
      cooldownDays: 7,
      endRule: { kind: 'never' },
    });
    expect(item.targets.map((t) => t.integrationId)).toEqual([acc.id]);
    const { lists } = await app.ok('listEvergreen');
    expect(lists.find((l) => l.id === item.listId)?.enabled).toBe(false);

    // A file the user chose (the window names it by the token main gave for it).
    const photo = join(tmpdir(), `postdeck-evergreen-${process.pid}.jpg`);
    await writeFile(photo, 'not uploaded');
    const local = await app.ok('saveDraft', {
      ...base,
      blocks: [
        {
          content: 'With a photo',
          media: [
            {
              localPath: await app.chosen(photo),
              mediaId: null,
              path: null,
              thumbnail: null,
              name: 'p.jpg',
              kind: 'image',
            },
          ],
        },
      ],
    });
    const error = await app.fails('makeEvergreen', { draftId: local.id });
    expect(error.message).toMatch(/not uploaded yet/);
    expect((await app.fails('makeEvergreen', {} as { draftId: string })).code).toBe('INVALID_ARGUMENT');
  });

  it('refuses a version the platform would refuse, saying which', async () => {
    const list = await app.ok('saveEvergreenList', { name: 'Long' });
    const error = await app.fails('saveEvergreenItem', {
      listId: list.id,
      versions: ['fine', 'x'.repeat(30_000)],
      media: [],
      targets: [{ integrationId: acc.id, platform: acc.platform ?? 'x', settings: {} }],
      cooldownDays: 1,
      endRule: { kind: 'never' },
      skipDates: [],
    });
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/^Version 2/);
  });
});

import { expect, firstBrandX, test } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * Evergreen lists against the local service: a list is built on the Evergreen screen, its preview
 * shows the coming weeks, turning it on fills two weeks of the account's free slots with no
 * duplicate (on the service), repeats carry their mark in the calendar, and pausing makes no more.
 */

const DAY = 86_400_000;

test('an evergreen list fills two weeks of slots once, and pausing stops new repeats', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const { brand, x } = firstBrandX(service);
  const ok = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  ok(
    await page.evaluate(
      (id) => window.api.setBrandTimezone({ brandId: id, timezone: 'Europe/Paris' }),
      brand.id,
    ),
  );
  // Two slots a day at times no demo post uses.
  const slots = Array.from({ length: 7 }, (_, weekday) => [
    { weekday, time: '06:17' },
    { weekday, time: '19:43' },
  ]).flat();
  ok(await page.evaluate((input) => window.api.setQueueSlots(input), { integrationId: x.id, slots }));

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Evergreen' }).click();
  await expect(page.getByText('No evergreen list yet')).toBeVisible();
  await page.getByLabel('New list name').fill('Coffee tips');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { name: 'Coffee tips' })).toBeVisible();

  // One post through the form: two versions that take turns, the X account, a day of rest.
  await page.getByRole('button', { name: 'Add post' }).click();
  const form = page.getByRole('form', { name: 'New evergreen post' });
  await form
    .getByRole('textbox', { name: 'Version 1', exact: true })
    .fill('Tip: grind right before brewing.');
  await form.getByRole('button', { name: 'Add a version' }).click();
  await form
    .getByRole('textbox', { name: 'Version 2', exact: true })
    .fill('Fresh grounds, better cup: grind just before you brew.');
  await form.getByRole('checkbox', { name: `${x.name} (X)` }).check();
  await form.getByLabel('Rest between repeats (days)').fill('1');
  await form.getByLabel('Ends', { exact: true }).selectOption({ label: 'After a number of repeats' });
  await form.getByLabel('Repeats per account').fill('20');
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/evergreen-editor.png' });
  await form.getByRole('button', { name: 'Add post' }).click();
  await expect(form).toBeHidden();
  // A second post straight through the contract, to fill the other slot of each day.
  const { lists } = ok(await page.evaluate(() => window.api.listEvergreen({})));
  const listId = lists[0]!.id;
  ok(
    await page.evaluate((input) => window.api.saveEvergreenItem(input), {
      listId,
      versions: ['Store beans airtight, away from light.'],
      media: [],
      targets: [{ integrationId: x.id, platform: 'x' as const, settings: {} }],
      cooldownDays: 1,
      endRule: { kind: 'never' as const },
      skipDates: [],
    }),
  );
  await nav.getByRole('button', { name: 'Queue' }).click();
  await nav.getByRole('button', { name: 'Evergreen' }).click();

  // The preview before turning on: four weeks, nothing created yet.
  const preview = page.getByRole('table', { name: 'Repeats in the next four weeks' });
  await expect(preview.getByRole('row').nth(1)).toContainText('when on');
  const planned = ok(await page.evaluate((id) => window.api.previewEvergreen({ listId: id }), listId)).fills;
  expect(planned.every((f) => !f.existing)).toBe(true);
  const twoWeeks = planned.filter((f) => Date.parse(f.date) < Date.now() + 14 * DAY);
  // Every slot of the coming two weeks: two a day.
  expect(twoWeeks.length).toBeGreaterThanOrEqual(27);
  await snap(page, 'evergreen-1-preview');
  await page.screenshot({ path: '/tmp/evergreen-preview.png', fullPage: true });

  await page.getByRole('button', { name: 'Turn list on' }).click();
  await expect(page.getByText(`${twoWeeks.length} repeats scheduled.`)).toBeVisible();

  // On the service, once the outbox has sent them: each slot once, each at its slot, no duplicate.
  const texts = [
    'Tip: grind right before brewing.',
    'Fresh grounds, better cup: grind just before you brew.',
    'Store beans airtight, away from light.',
  ];
  const headers = { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brand.id };
  const onService = async () => {
    const range = `startDate=${new Date().toISOString()}&endDate=${new Date(Date.now() + 30 * DAY).toISOString()}`;
    const list = (await (await fetch(`${service.baseUrl}/posts?${range}`, { headers })).json()) as {
      posts: { id: string; content?: string; publishDate: string; integration: { id: string } }[];
    };
    return list.posts.filter((p) => p.integration.id === x.id && texts.includes(p.content ?? ''));
  };
  await expect.poll(async () => (await onService()).length, { timeout: 20_000 }).toBe(twoWeeks.length);
  const made = await onService();
  expect(made.map((p) => p.publishDate).sort()).toEqual(twoWeeks.map((f) => f.date).sort());
  expect(new Set(made.map((p) => p.publishDate)).size).toBe(made.length);
  // The rotating versions: consecutive repeats of the first post differ.
  const tip = made
    .filter((p) => p.content !== texts[2])
    .sort((a, b) => a.publishDate.localeCompare(b.publishDate));
  expect(tip[0]?.content).toBe(texts[0]);
  expect(tip[1]?.content).toBe(texts[1]);

  // A second run makes nothing new.
  expect(ok(await page.evaluate(() => window.api.runEvergreen({}))).created).toBe(0);

  // The calendar marks each repeat ("↻ 1/20").
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.locator('.repeat-mark').first()).toBeVisible({ timeout: 15_000 });
  // A month cell draws only the posts that fit (the first repeat may share its day with a seeded
  // post and sit behind "+N more"); the agenda lists every post of the range.
  const views = page.getByRole('group', { name: 'View' });
  await views.getByRole('button', { name: 'Agenda', exact: true }).click();
  await expect(page.getByLabel('Evergreen repeat 1 of 20').first()).toBeVisible();
  await views.getByRole('button', { name: 'Month', exact: true }).click();
  await snap(page, 'evergreen-2-calendar');
  await page.screenshot({ path: '/tmp/evergreen-calendar.png' });

  // "Make evergreen" on a post in its details: a new evergreen post from its text and account.
  await page
    .locator('[data-post-box]', { has: page.locator('.repeat-mark') })
    .first()
    .click();
  const panel = page.getByRole('complementary');
  await panel.getByRole('button', { name: 'Make evergreen' }).click();
  await expect(panel.getByText('Added to a paused evergreen list.')).toBeVisible();
  // Not into the list that is on: into a new paused one, so nothing is scheduled unseen.
  const after = ok(await page.evaluate(() => window.api.listEvergreen({})));
  expect(after.items).toHaveLength(3);
  const copy = after.items.find((i) => !planned.some((f) => f.itemId === i.id))!;
  expect(after.lists.find((l) => l.id === copy.listId)).toMatchObject({ name: 'Evergreen', enabled: false });
  expect(texts).toContain(copy.versions[0]);
  expect(copy.targets.map((t) => t.integrationId)).toEqual([x.id]);
  await page.getByRole('button', { name: 'Close details' }).click();

  // Paused: nothing new, nothing already scheduled touched.
  await nav.getByRole('button', { name: 'Evergreen' }).click();
  await page.getByRole('button', { name: 'Pause list' }).click();
  await expect(page.getByRole('button', { name: 'Turn list on' })).toBeVisible();
  expect(ok(await page.evaluate(() => window.api.runEvergreen({}))).created).toBe(0);
  expect((await onService()).map((p) => p.id).sort()).toEqual(made.map((p) => p.id).sort());
  await expect(preview.getByRole('row').nth(1)).toContainText('scheduled');
  await page.screenshot({ path: '/tmp/evergreen-paused.png', fullPage: true });

  // The list "Make evergreen" made is deleted; the repeats already scheduled stay.
  await page.getByRole('tab', { name: /^Evergreen/ }).click();
  await page.getByRole('button', { name: 'Delete list…' }).click();
  await page.getByRole('button', { name: 'Delete list', exact: true }).click();
  await expect(page.getByRole('tab')).toHaveText([/Coffee tips/]);
  expect((await onService()).length).toBe(made.length);
});

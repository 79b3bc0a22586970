import type { Page } from '@playwright/test';
import type { BrandScope } from '../shared/brands/ipc.js';
import type { CalendarPost } from '../shared/posts/ipc.js';
import { subjectOfPost, type LabelsView } from '../shared/labels/model.js';
import type { FaultProxy } from '../test/support/fault-proxy.js';
import { createOnService, expect, test } from './fixtures.js';
import { connectTwo, pickAllBrands, sandboxBrands } from './support/all-brands.js';
import { CalendarPage, DAY, ServiceView, snap } from './support/calendar.js';
import { instantToWall, wallDateKey } from '../renderer/calendar/time.js';

/*
 * Issue 27: one calendar over every brand of every connection. A manager picks All brands, sees
 * each brand's posts in its colour, drags one, and the service shows it moved under its own brand
 * (the proxy between main and the service records each request's x-brand-id). A brand the key may
 * not act on is marked, says what to do, and never hides the other brands' posts.
 */

const brandChips = (page: Page) => page.getByRole('group', { name: 'Brands in view' }).getByRole('button');

test.describe('all brands at a glance', () => {
  let proxy: FaultProxy | null = null;
  test.afterEach(async () => {
    await proxy?.close();
    proxy = null;
  });

  test("a drag of brand B's post in the all-brands view sends brand B's header, and only it", async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    proxy = await connectTwo(page, service, 'full-test');
    await pickAllBrands(page);
    const { harbor, pine, lumen } = sandboxBrands(service);
    // Three brands of two connections, each a chip with its posts.
    await expect(brandChips(page)).toHaveCount(3);
    for (const b of [harbor!, pine!, lumen])
      await expect(brandChips(page).filter({ hasText: b.name })).toBeVisible();

    // A scheduled post of Pine Trail (brand B), at least two days ahead, shown in the month view.
    const svc = ServiceView.of(service, pine!.id);
    const now = Date.now();
    const ahead = (await svc.posts(now + 2 * DAY, now + 40 * DAY)).filter(
      (p) => p.state === 'scheduled' || p.state === 'QUEUE',
    );
    const cal = new CalendarPage(page);
    await cal.view('Month');
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(ahead[0]!.publishDate), 'UTC')));
    const pineCells = page.locator(`[data-calendar-view="month"] [data-brand="${pine!.id}"]`);
    await expect(pineCells.first()).toBeVisible();
    const shownIds = await pineCells.evaluateAll((c) => c.map((e) => e.getAttribute('data-post-id')));
    const post = ahead.find((p) => shownIds.includes(p.id))!;
    expect(post).toBeTruthy();
    const cell = cal.post(post.id);
    // Its chip carries its brand: the colour stripe and the name in its accessible name.
    await expect(cell).toHaveAccessibleName(new RegExp(pine!.name));

    const day = await cal.monthDayOf(post.id);
    const lastDay = Number(
      await page.locator('[data-day]:not([data-outside]) [data-day-number]').last().innerText(),
    );
    const target = day < lastDay ? day + 1 : day - 1;
    const sentBefore = proxy.log.length;
    await cal.drag(post.id, await cal.monthPoint(target));

    // The service shows the post moved, under its own brand.
    await expect
      .poll(async () => (await svc.post(post.id))?.publishDate, { timeout: 30_000 })
      .not.toBe(post.publishDate);
    const writes = proxy.log
      .slice(sentBefore)
      .filter((r) => r.method === 'PUT' && r.url.includes(`/posts/${post.id}/date`));
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.map((w) => w.brandId)).toEqual(writes.map(() => pine!.id));
    // Never under another brand's header (the active brand is Harbor Coffee, the first of the key).
    expect(proxy.log.filter((r) => r.url.includes(post.id) && r.brandId !== pine!.id)).toEqual([]);
  });

  test('one bulk shift of posts of two connections moves each under its own brand, and one Undo puts both back', async ({
    page,
    service,
  }) => {
    test.setTimeout(150_000);
    proxy = await connectTwo(page, service, 'full-test');
    await pickAllBrands(page);
    const { harbor, lumen } = sandboxBrands(service);
    const cal = new CalendarPage(page);
    await cal.view('Month');
    // A scheduled post of each brand, a day ahead at least, in the month of Lumen's first such post.
    const soon = Date.now() + DAY;
    const listed = await page.evaluate((input) => window.api.listPosts(input), {
      start: new Date(soon).toISOString(),
      end: new Date(soon + 40 * DAY).toISOString(),
    });
    if (!listed.ok) throw new Error(listed.error.message);
    const ahead = (listed.value.posts as CalendarPost[])
      .filter((p) => p.state === 'scheduled' && Date.parse(p.publishDate) > soon)
      .sort((a, b) => Date.parse(a.publishDate) - Date.parse(b.publishDate));
    const first = ahead.find((p) => p.brandId === lumen.id)!;
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(first.publishDate), 'UTC')));
    const shownOf = async (brandId: string) => {
      const cells = page.locator(`[data-calendar-view="month"] [data-brand="${brandId}"]`);
      await expect(cells.first()).toBeVisible();
      const ids = await cells.evaluateAll((c) => c.map((e) => e.getAttribute('data-post-id')));
      return ahead.find((p) => p.brandId === brandId && ids.includes(p.id))!;
    };
    const lumenPost = await shownOf(lumen.id);
    const harborPost = await shownOf(harbor.id);
    expect(lumenPost && harborPost).toBeTruthy();
    // Picks a post as a user does: in its cell, or in its day's list when the cell has folded it
    // under "+N more" (the bulk bar that opens with the first pick makes the rows shorter).
    const pick = async (post: CalendarPost) => {
      const cell = page.locator(`[data-calendar-view="month"] [data-post-id="${post.id}"]`);
      if ((await cell.count()) === 0) {
        const day = wallDateKey(instantToWall(Date.parse(post.publishDate), 'UTC'));
        await page.locator(`[data-day="${day}"] [data-more-posts]`).click();
        await page
          .locator(`[data-day-list] [data-post-id="${post.id}"]`)
          .click({ modifiers: ['ControlOrMeta'] });
        await page.keyboard.press('Escape');
      } else await cell.click({ modifiers: ['ControlOrMeta'] });
    };
    await pick(harborPost);
    await pick(lumenPost);
    const bar = page.getByTestId('bulk-bar');
    await expect(bar).toContainText('2 selected');
    await expect(page.getByTestId('bulk-brands')).toHaveText(
      `2 posts in 2 brands: ${[harbor.name, lumen.name]
        .sort()
        .map((n) => `${n} 1`)
        .join(', ')}`,
    );
    // Labels: a label made from the bar lands on each picked post under its own brand (Lumen's
    // under Lumen, made there in the same colour), not all under the active brand (Harbor).
    await bar.getByText('Labels', { exact: true }).click();
    await bar.getByRole('textbox', { name: 'New label' }).fill('Launch week');
    await bar.getByLabel('Colour of the new label').selectOption({ label: 'Teal' });
    await bar.getByRole('button', { name: 'Create label' }).click();
    const box = bar.getByRole('checkbox', { name: 'Launch week' });
    await expect(box).toBeChecked();
    const labelsUnderOwnBrand = (post: CalendarPost) =>
      page.evaluate(
        async ({ brand, subject }) => {
          const read = await window.api.listLabels({ brand });
          if (!read.ok) throw new Error(read.error.message);
          const view = read.value as LabelsView;
          return (view.assignments[subject] ?? []).map((id) => {
            const label = view.labels.find((l) => l.id === id);
            return `${label?.name} (${label?.color})`;
          });
        },
        { brand: { profileId: post.profileId!, brandId: post.brandId! }, subject: subjectOfPost(post) },
      );
    for (const post of [harborPost, lumenPost])
      await expect.poll(() => labelsUnderOwnBrand(post)).toEqual(['Launch week (teal)']);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const size of [
        { width: 1024, height: 700 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size);
        await snap(page, `all-brands-bulk-labels-${theme}-${size.width}x${size.height}`);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // Each chip shows it, read from its own brand's labels (at 1440x900 both chips are in view).
    for (const post of [harborPost, lumenPost])
      await expect(cal.post(post.id).locator('[data-label="Launch week"]')).toBeVisible();
    // Taken off the selection, it leaves both brands' posts.
    await box.click();
    await expect(box).not.toBeChecked();
    for (const post of [harborPost, lumenPost]) {
      await expect.poll(() => labelsUnderOwnBrand(post)).toEqual([]);
      await expect(cal.post(post.id).locator('[data-label="Launch week"]')).toHaveCount(0);
    }
    await bar.getByText('Labels', { exact: true }).click();
    await bar.getByLabel('Days to shift').fill('0');
    await bar.getByLabel('Hours to shift').fill('2');
    await bar.getByRole('button', { name: 'Shift…' }).click();
    const plan = page.getByTestId('bulk-plan');
    await expect(plan.getByTestId('bulk-plan-brands')).toContainText('2 posts in 2 brands');
    await expect(plan.getByTestId('bulk-plan-row').filter({ hasText: lumen.name })).toHaveCount(1);
    await snap(page, 'all-brands-bulk-plan');
    const sentBefore = proxy.log.length;
    await plan.getByRole('button', { name: 'Apply to 2' }).click();
    await expect(plan).toBeHidden();

    // On the service: each post moved two hours, read with its own connection's key and brand.
    const views = new Map([
      [harborPost.id, ServiceView.of(service, harbor.id)],
      [lumenPost.id, new ServiceView(service.baseUrl, service.key('other-org'), lumen.id)],
    ]);
    const onService = async (id: string) => Date.parse((await views.get(id)!.post(id))?.publishDate ?? '');
    for (const post of [harborPost, lumenPost])
      await expect
        .poll(() => onService(post.id), { timeout: 30_000 })
        .toBe(Date.parse(post.publishDate) + 2 * 3_600_000);
    const puts = proxy.log.slice(sentBefore).filter((r) => r.method === 'PUT');
    for (const post of [harborPost, lumenPost]) {
      const own = puts.filter((r) => r.url.includes(`/posts/${post.id}/date`));
      expect(own.length).toBeGreaterThan(0);
      expect(new Set(own.map((r) => r.brandId))).toEqual(new Set([post.brandId]));
    }

    // One Undo takes both brands' moves back.
    await page.getByTestId('bulk-progress').getByRole('button', { name: /^Undo/ }).click();
    for (const post of [harborPost, lumenPost])
      await expect.poll(() => onService(post.id), { timeout: 30_000 }).toBe(Date.parse(post.publishDate));
  });

  test("a post's details say its own brand's time where that brand keeps another zone", async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    proxy = await connectTwo(page, service, 'full-test');
    const { pine } = sandboxBrands(service);
    const zoned = await page.evaluate((input) => window.api.setBrandTimezone(input), {
      brandId: pine.id,
      timezone: 'America/New_York',
    });
    expect(zoned.ok).toBe(true);
    await pickAllBrands(page);
    await page.reload();
    const cal = new CalendarPage(page);
    await cal.view('Month');
    const cell = page.locator(`[data-calendar-view="month"] [data-brand="${pine.id}"]`).first();
    await expect(cell).toBeVisible();
    await cell.click();
    const own = page.getByTestId('details-brand-time');
    await expect(own).toContainText(`for ${pine.name} (America/New_York)`);
    // The view's own zone (the system's here) stays first.
    await expect(page.getByTestId('details-date')).toContainText('(UTC)');
    await snap(page, 'all-brands-details-own-time');
  });

  test('the brand chips filter the posts, and the state chips count the brands shown', async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    proxy = await connectTwo(page, service, 'full-test');
    await pickAllBrands(page);
    const { lumen } = sandboxBrands(service);
    const cal = new CalendarPage(page);
    await cal.view('Month');
    const cells = page.locator('[data-calendar-view="month"] [data-post-id]');
    await expect
      .poll(
        async () => new Set(await cells.evaluateAll((c) => c.map((e) => e.getAttribute('data-brand')))).size,
      )
      .toBe(3);
    const stateTotal = async () => {
      const counts = await page
        .getByRole('group', { name: 'States in view' })
        .locator('.state-chip__count')
        .allInnerTexts();
      return counts.reduce((sum, n) => sum + Number(n), 0);
    };
    const allCount = await stateTotal();

    const chip = brandChips(page).filter({ hasText: lumen.name });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    // Only Lumen Labs' posts stay, and the state chips count only them.
    await expect
      .poll(async () => [
        ...new Set(await cells.evaluateAll((c) => c.map((e) => e.getAttribute('data-brand')))),
      ])
      .toEqual([lumen.id]);
    const lumenCount = Number(await chip.locator('.state-chip__count').innerText());
    expect(lumenCount).toBeGreaterThan(0);
    expect(await stateTotal()).toBe(lumenCount);
    expect(lumenCount).toBeLessThan(allCount);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(stateTotal).toBe(allCount);
  });

  test("a label of the same name in two brands is one filter chip that keeps both brands' posts, and its campaign says whose", async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    proxy = await connectTwo(page, service, 'full-test');
    await pickAllBrands(page);
    const { harbor, lumen } = sandboxBrands(service);
    const cal = new CalendarPage(page);
    await cal.view('Month');
    const cells = page.locator('[data-calendar-view="month"] [data-post-id]');
    const shownOf = async (brandId: string) =>
      cells.evaluateAll(
        (c, id) =>
          c.filter((e) => e.getAttribute('data-brand') === id).map((e) => e.getAttribute('data-post-id')),
        brandId,
      );
    await expect.poll(async () => (await shownOf(lumen.id)).length).toBeGreaterThan(0);
    const now = new Date();
    const listed = await page.evaluate((input) => window.api.listPosts(input), {
      start: new Date(now.getTime() - 45 * DAY).toISOString(),
      end: new Date(now.getTime() + 45 * DAY).toISOString(),
    });
    if (!listed.ok) throw new Error(listed.error.message);
    const byId = new Map((listed.value.posts as CalendarPost[]).map((p) => [p.id, p]));
    const harborPost = byId.get((await shownOf(harbor!.id))[0] ?? '')!;
    const lumenPost = byId.get((await shownOf(lumen.id))[0] ?? '')!;
    expect(harborPost && lumenPost).toBeTruthy();

    // "Launch", a campaign of this week, made under the active brand (Harbor Coffee) and put on one
    // post of each brand: Lumen Labs gets its own "Launch" of the same name, colour and days.
    const today = wallDateKey(instantToWall(now.getTime(), 'UTC'));
    const label = await page.evaluate((input) => window.api.saveLabel(input), {
      name: 'Launch',
      color: 'green' as const,
      campaign: { start: today, end: today },
    });
    if (!label.ok) throw new Error(label.error.message);
    const set = await page.evaluate((input) => window.api.setPostLabelsAcrossBrands(input), {
      groups: [
        {
          brand: { profileId: harborPost.profileId!, brandId: harbor!.id },
          subjects: [subjectOfPost(harborPost)],
        },
        {
          brand: { profileId: lumenPost.profileId!, brandId: lumen.id },
          subjects: [subjectOfPost(lumenPost)],
        },
      ],
      add: [(label.value as { id: string }).id],
      remove: [],
    });
    if (!set.ok) throw new Error(set.error.message);
    await page.reload();
    await cal.view('Month');

    // One chip for the name, though each brand keeps its own label.
    const chips = page.getByRole('group', { name: 'Labels' }).getByRole('button', { name: 'Launch' });
    await expect(chips).toHaveCount(1);
    // The campaign band says both brands run it.
    const band = page.getByRole('list', { name: 'Campaigns in view' }).getByRole('listitem');
    await expect(band).toHaveCount(1);
    await expect(band).toContainText(harbor!.name);
    await expect(band).toContainText(lumen.name);

    await chips.click();
    await expect(chips).toHaveAttribute('aria-pressed', 'true');
    // Each brand's post carrying its own "Launch" stays (with its group's other posts); every other post goes.
    const labelled = new Set([subjectOfPost(harborPost), subjectOfPost(lumenPost)]);
    await expect
      .poll(async () => {
        const ids = await cells.evaluateAll((c) => c.map((e) => e.getAttribute('data-post-id') ?? ''));
        return {
          both: ids.includes(harborPost.id) && ids.includes(lumenPost.id),
          others: ids.filter((id) => !labelled.has(subjectOfPost(byId.get(id)!))),
        };
      })
      .toEqual({ both: true, others: [] });
    // The state chips count what the label keeps, as the grid shows it.
    const stateTotal = async () =>
      (
        await page
          .getByRole('group', { name: 'States in view' })
          .locator('.state-chip__count')
          .allInnerTexts()
      ).reduce((sum, n) => sum + Number(n), 0);
    expect(await stateTotal()).toBe(await cells.count());
  });

  test("a label, a note and Make evergreen in another brand's post's details are that brand's, not the active brand's", async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    proxy = await connectTwo(page, service, 'full-test');
    await pickAllBrands(page);
    const { lumen } = sandboxBrands(service);
    const cal = new CalendarPage(page);
    await cal.view('Month');
    const lumenCells = page.locator(`[data-calendar-view="month"] [data-brand="${lumen.id}"]`);
    await expect(lumenCells.first()).toBeVisible();
    const id = (await lumenCells.first().getAttribute('data-post-id'))!;
    const scope = await page.evaluate(() => window.api.getBrandScope({}));
    if (!scope.ok) throw new Error(scope.error.message);
    const entry = (scope.value as BrandScope).brands.find((b) => b.brandId === lumen.id)!;
    const lumenRef = { profileId: entry.profileId, brandId: entry.brandId };

    // Lumen Labs' post, opened from the all-brands view (Harbor Coffee is the active brand).
    await cal.post(id).click();
    const details = page.getByRole('complementary');
    await details.getByText('Labels', { exact: true }).click();
    await details.getByRole('textbox', { name: 'New label' }).fill('Lab notes');
    await details.getByRole('button', { name: 'Create label' }).click();
    await expect(details.getByRole('list', { name: 'Labels' }).getByText('Lab notes')).toBeVisible();
    await details.getByLabel('New note').fill('Ask Lumen for the lab photos');
    await details.getByRole('button', { name: 'Add note' }).click();
    await expect(
      details.locator('.post-note__body', { hasText: 'Ask Lumen for the lab photos' }),
    ).toBeVisible();

    const read = async <T>(call: () => Promise<{ ok: boolean; value?: unknown }>) => {
      const r = await call();
      if (!r.ok) throw new Error('read failed');
      return r.value as T;
    };
    const listed = await read<{ posts: CalendarPost[] }>(() =>
      page.evaluate(
        () =>
          window.api.listPosts({
            start: new Date(Date.now() - 45 * 86_400_000).toISOString(),
            end: new Date(Date.now() + 45 * 86_400_000).toISOString(),
          }) as Promise<{ ok: boolean; value?: unknown }>,
      ),
    );
    const subject = subjectOfPost(listed.posts.find((p) => p.id === id)!);
    // Under Lumen Labs: the label (made there) on the post, and the note.
    const lumenView = await read<LabelsView>(() =>
      page.evaluate(
        (brand) => window.api.listLabels({ brand }) as Promise<{ ok: boolean; value?: unknown }>,
        lumenRef,
      ),
    );
    const labelIds = lumenView.assignments[subject] ?? [];
    expect(lumenView.labels.filter((l) => labelIds.includes(l.id)).map((l) => l.name)).toEqual(['Lab notes']);
    expect(lumenView.noteCounts[subject]).toBe(1);
    // Not under the active brand.
    const activeView = await read<LabelsView>(() =>
      page.evaluate(() => window.api.listLabels({}) as Promise<{ ok: boolean; value?: unknown }>),
    );
    expect(activeView.assignments[subject] ?? []).toEqual([]);
    expect(activeView.noteCounts[subject] ?? 0).toBe(0);
    // The chip shows the label, read from Lumen's labels. The details close first: over a post in
    // the month's right-hand days they would take its next click.
    await details.getByRole('button', { name: 'Close details' }).click();
    await expect(details).toBeHidden();
    await expect(cal.post(id)).toHaveAccessibleName(/Lab notes/);

    // Make evergreen puts it in Lumen Labs' evergreen list (lists are a brand's): Lumen becomes the
    // active brand first, and the item keeps Lumen's account.
    const account = listed.posts.find((p) => p.id === id)!.integration.id;
    await cal.post(id).click();
    await details.getByRole('button', { name: 'Make evergreen' }).click();
    await expect(details.getByText('Added to a paused evergreen list.')).toBeVisible({ timeout: 30_000 });
    const profiles = await read<{ active: boolean; brandId: string | null }[]>(() =>
      page.evaluate(() => window.api.listProfiles({}) as Promise<{ ok: boolean; value?: unknown }>),
    );
    expect(profiles.find((p) => p.active)?.brandId).toBe(lumen.id);
    const evergreen = await read<{ items: { targets: { integrationId: string }[] }[] }>(() =>
      page.evaluate(() => window.api.listEvergreen({}) as Promise<{ ok: boolean; value?: unknown }>),
    );
    expect(evergreen.items.map((i) => i.targets.map((t) => t.integrationId))).toEqual([[account]]);
  });

  test("Edit of another brand's post from the all-brands view saves it under that brand", async ({
    page,
    service,
  }) => {
    test.setTimeout(150_000);
    proxy = await connectTwo(page, service, 'full-test');
    await pickAllBrands(page);
    const { lumen } = sandboxBrands(service);
    const svc = new ServiceView(service.baseUrl, service.key('other-org'), lumen.id);
    const now = Date.now();
    const ahead = (await svc.posts(now + DAY, now + 40 * DAY)).filter(
      (p) => (p.state === 'scheduled' || p.state === 'QUEUE') && !p.integration.disconnected,
    );
    const cal = new CalendarPage(page);
    await cal.view('Month');
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(ahead[0]!.publishDate), 'UTC')));
    const lumenCells = page.locator(`[data-calendar-view="month"] [data-brand="${lumen.id}"]`);
    await expect(lumenCells.first()).toBeVisible();
    const shownIds = await lumenCells.evaluateAll((c) => c.map((e) => e.getAttribute('data-post-id')));
    const post = ahead.find((p) => shownIds.includes(p.id))!;
    expect(post).toBeTruthy();
    const tag = `edited ${Date.now().toString(36)}`;

    const sentBefore = proxy.log.length;
    await cal.post(post.id).click();
    await page.getByRole('complementary').getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Edit post' })).toBeVisible({ timeout: 30_000 });
    const text = dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true });
    await expect(text).toHaveValue(post.content ?? '');
    await text.fill(`${post.content ?? ''} ${tag}`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();

    // The service holds the edited post under Lumen Labs, and every write went with Lumen's header.
    await expect
      .poll(async () => (await svc.posts(now, now + 60 * DAY)).some((p) => (p.content ?? '').includes(tag)), {
        timeout: 30_000,
      })
      .toBe(true);
    const writes = proxy.log.slice(sentBefore).filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(0);
    expect(writes.filter((w) => w.brandId !== lumen.id)).toEqual([]);
  });

  test("a move warns by the moved post's own brand's clash gap, set in that brand's row of Settings with its review settings", async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    proxy = await connectTwo(page, service, 'full-test');
    await pickAllBrands(page);
    const { pine } = sandboxBrands(service);
    const scope = await page.evaluate(() => window.api.getBrandScope({}));
    if (!scope.ok) throw new Error(scope.error.message);
    const pineRef = (scope.value as BrandScope).brands.find((b) => b.brandId === pine!.id)!;

    // Pine Trail's gap, 2 h, in its own row (Harbor Coffee, the active brand, keeps the default 1 h).
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Account' }).click();
    const pineRow = page
      .getByRole('list', { name: 'Brands' })
      .getByRole('listitem')
      .filter({ hasText: pine!.name });
    await pineRow
      .getByLabel(`Warn when one account of ${pine!.name} posts twice within (minutes)`)
      .fill('120');
    await pineRow.getByRole('button', { name: 'Save gap' }).click();
    await expect(pineRow.getByRole('button', { name: /Use the default/ })).toBeVisible();
    const gapOf = async (brand?: { profileId: string; brandId: string }) => {
      const read = await page.evaluate((input) => window.api.getClashSettings(input), brand ? { brand } : {});
      if (!read.ok) throw new Error(read.error.message);
      return read.value;
    };
    expect(await gapOf({ profileId: pineRef.profileId, brandId: pineRef.brandId })).toEqual({
      gapMinutes: 120,
      isDefault: false,
    });
    expect(await gapOf()).toEqual({ gapMinutes: 60, isDefault: true });
    // Its review settings are its own too: approval turned on for Pine Trail, not for Harbor Coffee.
    const approval = pineRow.getByRole('checkbox', {
      name: `Posts of ${pine!.name} need approval before they are sent`,
    });
    await approval.check();
    await expect(approval).toBeChecked();
    const reviewOf = async (brand?: { profileId: string; brandId: string }) => {
      const read = await page.evaluate(
        (input) => window.api.getReviewSettings(input),
        brand ? { brand } : {},
      );
      if (!read.ok) throw new Error(read.error.message);
      return read.value.needsApproval;
    };
    expect(await reviewOf({ profileId: pineRef.profileId, brandId: pineRef.brandId })).toBe(true);
    expect(await reviewOf()).toBe(false);
    await approval.uncheck();
    await expect.poll(() => reviewOf({ profileId: pineRef.profileId, brandId: pineRef.brandId })).toBe(false);

    // Two posts of one Pine account, the second a day and 90 minutes after the first.
    const pineAccount = (
      await ServiceView.of(service, pine!.id).posts(Date.now(), Date.now() + 60 * DAY)
    ).find((p) => p.integration.platform === 'x' || p.integration.platform === 'bluesky')?.integration;
    if (!pineAccount) throw new Error('The sandbox has no text post of Pine Trail');
    // A Wednesday about seven weeks ahead: the next day is in the same week however weeks start
    // (on a Sunday, a Monday-first week hid the second post).
    const ahead =
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + 50 * DAY;
    const day = ahead + ((3 - new Date(ahead).getUTCDay() + 7) % 7) * DAY;
    const ids: string[] = [];
    for (const [i, at] of [day + 10 * 3_600_000, day + DAY + 11.5 * 3_600_000].entries()) {
      const created = await createOnService(
        service,
        {
          type: 'schedule',
          date: new Date(at).toISOString(),
          shortLink: false,
          posts: [
            {
              integration: { id: pineAccount.id },
              value: [{ content: `Pine gap check ${i + 1}`, image: [] }],
              settings: { __type: pineAccount.platform },
            },
          ],
        },
        pine!.id,
      );
      if (!created.ok) throw new Error(`Creating a post failed: ${created.status}`);
      ids.push(((await created.json()) as { postId: string }[])[0]!.postId);
    }

    await nav.getByRole('button', { name: 'Calendar' }).click();
    const cal = new CalendarPage(page);
    await cal.jumpTo(wallDateKey(instantToWall(day, 'UTC')));
    await cal.view('Week');
    const cell = page.locator(`[data-post-id="${ids[0]}"]`);
    await expect(cell).toBeVisible({ timeout: 30_000 });
    await expect(page.locator(`[data-post-id="${ids[1]}"]`)).toBeAttached();
    // A day on: 90 minutes from the other, inside Pine's 2 h though outside the active brand's 1 h.
    await cell.focus();
    await page.keyboard.press('Alt+ArrowRight');
    const notice = page.locator('.notice-card').filter({ hasText: 'Heads-up:' });
    await expect(notice).toContainText('would post twice within');
    await expect(notice).toContainText('this brand keeps 120 min between posts');
  });

  test('a brand the key may not act on is marked with what to do, and the other brands still show', async ({
    page,
    service,
  }) => {
    test.setTimeout(120_000);
    // The brand1-only key lists both brands of its organization but may act on the first only.
    proxy = await connectTwo(page, service, 'brand1-only');
    await pickAllBrands(page, { pulled: false });
    const { harbor, pine, lumen } = sandboxBrands(service);

    const pineChip = brandChips(page).filter({ hasText: pine!.name });
    await expect(pineChip).toHaveAttribute('title', /may not act on this brand/, { timeout: 30_000 });
    await expect(page.getByText('1 brand not syncing')).toBeVisible();
    const scope = await page.evaluate(() => window.api.getBrandScope({}));
    if (!scope.ok) throw new Error(scope.error.message);
    const problems = new Map((scope.value as BrandScope).brands.map((b) => [b.name, b.problem !== null]));
    expect(problems).toEqual(
      new Map([
        [lumen.name, false],
        [harbor!.name, false],
        [pine!.name, true],
      ]),
    );

    // The other brands' posts are there all the same, from both connections.
    const now = new Date();
    const listed = await page.evaluate((input) => window.api.listPosts(input), {
      start: new Date(now.getTime() - 14 * DAY).toISOString(),
      end: new Date(now.getTime() + 14 * DAY).toISOString(),
    });
    if (!listed.ok) throw new Error(listed.error.message);
    const brandsShown = new Set((listed.value.posts as CalendarPost[]).map((p) => p.brandId));
    expect(brandsShown.has(harbor!.id)).toBe(true);
    expect(brandsShown.has(lumen.id)).toBe(true);
    expect(brandsShown.has(pine!.id)).toBe(false);
  });
});

test.describe('all brands, as seen', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`screens of the all-brands calendar, the switcher and the composer's brand step (${theme})`, async ({
      page,
      service,
    }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: theme });
      const proxy = await connectTwo(page, service, 'full-test');
      try {
        await pickAllBrands(page);
        const cal = new CalendarPage(page);
        await cal.view('Month');
        await expect(brandChips(page)).toHaveCount(3);
        for (const size of [
          { width: 1024, height: 700 },
          { width: 1440, height: 900 },
        ]) {
          await page.setViewportSize(size);
          await cal.view('Month');
          await page.waitForTimeout(300);
          await snap(page, `all-brands-${theme}-month-${size.width}x${size.height}`);
          await cal.view('Week');
          await page.waitForTimeout(300);
          await snap(page, `all-brands-${theme}-week-${size.width}x${size.height}`);
        }
        await page.getByRole('button', { name: 'New post' }).click();
        await expect(page.getByRole('heading', { name: 'Which brand is this post for?' })).toBeVisible();
        await snap(page, `all-brands-${theme}-composer-brand`);
        await page
          .getByRole('dialog', { name: 'Composer' })
          .getByRole('button', { name: /Lumen Labs/ })
          .click();
        await expect(page.getByRole('heading', { name: 'Which brand is this post for?' })).toBeHidden();
        await page.waitForTimeout(500);
        await snap(page, `all-brands-${theme}-composer-lumen`);
      } finally {
        await proxy.close();
      }
    });
  }
});

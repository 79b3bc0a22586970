import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays, startOfDay } from 'date-fns';
import { instantToWall, wallDateKey, wallToInstant } from '../renderer/calendar/time.js';
import { createOnService, expect, firstBrandX, test } from './fixtures.js';
import { CalendarPage } from './support/calendar.js';
import { snap } from './support/pages.js';

/*
 * Content categories as a manager meets them, against the real service: categories made on the
 * Account page, posts of a week given them (one through the post's details), the week's mix bar
 * against the targets; then a slot kept for Tips on the Queue page and "Add to queue" for a Tips
 * post landing there, not on an earlier open slot. Dates come from the run's clock (the clock
 * projects shift it), in the brand's zone, New York.
 */

const NY = 'America/New_York';

/** A wall time on a day (in New York) as an instant. */
const instantAt = (day: Date, h: number, m: number) =>
  wallToInstant(new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m), NY).toISOString();

async function goTo(page: Page, screen: 'Account' | 'Calendar' | 'Queue'): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen }).click();
}

async function addCategory(page: Page, name: string, color: string, target: string): Promise<void> {
  const form = page.getByRole('form', { name: 'New category' });
  await form.getByLabel('New category').fill(name);
  await form.getByLabel('Colour').selectOption({ label: color });
  await form.getByLabel('Weekly target (%)').fill(target);
  await form.getByLabel('Weekly target (%)').press('Enter');
  await expect(page.getByRole('form', { name: `Category ${name}` })).toBeVisible();
}

async function noSeriousAxe(page: Page, what: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="mix-bar"]').analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${theme} ${what}: ${v.id}`),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.describe('content categories', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page, connectWithSandboxKey }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await connectWithSandboxKey('full-test');
    const calendar = new CalendarPage(page);
    await expect(calendar.screen).toBeVisible();
    await calendar.setZone(NY);
  });

  test("the week's mix bar shows the planned mix against each category's target", async ({
    page,
    service,
  }) => {
    const { x } = firstBrandX(service);
    // The Account page: empty at first, then Tips (40 %) and Product (30 %); a target past 100 % is refused.
    await goTo(page, 'Account');
    await expect(page.getByTestId('categories-empty')).toBeVisible();
    await addCategory(page, 'Tips', 'Green', '40');
    await addCategory(page, 'Product', 'Blue', '30');
    await expect(
      page.getByText('Targets add up to 70 %; 30 % is left for posts without a category.'),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'New category' });
    await form.getByLabel('New category').fill('Memes');
    await form.getByLabel('Weekly target (%)').fill('50');
    await form.getByRole('button', { name: 'Add category' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'The weekly targets would add up to 120 %; lower this one or another so they make 100 % at most.',
    );
    await form.getByLabel('New category').fill('');

    // Five posts in a week eight weeks ahead (the demo posts end two weeks ahead), Tuesday to
    // Thursday so the week holds them whichever day it starts on.
    const monday = addDays(
      startOfDay(instantToWall(Date.now(), NY)),
      56 - ((instantToWall(Date.now(), NY).getDay() + 6) % 7),
    );
    const days = [1, 1, 2, 2, 3].map((d) => addDays(monday, d));
    const stamp = Date.now().toString(36);
    const groups: string[] = [];
    for (const [i, day] of days.entries()) {
      const res = await createOnService(service, {
        type: 'schedule',
        date: instantAt(day, 10 + i, 15),
        shortLink: false,
        posts: [
          { integration: { id: x.id }, value: [{ content: `Mix ${i} ${stamp}` }], settings: { __type: 'x' } },
        ],
      });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      groups.push(((await res.json()) as { group: string }[])[0]!.group);
    }
    const view = await page.evaluate(() => window.api.listCategories({}));
    if (!view.ok) throw new Error(view.error.message);
    const id = (name: string) => view.value.categories.find((c) => c.name === name)!.id;
    // Posts 1 and 2 Tips (post 1 through its details below), post 3 Product, posts 4 and 5 none.
    const set = await page.evaluate(
      ([tips, product, g]) =>
        Promise.all([
          window.api.setPostCategory({ subjects: [g[1]!], categoryId: tips! }),
          window.api.setPostCategory({ subjects: [g[2]!], categoryId: product! }),
        ]),
      [id('Tips'), id('Product'), groups] as const,
    );
    expect(set.map((r) => r.ok)).toEqual([true, true]);

    await goTo(page, 'Calendar');
    const calendar = new CalendarPage(page);
    await calendar.jumpTo(wallDateKey(days[0]!));
    await calendar.view('Week');
    await expect(page.locator('[data-post-id]').filter({ hasText: stamp })).toHaveCount(5, {
      timeout: 20_000,
    });

    // The first post gets Tips in its details, as a user would.
    await page
      .locator('[data-post-id]')
      .filter({ hasText: `Mix 0 ${stamp}` })
      .click();
    const details = page.getByRole('complementary');
    await details.getByLabel('Category', { exact: true }).selectOption({ label: 'Tips' });
    await expect(details.getByLabel('Category', { exact: true })).toHaveValue(id('Tips'));
    await page.keyboard.press('Escape');

    const bar = page.getByRole('region', { name: 'This week’s category mix' });
    await expect(bar).toContainText(
      'Planned mix this week: Product 1 of 5 posts (20 %), target 30 %; Tips 2 of 5 posts (40 %), target 40 %; No category 2 of 5 posts (40 %).',
    );
    const row = (name: string) => bar.locator(`[data-category="${name}"]`);
    await expect(row('Tips')).toContainText('2 of 5 (40 %)');
    await expect(row('Tips')).toContainText('target 40 %');
    await expect(row('Tips')).toContainText('on target');
    await expect(row('Product')).toContainText('1 of 5 (20 %)');
    await expect(row('Product')).toContainText('10 points under');
    await expect(row('')).toContainText('No category 2 of 5 (40 %)');
    // Each colour of the bar is as wide as its share (2 : 1 : 2).
    const widths = await bar
      .locator('.mix-bar__segment')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)));
    expect(widths).toHaveLength(3);
    expect(Math.abs(widths[1]! - 2 * widths[0]!)).toBeLessThanOrEqual(3);
    await noSeriousAxe(page, 'mix bar');
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ])
      for (const theme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: theme });
        await snap(page, `categories-mix-${size.width}-${theme}`);
      }
    await page.emulateMedia({ colorScheme: 'light' });

    // Deleting Product says how many posts lose it; the bar follows.
    await goTo(page, 'Account');
    const product = page.getByRole('form', { name: 'Category Product' });
    await expect(product).toContainText('1 post');
    await product.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(product).toContainText('1 post will lose it.');
    await product.getByRole('button', { name: 'Delete “Product”' }).click();
    await expect(page.getByText('Deleted the category “Product”; 1 post lost it.')).toBeVisible();
    await goTo(page, 'Calendar');
    await expect(page.getByRole('region', { name: 'This week’s category mix' })).toContainText(
      'Planned mix this week: Tips 2 of 5 posts (40 %), target 40 %; No category 3 of 5 posts (60 %).',
    );
  });

  test('"Add to queue" for a Tips post lands on the next slot kept for Tips, past an earlier open one', async ({
    page,
    service,
  }) => {
    const { brand, x } = firstBrandX(service);
    const made = await page.evaluate(() =>
      window.api.saveCategory({ name: 'Tips', color: 'green', targetPercent: 40 }),
    );
    if (!made.ok) throw new Error(made.error.message);

    // Tomorrow (New York): 06:05 open, 06:10 kept for Tips; odd minutes no demo post uses.
    const day = addDays(startOfDay(instantToWall(Date.now(), NY)), 1);
    const weekday = day.toLocaleDateString('en-US', { weekday: 'long' });
    await goTo(page, 'Queue');
    await expect(page.getByRole('heading', { name: 'Brand default: weekly slots' })).toBeVisible();
    const addSlot = async (time: string, keptFor: string) => {
      await page.getByLabel('Day', { exact: true }).selectOption({ label: weekday });
      await page.getByLabel('Time', { exact: true }).fill(time);
      await page.getByLabel('Kept for').selectOption({ label: keptFor });
      await page.getByRole('button', { name: 'Add slot' }).click();
    };
    await addSlot('06:05', 'Any post');
    await addSlot('06:10', 'Tips posts');
    const column = page.getByRole('group', { name: weekday });
    await expect(column.locator('.queue-slot')).toHaveCount(2);
    await expect(column.locator('.queue-slot').nth(1)).toContainText('kept for Tips');
    const open = instantAt(day, 6, 5);
    const kept = instantAt(day, 6, 10);

    // A post without a category never takes the kept slot.
    const plain = await page.evaluate((id) => window.api.previewQueue({ integrationIds: [id] }), x.id);
    if (!plain.ok) throw new Error(plain.error.message);
    expect(plain.value.accounts[0]).toMatchObject({ dates: [open], reserved: [false] });

    await goTo(page, 'Calendar');
    await page.getByRole('button', { name: 'New post', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('group', { name: 'X', exact: true })
      .getByRole('checkbox', { name: x.name, exact: true })
      .check();
    const text = `A Tips post ${Date.now().toString(36)}`;
    await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(text);
    const preview = dialog.locator('#composer-queue-preview');
    await expect(preview).not.toContainText('kept for Tips');
    await dialog.getByLabel('Category', { exact: true }).selectOption({ label: 'Tips' });
    await expect(preview).toContainText(`Add to queue: ${x.name} on`);
    await expect(preview).toContainText('a slot kept for Tips');
    await dialog.getByRole('button', { name: 'Add to queue', exact: true }).click();
    await expect(page.getByText(`Queued: ${x.name} on`)).toBeVisible();

    // The service holds it at the Tips slot, and its category followed it to the service's group.
    const headers = { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brand.id };
    const range = `startDate=${new Date(Date.parse(open) - 60_000).toISOString()}&endDate=${new Date(Date.parse(kept) + 60_000).toISOString()}`;
    let group = '';
    await expect
      .poll(async () => {
        const list = (await (await fetch(`${service.baseUrl}/posts?${range}`, { headers })).json()) as {
          posts: { content?: string; publishDate: string; group?: string }[];
        };
        const mine = list.posts.filter((p) => p.content === text);
        group = mine[0]?.group ?? '';
        return mine.map((p) => new Date(p.publishDate).toISOString());
      })
      .toEqual([kept]);
    await expect
      .poll(async () => {
        const view = await page.evaluate(() => window.api.listCategories({}));
        return view.ok ? view.value.assignments[group] : null;
      })
      .toBe(made.value.id);
  });
});

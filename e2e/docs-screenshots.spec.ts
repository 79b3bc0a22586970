import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { pickAllBrands } from './support/all-brands.js';
import { CalendarPage } from './support/calendar.js';
import { DOCS_VIEWPORT, docsImage } from './support/docs-images.js';

/*
 * The pictures of the user manual (docs/*.md, docs/images/): the sandbox as a new user sees it,
 * one picture per page of the manual, at one window size in the light theme. Every e2e run takes
 * them again, so the manual never shows a screen the app no longer has; commit them when they change.
 */

test.use({ viewport: DOCS_VIEWPORT });

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens a page from the sidebar; `title` is its heading where it differs from the sidebar's word. */
async function openPage(page: Page, name: string, title = name): Promise<void> {
  await nav(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
}

test('the user manual’s pictures of every page, taken on the sandbox', async ({
  page,
  connectWithSandboxKey,
}) => {
  test.setTimeout(120_000);
  await connectWithSandboxKey('full-test');
  const cal = new CalendarPage(page);
  await expect(cal.screen).toBeVisible();
  await expect(cal.screen.locator('[data-post-id]').first()).toBeVisible();
  await docsImage(page, 'calendar-month');

  await cal.view('Week');
  await expect(cal.screen.locator('[data-post-id]').first()).toBeVisible();
  await docsImage(page, 'calendar-week');
  await cal.view('Month');

  await page.getByRole('button', { name: 'New post' }).click();
  const composer = page.getByRole('dialog');
  await expect(composer.getByRole('heading', { name: 'New post' })).toBeVisible();
  await composer.getByRole('group', { name: 'Instagram', exact: true }).getByRole('checkbox').first().check();
  await composer
    .getByRole('textbox', { name: 'Text of Block 1', exact: true })
    .fill('Our autumn menu is here: pumpkin spice, maple oat latte and a new cinnamon roll. #autumn #coffee');
  await docsImage(page, 'composer');
  await page.keyboard.press('Escape');
  await expect(composer).toBeHidden();
  // Closing kept the text as a local draft and says so; the notice would sit on every later picture.
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);

  await page.getByRole('button', { name: /^Outbox/ }).click();
  await expect(page.getByRole('complementary', { name: 'Outbox' })).toBeVisible();
  await docsImage(page, 'outbox');
  await page.getByRole('button', { name: /^Outbox/ }).click();
  await expect(page.getByRole('complementary', { name: 'Outbox' })).toBeHidden();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Search and commands' });
  await expect(palette).toBeVisible();
  await palette.getByRole('combobox').fill('coffee');
  await expect(palette.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await docsImage(page, 'search');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  for (const [name, title, image] of [
    ['Queue', 'Queue', 'queue'],
    ['Instagram grid', 'Instagram grid', 'instagram-grid'],
    ['Evergreen', 'Evergreen', 'evergreen'],
    ['Snippets', 'Snippets', 'snippets'],
    ['Import', 'Import', 'import'],
    ['Media', 'Media library', 'media-library'],
    ['Analytics', 'Analytics', 'analytics'],
    ['Account', 'Account', 'account'],
  ] as const) {
    await openPage(page, name, title);
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await docsImage(page, image);
  }

  await openPage(page, 'Calendar');
  await pickAllBrands(page);
  await expect(cal.screen.locator('[data-post-id]').first()).toBeVisible();
  await docsImage(page, 'all-brands');
});

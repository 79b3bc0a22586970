import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
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
/** Two pictures a coffee brand would upload, drawn here so the library has something to show. */
const PICTURES = [
  { name: 'autumn-menu.png', colour: '#8b5a2b', words: 'Autumn menu' },
  { name: 'latte-art.png', colour: '#c8a27a', words: 'Latte art' },
];

async function drawPicture(dir: string, colour: string, words: string, name: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="${colour}"/><text x="600" y="430" font-family="sans-serif" font-size="96" fill="#fff" text-anchor="middle">${words}</text></svg>`;
  const file = join(dir, name);
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
}

async function openPage(page: Page, name: string, title = name): Promise<void> {
  await nav(page).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
}

test('the user manual’s pictures of every page, taken on the sandbox', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  test.setTimeout(120_000);
  await expect(page.getByRole('heading', { name: 'Welcome to Postdeck' })).toBeVisible();
  await docsImage(page, 'welcome');
  await connectWithSandboxKey('full-test');
  const cal = new CalendarPage(page);
  await expect(cal.screen).toBeVisible();
  await expect(cal.screen.locator('[data-post-id]').first()).toBeVisible();
  await docsImage(page, 'calendar-month');

  const scheduled = cal.screen.locator('[data-post-id][data-state="scheduled"]');
  await scheduled.first().click();
  const closeDetails = page.getByRole('button', { name: 'Close details' });
  await expect(closeDetails).toBeVisible();
  await docsImage(page, 'post-details');
  await closeDetails.click();
  await expect(closeDetails).toBeHidden();

  await scheduled.nth(0).click({ modifiers: ['ControlOrMeta'] });
  await scheduled.nth(1).click({ modifiers: ['ControlOrMeta'] });
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('2 selected');
  await bar.getByLabel('Days to shift').fill('1');
  await bar.getByRole('button', { name: 'Shift…' }).click();
  const plan = page.getByTestId('bulk-plan');
  await expect(plan.getByTestId('bulk-plan-row')).toHaveCount(2);
  await docsImage(page, 'bulk-plan');
  await page.keyboard.press('Escape');
  await expect(plan).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();

  await page.getByRole('button', { name: 'Export posts in view' }).click();
  const exportMenu = page.getByRole('menu', { name: 'Export posts in view as' });
  await expect(exportMenu.getByRole('menuitem').first()).toBeVisible();
  await docsImage(page, 'export-menu');
  await page.keyboard.press('Escape');
  await expect(exportMenu).toBeHidden();

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
    if (image === 'media-library') {
      const dir = await mkdtemp(join(tmpdir(), 'postdeck-docs-images-'));
      const files: string[] = [];
      for (const picture of PICTURES) {
        const file = await drawPicture(dir, picture.colour, picture.words, picture.name);
        await app.registerFile(file, picture.name);
        files.push(file);
      }
      await page.getByLabel('Files to upload to the media library').setInputFiles(files);
      const library = page.getByRole('list', { name: 'Media of this brand' });
      for (const picture of PICTURES)
        await expect(library.getByRole('listitem', { name: picture.name })).toBeVisible({ timeout: 20_000 });
      // Thumbnails load after their tiles: the picture waits for both. Counted on the uploaded
      // tiles only: the library also lists media of posts read whole (a post opened in the
      // calendar, which depends on the day), and those load in their own time.
      for (const picture of PICTURES)
        await expect
          .poll(() =>
            library
              .getByRole('listitem', { name: picture.name })
              .locator('img')
              .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
          )
          .toBe(1);
      await rm(dir, { recursive: true, force: true });
    }
    if (image === 'evergreen') {
      // A list to show rather than the empty page.
      await page.getByRole('textbox', { name: 'New list name' }).fill('Coffee tips');
      await page.getByRole('button', { name: 'Create list' }).click();
      await expect(page.getByText('Coffee tips').first()).toBeVisible();
    }
    await docsImage(page, image);
  }
  // Still on the Account page: its Desktop settings alone (the diagnostics below them name the
  // test run's folders and versions), for the page on running all day.
  await docsImage(page, 'desktop-settings', page.getByRole('region', { name: 'Desktop' }));
  // Its Tracked links section (its parameters and example), for the page on tracked links.
  await page
    .getByRole('region', { name: 'Tracked links' })
    .getByTestId('links-example')
    .evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await docsImage(page, 'tracked-links');

  await openPage(page, 'Calendar');
  await pickAllBrands(page);
  await expect(cal.screen.locator('[data-post-id]').first()).toBeVisible();
  await docsImage(page, 'all-brands');
});

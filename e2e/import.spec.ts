import { samplesAhead } from '../test/support/samples.js';
import { expect, test } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * Bulk import through the window: the sample CSV is read and checked in main, every row shown with
 * its problems; a row is fixed, another dropped, the rest imported; the same file again creates nothing.
 */

test('the sample CSV is previewed, fixed, imported, and not imported twice', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // Accounts are learned from posts: the calendar reads them first, as a user's first screen does.
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  await nav.getByRole('button', { name: 'Import' }).click();

  // The sample with its dates in the year after the run's clock (E2E_NOW may have passed March 2027).
  const SAMPLE = (await samplesAhead(test.info().outputPath('samples'))).csv;
  await app.registerFile(SAMPLE, 'posts-sample.csv');
  await page.getByLabel('Import file').setInputFiles(SAMPLE);
  const preview = page.getByRole('heading', { name: 'posts-sample.csv: 9 rows' });
  await expect(preview).toBeVisible();
  const row = (n: number) => page.locator(`tr[data-row="${n}"]`);
  await expect(row(1)).toContainText('Ready');
  // Accounts are named with their platform: two accounts may share a name.
  await expect(row(1)).toContainText('Harbor Coffee (X)');
  // "queue" needs posting slots, and this brand has none yet.
  await expect(row(3)).toContainText('has no posting slots');
  await expect(row(6)).toContainText('X allows 280 characters');
  await expect(row(7)).toContainText('No account “Nobody Here”');
  await expect(row(8)).toContainText('is not a time');
  await expect(row(9)).toContainText('settings.youtube.title');
  await snap(page, 'import-preview');

  await page.getByRole('button', { name: 'Edit row 7' }).click();
  const editor = page.getByRole('form', { name: 'Edit row 7' });
  await editor.getByLabel('accounts').fill('Harbor Coffee');
  await editor.getByRole('button', { name: 'Check row' }).click();
  await expect(row(7)).toContainText('Ready');
  // The YouTube row's video cannot be fetched by the local service here: drop it.
  await page.getByRole('button', { name: 'Drop row 4' }).click();
  await expect(row(4)).toContainText('Dropped');

  await page.getByRole('button', { name: 'Import 4 posts' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'posts queued' })).toContainText(
    '4 posts queued, 1 dropped, 4 not imported',
  );
  await snap(page, 'import-done');

  await page.getByLabel('Import file').setInputFiles(SAMPLE);
  // Rows 1, 2 and 5 were imported; row 7 is as the file says again; row 4 was only dropped.
  await expect(page.getByText('3 already imported')).toBeVisible();
  await expect(row(1)).toContainText('Already imported');
  await expect(row(7)).toContainText('No account “Nobody Here”');
  await expect(page.getByRole('button', { name: 'Import 1 post' })).toBeVisible();
});

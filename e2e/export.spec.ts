import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sampleYear } from '../test/support/samples.js';
import { expect, test } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * Export through the window: the calendar's posts in view are saved as CSV (main writes the file
 * where the save dialog says; the bridge's dialog answers a folder of the test), then that file is
 * imported back: every row is found already there and nothing is created. And a file as a German
 * Excel saves it reads as its rows.
 */

test('the posts in view export as CSV and import back as nothing new', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  test.skip(app.exportsDir === null, 'Needs the bridge: under Electron the save dialog is the system’s.');
  await connectWithSandboxKey('full-test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();

  const exportButton = page.getByRole('button', { name: 'Export posts in view' });
  await exportButton.click();
  const menu = page.getByRole('menu', { name: 'Export posts in view as' });
  // Three file formats, then the client review pack as a page and as a PDF.
  await expect(menu.getByRole('menuitem')).toHaveCount(5);
  await snap(page, 'export-menu');
  // The keyboard works the menu: Escape closes it and gives focus back to the button.
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(exportButton).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: /Spreadsheet \(CSV\)/ })).toBeFocused();
  await page.keyboard.press('Enter');

  const saved = page.getByRole('status').filter({ hasText: /^Saved \d+ posts? to / });
  await expect(saved).toBeVisible();
  const message = (await saved.innerText()).trim();
  const rows = Number(/^Saved (\d+)/.exec(message)?.[1]);
  const fileName = /to (.+\.csv)/.exec(message)?.[1] ?? '';
  expect(rows).toBeGreaterThan(0);
  await snap(page, 'export-saved');
  const path = join(app.exportsDir!, fileName);
  // The note says where the file is, and "Show in folder" shows that very file (main takes a token,
  // never a path from the window).
  expect(message).toContain(`in the folder ${app.exportsDir}`);
  await page.getByRole('button', { name: 'Show in folder' }).click();
  await expect.poll(() => app.shownInFolder).toEqual([path]);
  const forged = await page.evaluate(() => window.api.showExportedFile({ fileToken: 'not-a-token' }));
  expect(forged.ok).toBe(false);
  const csv = await readFile(path, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFtext,.*accounts,date,media,.*settings/);

  const outboxBefore = await page.evaluate(async () => {
    const r = await window.api.listOutbox({});
    return r.ok ? r.value.length : -1;
  });
  await nav.getByRole('button', { name: 'Import' }).click();
  await app.registerFile(path, fileName);
  await page.getByLabel('Import file').setInputFiles(path);
  await expect(page.getByRole('heading', { name: `${fileName}: ${rows} rows` })).toBeVisible();
  await expect(page.getByText(`${rows} already imported`)).toBeVisible();
  await expect(page.getByTestId('import-read-as')).toHaveText('read as UTF-8, comma-separated');
  await expect(page.getByRole('button', { name: 'Import 0 posts' })).toBeDisabled();
  await snap(page, 'export-reimport');
  const outboxAfter = await page.evaluate(async () => {
    const r = await window.api.listOutbox({});
    return r.ok ? r.value.length : -1;
  });
  expect(outboxAfter).toBe(outboxBefore);
});

test('a German Excel file (Windows-1252, semicolons, a line break in a cell) previews as its rows', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  test.skip(app.exportsDir === null, 'Needs the bridge: it writes the file into the test’s folder.');
  await connectWithSandboxKey('full-test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  const german = [
    'text;accounts;date',
    '"Neue Röstung: 2,5 kg für Größen ab 250 g.',
    `Mehr im Café!";Harbor Coffee;${sampleYear()}-03-02 09:30`,
    `Öffnungszeiten übers Wochenende;Harbor Coffee;${sampleYear()}-03-06 08:00`,
    '',
  ].join('\r\n');
  await mkdir(app.exportsDir!, { recursive: true });
  const path = join(app.exportsDir!, 'beitraege.csv');
  // Windows-1252 of this text is Latin-1: one byte per character (ö is 0xF6).
  await writeFile(path, Buffer.from(german, 'latin1'));

  await nav.getByRole('button', { name: 'Import' }).click();
  await app.registerFile(path, 'beitraege.csv');
  await page.getByLabel('Import file').setInputFiles(path);
  await expect(page.getByRole('heading', { name: 'beitraege.csv: 2 rows' })).toBeVisible();
  await expect(page.getByTestId('import-read-as')).toHaveText('read as Windows-1252, semicolon-separated');
  await expect(page.locator('tr[data-row="1"]')).toContainText('Neue Röstung: 2,5 kg für Größen ab 250 g.');
  await expect(page.locator('tr[data-row="1"]')).toContainText('Ready');
  await expect(page.locator('tr[data-row="2"]')).toContainText('Öffnungszeiten übers Wochenende');
  await expect(page.getByRole('button', { name: 'Import 2 posts' })).toBeEnabled();
  await snap(page, 'import-german-excel');
});

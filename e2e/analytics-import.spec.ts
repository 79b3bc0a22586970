import { writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { addDays } from '../shared/analytics/ranges.js';
import { expect, test } from './fixtures.js';
import { snap, WelcomeScreen } from './support/pages.js';

/*
 * Past results come in from a CSV (Analytics → Import history…): the file another tool exported is
 * read in main, its rows matched to the brand's accounts, the rows it cannot use named with their
 * row numbers, and the numbers show at once. The built-in sandbox brings its own year by the same
 * door on first start, so comparing with the same days a year before has numbers straight away.
 */

async function openAnalytics(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('analytics-freshness')).toHaveText(/^As of [^·]+$/, { timeout: 30_000 });
}

const integer = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);

async function cardNumber(card: Locator): Promise<number> {
  const text = (await card.locator('.metric-card-value').textContent()) ?? '';
  return Number(text.replace(/[^\d.-]/g, ''));
}

test('a CSV of past results is imported from the Analytics screen, and its numbers show', async ({
  page,
  app,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  await openAnalytics(page);
  const brand = service.sandbox.organizations[0]!.brands[0]!;
  const x = brand.integrations.find((i) => i.platform === 'x')!;

  // Ten days, more than a year before the run's clock, as a scheduling tool exports them: its own
  // column names, a rate the app works out itself, and two rows that name no single account.
  const first = addDays(new Date().toISOString().slice(0, 10), -400);
  const lines = ['"Date","Profile","Network","Impressions","Followers","Engagement rate"'];
  for (let i = 0; i < 10; i++)
    lines.push(
      `"${addDays(first, i)}","${x.name}","Twitter","${integer(1000 + 10 * i)}","${500 + i}","1.2%"`,
    );
  lines.push(`"${first}","harbor.coffee","","5","5",""`);
  lines.push(`"${first}","Nobody Here","","5","5",""`);
  const path = test.info().outputPath('past-results.csv');
  await writeFile(path, `\uFEFF${lines.join('\r\n')}\r\n`);

  await app.registerFile(path, 'past-results.csv');
  await page.getByLabel('Import history from a CSV file').setInputFiles(path);
  const result = page.getByTestId('history-import-result');
  await expect(result).toContainText(`Imported 10 days for 1 account (${x.name} (X))`);
  await expect(result).toContainText('2 rows skipped');
  await expect(result.getByRole('list', { name: 'Rows skipped' }).getByRole('listitem')).toHaveText([
    /^Row 12: Several accounts of this brand are called "harbor\.coffee" \(on Instagram and Threads\); add a Platform column/,
    'Row 13: No account of this brand is called "Nobody Here".',
  ]);
  await expect(result).toContainText(
    'Columns not read: Engagement rate. Rates are worked out from their counts.',
  );
  await snap(page, 'analytics-import-result');

  // The imported days read like any kept day: counts add, followers are the last day's.
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom' });
  await page.getByLabel('From', { exact: true }).fill(first);
  await page.getByLabel('To', { exact: true }).fill(addDays(first, 9));
  await page.getByLabel('Add up by').selectOption('account');
  await page.getByLabel('Account', { exact: true }).selectOption(x.id);
  const report = page.locator('.analytics-report');
  await expect(report).toHaveAttribute('data-range-from', first);
  await expect(report).toHaveAttribute('data-range-to', addDays(first, 9));
  await expect(page.getByTestId('metric-impressions')).toContainText(integer(10 * 1000 + 10 * 45));
  await expect(page.getByTestId('metric-followers')).toContainText(integer(509));
  expect(await cardNumber(page.getByTestId('metric-impressions'))).toBe(10_450);

  // A file that is not a history file is refused whole, saying what to change; nothing is lost.
  const wrong = test.info().outputPath('not-history.csv');
  await writeFile(wrong, 'text,accounts,date\nHello,Harbor Coffee,2026-01-01\n');
  await app.registerFile(wrong, 'not-history.csv');
  await page.getByLabel('Import history from a CSV file').setInputFiles(wrong);
  await expect(page.getByRole('alert')).toContainText(
    'The history was not imported: The first row must name the columns, with one called Date and one called Account',
  );
  await expect(page.getByTestId('metric-impressions')).toContainText(integer(10_450));
});

test('the sandbox’s first start brings a year of history, so the same days a year before have numbers', async ({
  page,
}) => {
  await new WelcomeScreen(page).sandboxButton.click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await openAnalytics(page);
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last month' });
  const compare = page.getByLabel('Compare with');
  await expect(compare.locator('option[value="yearBefore"]')).toHaveText('The same days a year before');
  await compare.selectOption('yearBefore');
  await expect(page.locator('section.analytics[aria-busy="true"]')).toHaveCount(0);
  for (const metric of ['impressions', 'engagements', 'followers']) {
    const card = page.getByTestId(`metric-${metric}`);
    expect(await cardNumber(card)).toBeGreaterThan(0);
    // A change against the same days a year before, in words, not "no earlier number".
    await expect(card.locator('.metric-card-trend')).toContainText(/the same days a year before/);
  }
  await expect(page.getByText(/No history is kept for the same days a year before/)).toHaveCount(0);
  await snap(page, 'analytics-sandbox-year-before');
  // Every day of last month has data: the imported year meets the service’s own window.
  await expect(page.locator('.analytics-report')).toContainText(/All \d+ days have data\./);
});

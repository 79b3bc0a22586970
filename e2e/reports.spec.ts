import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { AnalyticsResponse } from '../shared/api/resources.js';
import { expect, test, type TestService } from './fixtures.js';
import { sandboxBrands } from './support/all-brands.js';
import { docsImage } from './support/docs-images.js';

/*
 * A manager sends each client last month's report: one brand's report saved as PDF, its pages kept
 * as pictures (e2e/screenshots/), and its totals read back with pdftotext equal to the sums of the
 * service's own daily numbers for that month; then the monthly reports of all three sandbox brands
 * written in one action into one folder.
 *
 * The clock stands on 2 March 2027: "last month" is February, and the service's 30-day window
 * (31 January to 2 March) holds every one of its 28 days, so the report's totals can be checked
 * against the service's own answer day by day.
 */

test.use({ clockAt: '2027-03-02T10:00:00Z' });

const MONTH = { from: '2027-02-01', to: '2027-02-28' };

/** The service's own answer for each account of a brand (accounts it refuses are left out). */
async function serviceAnswers(
  service: TestService,
  label: 'full-test' | 'other-org',
  brand: { id: string; integrations: { id: string }[] },
): Promise<AnalyticsResponse[]> {
  const answers: AnalyticsResponse[] = [];
  for (const i of brand.integrations) {
    const res = await fetch(
      `${service.baseUrl}/analytics/insights/profile?integrationId=${encodeURIComponent(i.id)}`,
      { headers: { authorization: `Bearer ${service.key(label)}`, 'x-brand-id': brand.id } },
    );
    if (res.status === 200) answers.push(AnalyticsResponse.parse(await res.json()));
  }
  return answers;
}

/** The month's totals from the service's daily numbers: counts add, followers are the last day's. */
function monthTotals(answers: readonly AnalyticsResponse[]) {
  let impressions = 0;
  let engagements = 0;
  let followers = 0;
  let days = 0;
  for (const a of answers) {
    const inMonth = (a.daily ?? []).filter((d) => d.date >= MONTH.from && d.date <= MONTH.to);
    days = Math.max(days, inMonth.length);
    for (const d of inMonth) {
      impressions += d.metrics.impressions ?? 0;
      engagements += d.metrics.engagements ?? 0;
    }
    followers += inMonth.at(-1)?.metrics.followers ?? 0;
  }
  return { impressions, engagements, followers, days, rate: engagements / impressions };
}

/** Opens Analytics and waits until the snapshot taken on connecting is kept. */
async function openAnalytics(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByTestId('analytics-freshness')).toHaveText(/^As of [^·]+$/, { timeout: 30_000 });
}

/** Serious or critical axe findings inside what `selector` matches (or the whole page). */
async function axeProblems(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (selector ? builder.include(selector) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes[0]?.html.slice(0, 200) ?? ''}`);
}

const grouped = (n: number) => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(n);

/** The number after a metric's name on its summary line of the PDF's text ("Impressions (views) 12,345 …"). */
function summaryNumber(text: string, name: string): string {
  const line = text.split('\n').find((l) => new RegExp(`^\\s*${name}\\b`).test(l));
  if (!line) throw new Error(`No line for ${name} in the report:\n${text}`);
  return (
    /(\d[\d,]*(?:\.\d+)?%?)/.exec(line.replace(/^\s*[A-Za-z ]+(\([^)]*\))?( at the end)?/, ''))?.[1] ?? ''
  );
}

test('one brand’s report of last month as PDF: its pages as pictures, its totals the service’s own sums', async ({
  page,
  app,
  service,
  connectWithSandboxKey,
}) => {
  test.skip(app.exportsDir === null, 'Needs the bridge: Chromium’s page.pdf() stands in for printToPDF.');
  test.setTimeout(120_000);
  await connectWithSandboxKey('full-test');
  const { harbor } = sandboxBrands(service);
  await openAnalytics(page);

  await page.getByRole('button', { name: 'Client report…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Client report' });
  await expect(dialog.getByLabel('Period', { exact: true })).toHaveValue('lastMonth');
  await expect(dialog.getByRole('checkbox', { name: harbor.name })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /^PDF/ })).toBeChecked();
  expect(await axeProblems(page, '.report-dialog')).toEqual([]);
  await docsImage(page, 'client-report-dialog');
  // Keyboard alone: the save button is reached and pressed with the keys.
  await dialog.getByRole('button', { name: 'Save report…' }).focus();
  await page.keyboard.press('Enter');
  const fileName = `${harbor.name} report 2027-02.pdf`;
  await expect(dialog.getByRole('status')).toHaveText(`Saved as “${fileName}”.`, { timeout: 30_000 });

  const pdfPath = join(app.exportsDir!, fileName);
  const pdf = await readFile(pdfPath);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // Every page as a picture, kept with the run's screenshots.
  execFileSync('pdftoppm', ['-png', '-r', '70', pdfPath, 'e2e/screenshots/client-report-page']);
  const pictures = (await readdir('e2e/screenshots')).filter((f) => f.startsWith('client-report-page'));
  expect(pictures.length).toBeGreaterThanOrEqual(2);

  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  expect(text).toContain(harbor.name);
  expect(text).toContain('Report for February 2027');
  expect(text).toContain('All 28 days have data.');
  for (const heading of [
    'Summary',
    'Charts',
    'Per platform',
    'Top posts',
    'Labels and campaigns',
    'Scheduled for March 2027',
  ])
    expect(text).toContain(heading);
  // Never a raw key, an id or an enum value.
  for (const raw of [
    'engagementRate',
    'linkedin-page',
    'lastMonth',
    harbor.id,
    ...harbor.integrations.map((i) => i.id),
  ])
    expect(text).not.toContain(raw);

  const expected = monthTotals(await serviceAnswers(service, 'full-test', harbor));
  expect(expected.days).toBe(28);
  expect(expected.impressions).toBeGreaterThan(0);
  expect(summaryNumber(text, 'Impressions')).toBe(grouped(expected.impressions));
  expect(summaryNumber(text, 'Engagements')).toBe(grouped(expected.engagements));
  expect(summaryNumber(text, 'Followers')).toBe(grouped(expected.followers));
  const rate = new Intl.NumberFormat('en-GB', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
  }).format(expected.rate);
  expect(summaryNumber(text, 'Engagement rate')).toBe(rate);
});

test('the monthly reports of all three sandbox brands, written in one action with a progress bar', async ({
  page,
  app,
  service,
}) => {
  test.skip(app.exportsDir === null, 'Needs the bridge: Chromium’s page.pdf() stands in for printToPDF.');
  test.setTimeout(120_000);
  const { harbor, pine, lumen } = sandboxBrands(service);
  for (const label of ['other-org', 'full-test'] as const) {
    const connected = await page.evaluate((input) => window.api.connectProfile(input), {
      baseUrl: service.baseUrl,
      apiKey: service.key(label),
      brandId: service.brandsOf(label)[0]?.id,
    });
    if (!connected.ok) throw new Error(connected.error.message);
  }
  await page.reload();
  await openAnalytics(page);

  await page.getByRole('button', { name: 'Monthly reports…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Monthly reports' });
  await expect(dialog.getByTestId('monthly-folder')).toHaveText('You choose the folder the first time.');
  await dialog.getByRole('checkbox', { name: /Write them on the first of each month/ }).check();
  await expect(dialog.getByRole('checkbox', { name: /Write them on the first of each month/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Choose a folder and write…' }).click();
  await expect(dialog.getByRole('status')).toHaveText('February 2027: 3 reports written.', {
    timeout: 60_000,
  });
  const files = [harbor, pine, lumen].map((b) => `${b.name} report 2027-02.pdf`).sort();
  await expect(dialog.getByRole('list', { name: 'Reports written' }).getByRole('listitem')).toHaveText(
    [...files].sort((a, b) => a.localeCompare(b)),
  );

  const folder = join(app.exportsDir!, 'monthly reports');
  expect((await readdir(folder)).sort()).toEqual(files);
  for (const f of files) expect((await readFile(join(folder, f))).subarray(0, 5).toString()).toBe('%PDF-');
  // Lumen's report holds Lumen's numbers (the brand of another connection, its own key).
  const lumenText = execFileSync('pdftotext', [
    '-layout',
    join(folder, `${lumen.name} report 2027-02.pdf`),
    '-',
  ]).toString();
  const lumenTotals = monthTotals(await serviceAnswers(service, 'other-org', lumen));
  expect(summaryNumber(lumenText, 'Impressions')).toBe(grouped(lumenTotals.impressions));

  // The progress bar's steps: one per brand, then done.
  const progress = (app.ipcEvents ?? [])
    .filter((e) => e.name === 'reportProgress')
    .map((e) => (e.payload as { done: number; total: number }).done);
  expect(progress).toEqual([0, 1, 2, 3]);

  // The folder and the option are kept; the month is marked written, so the first-of-month run waits for April.
  const settings = await page.evaluate(() => window.api.getReportSettings({}));
  if (!settings.ok) throw new Error(settings.error.message);
  expect(settings.value).toMatchObject({
    monthlyFolder: folder,
    onFirstOfMonth: true,
    lastMonthWritten: '2027-02',
  });
  await expect(dialog.getByTestId('monthly-folder')).toHaveText(`Folder: ${folder}`);
});

test('the report as one web page opens offline, loads nothing, and reads well to a screen reader', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  test.skip(app.exportsDir === null, 'Needs the bridge: the test folder holds the saved page.');
  test.setTimeout(90_000);
  await connectWithSandboxKey('full-test');
  await openAnalytics(page);
  await page.getByRole('button', { name: 'Client report…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Client report' });
  await dialog.getByRole('radio', { name: /^Web page/ }).check();
  await dialog.getByRole('checkbox', { name: 'Scheduled for next month' }).uncheck();
  await dialog.getByRole('button', { name: 'Save report…' }).click();
  const status = dialog.getByRole('status');
  await expect(status).toHaveText(/^Saved as “.+ report 2027-02\.html”\.$/, { timeout: 30_000 });
  const file = /“(.+)”/.exec(await status.innerText())![1]!;

  const context = await page.context().browser()!.newContext({ offline: true });
  try {
    const report = await context.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    report.on(
      'request',
      (r) => !r.url().startsWith('file:') && !r.url().startsWith('data:') && requests.push(r.url()),
    );
    // A blocked script or style (the page's policy) is reported as a console error.
    report.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await report.goto(pathToFileURL(join(app.exportsDir!, file)).href);
    await expect(report.getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible();
    await expect(report.getByRole('heading', { name: /Scheduled for/ })).toHaveCount(0);
    await expect(report.getByRole('img', { name: /^Impressions \(views\), per day/ })).toBeVisible();
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await docsImage(report, 'client-report');
    // The previews included: each network's hues, at 4.5:1 or more.
    const all = await new AxeBuilder({ page: report }).analyze();
    expect(
      all.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  } finally {
    await context.close();
  }
});

import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { AnalyticsResponse } from '../shared/api/resources.js';
import { dayOfInstant } from '../shared/analytics/ranges.js';
import type { SandboxKeyLabel } from '../server/sandbox-file.js';
import { expect, test, type TestService } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * A manager reads the numbers kept on this computer: every brand added up, one account against the
 * service's own answer, the posts of a period sortable, linked to the calendar and exported as CSV,
 * and the same numbers with the service out of reach. Nothing is seeded for this: main takes a
 * snapshot of every account right after connecting.
 */

async function insights(
  service: TestService,
  label: SandboxKeyLabel,
  integrationId: string,
): Promise<AnalyticsResponse> {
  const brand = service.brandsOf(label)[0]!;
  const res = await fetch(
    `${service.baseUrl}/analytics/insights/profile?integrationId=${encodeURIComponent(integrationId)}`,
    {
      headers: { authorization: `Bearer ${service.key(label)}`, 'x-brand-id': brand.id },
    },
  );
  expect(res.status).toBe(200);
  return AnalyticsResponse.parse(await res.json());
}

/** Opens Analytics and waits for the first snapshot to be kept ("As of 09:14", nothing running). */
async function openAnalytics(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('analytics-freshness')).toHaveText(/^As of [^·]+$/, { timeout: 30_000 });
}

async function showPeriod(page: Page, label: string) {
  await page.getByLabel('Period', { exact: true }).selectOption({ label });
  await expect(page.locator('section.analytics[aria-busy="true"]')).toHaveCount(0);
}

/** The roll-up, by its value: "all" reads "All brands" in the all-brands view, "All accounts" otherwise. */
async function addUpBy(page: Page, by: 'all' | 'brand' | 'account' | 'platform') {
  await page.getByLabel('Add up by').selectOption(by);
}

/** The days the report shows (its first and last day, as YYYY-MM-DD). */
async function shownRange(page: Page): Promise<{ from: string; to: string }> {
  const report = page.locator('.analytics-report');
  return {
    from: (await report.getAttribute('data-range-from'))!,
    to: (await report.getAttribute('data-range-to'))!,
  };
}

/** The zone the report reads days and hours in, as the best-time section states it. */
async function shownZone(page: Page): Promise<string> {
  const text = (await page.getByText(/Times are in /).textContent()) ?? '';
  return /Times are in ([^ ]+?)\./.exec(text)![1]!;
}

const integer = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);

/** The number on a metric card, as written ("12,345" → 12345). */
async function cardNumber(card: Locator): Promise<number> {
  const text = (await card.locator('.metric-card-value').textContent()) ?? '';
  return Number(text.replace(/[^\d.-]/g, ''));
}

test('each account shows the service’s own numbers for the period, and all accounts add them up', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  await openAnalytics(page);
  await showPeriod(page, 'Last 30 days');

  // Every account added up first (the page opens on it): one total over every kept account.
  await addUpBy(page, 'all');
  const allImpressions = await cardNumber(page.getByTestId('metric-impressions'));
  expect(allImpressions).toBeGreaterThan(0);
  await snap(page, 'analytics-all-brands');

  await addUpBy(page, 'account');
  const picker = page.getByLabel('Account');
  const ids = await picker
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  expect(ids.length).toBeGreaterThanOrEqual(2);

  let sum = 0;
  let checked = 0;
  for (const id of ids) {
    await picker.selectOption(id);
    const card = page.getByTestId('metric-impressions');
    await expect(card).toBeVisible();
    sum += await cardNumber(card);
    if (checked >= 3) continue;
    // The service's answer for the days shown: counts add, followers are the last day's.
    const expected = await insights(service, 'full-test', id);
    const range = await shownRange(page);
    const days = (expected.daily ?? []).filter((d) => d.date >= range.from && d.date <= range.to);
    if (days.length === 0) continue;
    checked += 1;
    const impressions = days.reduce((s, d) => s + (d.metrics.impressions ?? 0), 0);
    const engagements = days.reduce((s, d) => s + (d.metrics.engagements ?? 0), 0);
    await expect(card).toContainText(integer(impressions));
    await expect(page.getByTestId('metric-followers')).toContainText(
      integer(days[days.length - 1]!.metrics.followers!),
    );
    await expect(page.getByTestId('metric-followers')).toContainText('over the period');
    // Engagement rate over the period: engagements ÷ impressions, never a mean of daily rates.
    const rate = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 }).format(
      engagements / impressions,
    );
    await expect(page.getByTestId('metric-engagementRate')).toContainText(rate);

    const chart = page.getByRole('img', { name: 'Impressions per day' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('path.chart-line-current')).toHaveAttribute(
      'd',
      new RegExp(`^M[\\d.]+,[\\d.]+( L[\\d.]+,[\\d.]+){${days.length - 1}}$`),
    );
    // The table view of the same chart: one row per day with data.
    await page.getByRole('button', { name: 'Show Impressions per day as a table' }).click();
    await expect(page.getByRole('table', { name: 'Impressions per day' }).locator('tbody tr')).toHaveCount(
      days.length,
    );
    await page.getByRole('button', { name: 'Show Impressions per day as a chart' }).click();

    const zone = await shownZone(page);
    const inRange = expected.recentPosts.filter((p) => {
      const day = p.publishDate ? dayOfInstant(p.publishDate, zone) : null;
      return day !== null && day >= range.from && day <= range.to;
    });
    const rows = page.getByRole('region', { name: 'Posts of the period' }).locator('table tbody tr');
    if (inRange.length === 0) {
      await expect(page.getByText('No published posts in this period')).toBeVisible();
    } else {
      await expect(rows).toHaveCount(inRange.length);
    }
    await snap(page, `analytics-account-${checked}`);
  }
  expect(checked).toBeGreaterThanOrEqual(2);
  expect(sum).toBe(allImpressions);
});

test('the posts of the period sort by any column, by mouse or keyboard, and export as CSV', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  await openAnalytics(page);
  await showPeriod(page, 'Last 30 days');
  await addUpBy(page, 'account');
  const picker = page.getByLabel('Account');
  const ids = await picker
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const region = page.getByRole('region', { name: 'Posts of the period' });
  const table = region.locator('table');
  let chosen: string | null = null;
  for (const id of ids) {
    await picker.selectOption(id);
    await expect(page.locator('.analytics-report')).toBeVisible();
    if ((await table.locator('tbody tr').count()) >= 2) {
      chosen = id;
      break;
    }
  }
  expect(chosen, 'an account of the demo brand has published posts this month').not.toBeNull();
  const range = await shownRange(page);
  const zone = await shownZone(page);
  const posts = (await insights(service, 'full-test', chosen!)).recentPosts.filter((p) => {
    const day = p.publishDate ? dayOfInstant(p.publishDate, zone) : null;
    return day !== null && day >= range.from && day <= range.to;
  });
  const rowIds = () =>
    table.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-post-id')));

  const byImpressions = [...posts]
    .sort((a, b) => b.metrics.impressions! - a.metrics.impressions!)
    .map((p) => p.postId);
  const header = table.getByRole('columnheader', { name: 'Impressions' });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(rowIds).toEqual(byImpressions);
  // The keyboard works the same: Enter on the focused header flips the order.
  await header.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(rowIds).toEqual([...byImpressions].reverse());
  await snap(page, 'analytics-sorted');

  // The best post by engagements leads the top posts.
  const engagements = (m: Record<string, number>) =>
    m.engagements ?? (m.likes ?? 0) + (m.comments ?? 0) + (m.shares ?? 0) + (m.clicks ?? 0);
  const best = [...posts].sort((a, b) => engagements(b.metrics) - engagements(a.metrics))[0]!;
  await expect(
    page.getByRole('region', { name: 'Top and bottom posts' }).locator('tbody tr').first(),
  ).toHaveAttribute('data-post-id', best.postId);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    region.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^postdeck-.*-recent-posts-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Published,Post,Post ID,Link,Impressions,Likes,Comments,Shares,Clicks,Engagement rate',
  );
  expect(lines).toHaveLength(posts.length + 1);
  const first = posts[0]!;
  const line = lines.find((l) => l.includes(`,${first.postId},`));
  expect(line).toBeDefined();
  expect(line!.startsWith(`${first.publishDate},`)).toBe(true);
  expect(
    line!.endsWith(
      `,${first.metrics.impressions},${first.metrics.likes},${first.metrics.comments},${first.metrics.shares},${first.metrics.clicks},${first.metrics.engagementRate}`,
    ),
  ).toBe(true);

  // A post's text leads to it in the calendar, on its day, with its details open.
  await table
    .locator(`tr[data-post-id="${first.postId}"]`)
    .getByRole('button', { name: /./ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('dialog').or(page.getByRole('complementary'))).toContainText(
    (first.content ?? '').slice(0, 20),
  );
  await snap(page, 'analytics-post-in-calendar');
});

test('a key without analytics:read shows why analytics are unavailable and what to do', async ({
  page,
  connectWithSandboxKey,
}) => {
  // posts:write, media:write and brands:read: it connects, schedules and uploads, but reads no analytics.
  await connectWithSandboxKey('scheduler');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByText('This API key cannot read analytics')).toBeVisible();
  await expect(page.getByText('analytics:read', { exact: true })).toBeVisible();
  await snap(page, 'analytics-no-scope');
  await page.getByRole('button', { name: 'Go to Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test('with the service out of reach the kept numbers still show, after a reload too', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  await openAnalytics(page);
  await showPeriod(page, 'Last 30 days');
  await addUpBy(page, 'all');
  const kept = await cardNumber(page.getByTestId('metric-impressions'));
  const asOf = await page.getByTestId('analytics-freshness').textContent();

  await service.stop();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Analytics');
  await expect(page.getByTestId('analytics-freshness')).toHaveText(asOf!, { timeout: 30_000 });
  expect(await cardNumber(page.getByTestId('metric-impressions'))).toBe(kept);
  await snap(page, 'analytics-offline');

  // A period with nothing kept says so instead of showing zeros.
  await showPeriod(page, 'Custom');
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  await expect(page.locator('section.analytics[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText('No numbers kept for this period')).toBeVisible();
  await expect(page.getByText('No day of this period has data.')).toBeVisible();
  await service.start();
});

import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { AnalyticsResponse } from '../shared/api/resources.js';
import type { SandboxKeyLabel } from '../server/sandbox-file.js';
import { expect, test, type TestService } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * A manager checks how each account of a brand is doing: cards with trends, daily charts, recent
 * posts sortable and linked to the calendar, exported as CSV. The numbers on screen are compared
 * with the service's own answer for the same account.
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

function brandAccounts(service: TestService, label: SandboxKeyLabel) {
  const brandId = service.brandsOf(label)[0]!.id;
  for (const org of service.sandbox.organizations) {
    const brand = org.brands.find((b) => b.id === brandId);
    if (brand) return brand.integrations;
  }
  throw new Error('brand not in the sandbox');
}

async function openAnalytics(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
}

const integer = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);

test('several accounts show their cards, charts and recent posts as the service counts them', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  // Straight to analytics: the page learns the brand's accounts itself when the calendar has not yet.
  await openAnalytics(page);
  const picker = page.getByLabel('Account');
  await expect(picker).toBeVisible();

  const accounts = brandAccounts(service, 'full-test').filter((a) => !a.disconnected);
  const withPosts: string[] = [];
  let checked = 0;
  for (const account of accounts.slice(0, 4)) {
    const expected = await insights(service, 'full-test', account.id);
    const option = picker.locator(`option[value="${account.id}"]`);
    if ((await option.count()) === 0) continue; // not learned from this month's posts
    await picker.selectOption(account.id);
    checked += 1;

    await expect(page.getByTestId('metric-followers')).toContainText(integer(expected.profile.followers!));
    await expect(page.getByTestId('metric-impressions')).toContainText(
      integer(expected.profile.impressions!),
    );
    await expect(page.getByTestId('metric-engagementRate')).toContainText('%');
    const trend =
      expected.profile.followers! > expected.previous!.followers!
        ? 'up from'
        : expected.profile.followers! < expected.previous!.followers!
          ? 'down from'
          : 'Unchanged';
    await expect(page.getByTestId('metric-followers')).toContainText(trend);

    const chart = page.getByRole('img', { name: 'Impressions per day' });
    await expect(chart).toBeVisible();
    await expect(chart.locator('path.chart-line')).toHaveAttribute(
      'd',
      /^M[\d.]+,[\d.]+( L[\d.]+,[\d.]+){29}$/,
    );

    const rows = page.locator('table.recent-posts tbody tr');
    if (expected.recentPosts.length === 0) {
      await expect(page.getByText('No published posts in the last 30 days')).toBeVisible();
    } else {
      await expect(rows).toHaveCount(expected.recentPosts.length);
      withPosts.push(account.id);
    }
    await snap(page, `analytics-${checked}-${account.platform}`);
  }
  expect(checked).toBeGreaterThanOrEqual(2);
  expect(withPosts.length).toBeGreaterThanOrEqual(1);
});

test('the recent posts table sorts by any column, by mouse or keyboard, and exports as CSV', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  await openAnalytics(page);
  const picker = page.getByLabel('Account');
  await expect(picker.locator('option').first()).toBeAttached();
  const ids = await picker
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  let expected: AnalyticsResponse | null = null;
  for (const id of ids) {
    const answer = await insights(service, 'full-test', id);
    if (answer.recentPosts.length >= 2) {
      expected = answer;
      await picker.selectOption(id);
      break;
    }
  }
  expect(expected, 'an account of the demo brand has published posts').not.toBeNull();
  const posts = expected!.recentPosts;
  const table = page.locator('table.recent-posts');
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

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
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
  await openAnalytics(page);
  await expect(page.getByText('This API key cannot read analytics')).toBeVisible();
  await expect(page.getByText('analytics:read', { exact: true })).toBeVisible();
  await snap(page, 'analytics-no-scope');
  await page.getByRole('button', { name: 'Go to Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test('an account without published posts says so; a service out of reach says what to do and retries', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const quiet = brandAccounts(service, 'full-test').find((a) => a.disconnected)!;
  expect((await insights(service, 'full-test', quiet.id)).recentPosts).toHaveLength(0);
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  // Known to the app whether or not the calendar has met it yet.
  await page.evaluate(
    (a) => window.api.addIntegration({ id: a.id, platform: a.platform, name: a.name }),
    quiet,
  );
  await openAnalytics(page);
  const picker = page.getByLabel('Account');
  await expect(picker.locator(`option[value="${quiet.id}"]`)).toBeAttached();
  await picker.selectOption(quiet.id);
  await expect(page.getByText('No published posts in the last 30 days')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByText('This account is disconnected')).toBeVisible();
  await snap(page, 'analytics-empty');

  await service.stop();
  // An account not shown yet (a report seen before stays on screen from the cache).
  const other = await picker.locator(`option:not([value="${quiet.id}"])`).last().getAttribute('value');
  await picker.selectOption(other!);
  const failure = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  await expect(failure).toContainText(/reach|offline|connection/i);
  await snap(page, 'analytics-error');

  await service.start();
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('metric-followers')).toBeVisible({ timeout: 20_000 });
});

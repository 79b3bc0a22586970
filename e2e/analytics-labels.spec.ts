import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { AnalyticsHistory, PostResults } from '../shared/analytics/ipc.js';
import { postEngagements } from '../shared/analytics/rollup.js';
import { expect, test } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * A manager labels some published posts and reads their results: "Add up by Label" adds up the
 * posts that carry the label (an account's days cannot be split by label), the same label as a
 * campaign, the by-label table with its total, a top post opening in the calendar, the best time
 * to post resting on every kept post, and a chart read with the keyboard. Pictures at both sizes,
 * light and dark, with axe in each theme.
 */

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
] as const;

/** Scrolls the page's own scrolling area (not the window) so the part shown starts near the top. */
async function scrollTo(part: Locator): Promise<void> {
  await part.evaluate((el) => {
    let box = el.parentElement;
    while (
      box &&
      !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY))
    )
      box = box.parentElement;
    if (box) box.scrollTop += el.getBoundingClientRect().top - box.getBoundingClientRect().top - 24;
  });
}

async function shots(page: Page, name: string, part?: Locator): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      if (part) await scrollTo(part);
      await snap(page, `analytics-${name}-${theme}-${size.width}x${size.height}`);
    }
    const { violations } = await new AxeBuilder({ page }).include('section.analytics').analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      blocking.map((v) => `${theme} ${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize(SIZES[1]);
}

async function openAnalytics(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('analytics-freshness')).toHaveText(/^As of [^·]+$/, { timeout: 30_000 });
}

async function settled(page: Page) {
  await expect(page.locator('section.analytics[aria-busy="true"]')).toHaveCount(0);
}

/** The number on a metric card, as written ("12,345" → 12345). */
async function cardNumber(card: Locator): Promise<number> {
  const text = (await card.locator('.metric-card-value').textContent()) ?? '';
  return Number(text.replace(/[^\d.-]/g, ''));
}

/** A result of main, or the test fails with its sentence. */
function ok<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const integer = (n: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(n);
const percent = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 }).format(n);

test('posts labelled in the calendar add up by label and by campaign; a top post opens in the calendar', async ({
  page,
  connectWithSandboxKey,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(SIZES[1]);
  await connectWithSandboxKey('full-test');
  await openAnalytics(page);
  await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 30 days' });
  await settled(page);
  const report = page.locator('.analytics-report');
  const range = {
    from: (await report.getAttribute('data-range-from'))!,
    to: (await report.getAttribute('data-range-to'))!,
  };

  // The posts of the period as main keeps them (the screen's own source), each with its account.
  const kept: AnalyticsHistory = ok(
    await page.evaluate((input) => window.api.getAnalyticsHistory(input), range),
  );
  // Days strictly inside the period: its first and last day depend on the zone the screen reads.
  const inPeriod = kept.accounts
    .flatMap((a) => a.posts)
    .filter((p) => p.publishDate !== null)
    .filter((p) => p.publishDate!.slice(0, 10) > range.from && p.publishDate!.slice(0, 10) < range.to);
  const published = inPeriod
    .filter((p) => postEngagements(p.metrics) !== null)
    .sort((a, b) => (a.publishDate! < b.publishDate! ? -1 : 1));
  expect(published.length, 'the sandbox has published posts in the last 30 days').toBeGreaterThanOrEqual(4);
  // Posts of one group share their labels: label whole groups, and count every post they hold.
  const subject = (p: PostResults) => p.group ?? p.postId;
  const groups = [...new Set(published.map(subject))];
  const springGroups = new Set(groups.filter((_, i) => i % 2 === 0).slice(0, 4));
  const tipsGroups = new Set(
    [...springGroups].slice(0, 1).concat(groups.filter((_, i) => i % 2 === 1).slice(0, 2)),
  );

  const spring = ok(
    await page.evaluate((input) => window.api.saveLabel(input), {
      name: 'Spring sale',
      color: 'green' as const,
      campaign: { start: range.from, end: range.to },
    }),
  );
  const tips = ok(
    await page.evaluate((input) => window.api.saveLabel(input), {
      name: 'Tips',
      color: 'blue' as const,
      campaign: null,
    }),
  );
  ok(
    await page.evaluate((input) => window.api.setPostLabels(input), {
      subjects: [...springGroups],
      add: [spring.id],
      remove: [],
    }),
  );
  ok(
    await page.evaluate((input) => window.api.setPostLabels(input), {
      subjects: [...tipsGroups],
      add: [tips.id],
      remove: [],
    }),
  );

  const springPosts = inPeriod.filter((p) => springGroups.has(subject(p)));
  const tipsPosts = inPeriod.filter((p) => tipsGroups.has(subject(p)));
  const anyPosts = inPeriod.filter((p) => springGroups.has(subject(p)) || tipsGroups.has(subject(p)));
  const sum = (ps: PostResults[], f: (p: PostResults) => number) => ps.reduce((s, p) => s + f(p), 0);
  const impressions = (ps: PostResults[]) => sum(ps, (p) => p.metrics.impressions ?? 0);
  const engagements = (ps: PostResults[]) => sum(ps, (p) => postEngagements(p.metrics) ?? 0);

  // Add up by Label: the posts of the period that carry it, said plainly.
  await page.reload();
  await openAnalytics(page);
  await page.getByLabel('Add up by').selectOption('label');
  await page.getByLabel('Label', { exact: true }).selectOption({ label: 'Spring sale' });
  await settled(page);
  await expect(page.getByTestId('analytics-label-headline')).toHaveText(
    `Spring sale Results of the ${springPosts.length} posts labelled Spring sale`,
  );
  expect(await cardNumber(page.getByTestId('metric-impressions'))).toBe(impressions(springPosts));
  expect(await cardNumber(page.getByTestId('metric-posts'))).toBe(springPosts.length);
  // The engagement rate of the label: its posts' engagements over their impressions, not a mean.
  await expect(page.getByTestId('metric-engagementRate')).toContainText(
    percent(engagements(springPosts) / impressions(springPosts)),
  );
  await expect(page.getByRole('img', { name: 'Impressions by day published' })).toBeVisible();
  const region = page.getByRole('region', { name: 'Posts of the period' });
  await expect(region.locator('tbody tr')).toHaveCount(springPosts.length);
  // The best time rests on every kept post of the label, and says so.
  await expect(
    page.getByText(/Counted over every post kept on this computer: \d+ posts? since \w+ \d{4}\./),
  ).toBeVisible();

  // A chart read with the keyboard: the arrow keys walk the days, each read out.
  const chart = page.getByRole('img', { name: 'Impressions by day published' });
  await chart.focus();
  await page.keyboard.press('Home');
  await expect(page.locator('.chart-tooltip')).toHaveCount(1);
  await expect(chart.locator('..').locator('[aria-live="polite"]')).toHaveText(/^\w+ \d+: [\d,]+/);
  await shots(page, 'label-rollup');

  // The same label is a campaign (it has days).
  await page.getByLabel('Add up by').selectOption('campaign');
  await page.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Spring sale' });
  await settled(page);
  await expect(page.getByTestId('analytics-label-headline')).toContainText(
    `Results of the ${springPosts.length} posts of the Spring sale campaign`,
  );
  await expect(page.locator('.analytics-range')).toContainText('The campaign runs');
  expect(await cardNumber(page.getByTestId('metric-impressions'))).toBe(impressions(springPosts));

  // All accounts: the by-label table, a post with both labels once in the total.
  await page.getByLabel('Add up by').selectOption('all');
  await settled(page);
  const byLabel = page.getByRole('region', { name: 'By label' });
  const row = (key: string) => byLabel.locator(`tr[data-label-key="${key}"]`);
  await expect(row('spring sale').locator('td').first()).toHaveText(String(springPosts.length));
  await expect(row('tips').locator('td').first()).toHaveText(String(tipsPosts.length));
  await expect(row('').locator('td').first()).toHaveText(String(anyPosts.length));
  expect(anyPosts.length).toBeLessThan(springPosts.length + tipsPosts.length);
  await expect(row('').locator('td').nth(1)).toHaveText(integer(impressions(anyPosts)));
  await shots(page, 'by-label', byLabel);

  // A top post of the label opens in the calendar on its day, with its details open.
  await page.getByLabel('Add up by').selectOption('label');
  await page.getByLabel('Label', { exact: true }).selectOption({ label: 'Spring sale' });
  await settled(page);
  const ranked = page.getByRole('region', { name: 'Top and bottom posts' });
  // Most engagements first; a tie goes to the later post, as the screen ranks them.
  const best = [...springPosts]
    .filter((p) => postEngagements(p.metrics) !== null)
    .sort(
      (a, b) =>
        postEngagements(b.metrics)! - postEngagements(a.metrics)! ||
        (b.publishDate! > a.publishDate! ? 1 : b.publishDate! < a.publishDate! ? -1 : 0) ||
        (a.postId < b.postId ? -1 : 1),
    )[0]!;
  const first = ranked.locator('tbody tr').first();
  await expect(first).toHaveAttribute('data-post-id', best.postId);
  // The keyboard opens it as the mouse does.
  await first.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('dialog').or(page.getByRole('complementary'))).toContainText(
    best.content.trim().slice(0, 20),
  );
  await snap(page, 'analytics-label-top-post-in-calendar');

  // A bottom post opens the same way (all accounts have more posts than the five best).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await page.getByLabel('Add up by').selectOption('all');
  await settled(page);
  const bottom = page
    .getByRole('region', { name: 'Top and bottom posts' })
    .getByRole('table', { name: 'Bottom posts, by engagements' })
    .locator('tbody tr')
    .first();
  const worstId = await bottom.getAttribute('data-post-id');
  const worst = kept.accounts.flatMap((a) => a.posts).find((p) => p.postId === worstId);
  expect(worst, 'the worst post is one main keeps').toBeDefined();
  await bottom.getByRole('button').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByRole('dialog').or(page.getByRole('complementary'))).toContainText(
    worst!.content.trim().slice(0, 20),
  );
});

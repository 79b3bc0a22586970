import type { Page } from '@playwright/test';
import { AnalyticsResponse } from '../shared/api/resources.js';
import { bestTimeHeatmap, topHoursAsSlots, wallSlot } from '../shared/analytics/best-time.js';
import { WEEKDAY_NAMES } from '../shared/queue/slots.js';
import { createOnService, expect, test, type TestService } from './fixtures.js';
import { snap } from './support/pages.js';

/*
 * "Best time to post" against the local service's own analytics: the table counts the posts the
 * service reports in the hours of the brand's zone, says plainly when there is too little data,
 * and once an account has enough posts "Use as queue slots" opens the slot editor on its best
 * hours, saving nothing until the user confirms.
 */

/** An hour as the heatmap names it on the user's clock: "09:00" (24-hour) or "9 AM" (12-hour). */
function hourPattern(hour: number): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `(?:${String(hour).padStart(2, '0')}:00|${h12}\\s?${hour < 12 ? 'AM' : 'PM'})`;
}

/** A queue slot's time as the Queue shows it: "09:00" or "9:00 AM". */
function slotTime(hour: number): RegExp {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return new RegExp(`^(?:${String(hour).padStart(2, '0')}:00|${h12}:00\\s?${hour < 12 ? 'AM' : 'PM'})$`);
}

async function insights(service: TestService, integrationId: string): Promise<AnalyticsResponse> {
  const brand = service.brandsOf('full-test')[0]!;
  const res = await fetch(
    `${service.baseUrl}/analytics/insights/profile?integrationId=${encodeURIComponent(integrationId)}`,
    { headers: { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brand.id } },
  );
  expect(res.status).toBe(200);
  return AnalyticsResponse.parse(await res.json());
}

function xAccount(service: TestService) {
  const brandId = service.brandsOf('full-test')[0]!.id;
  const brand = service.sandbox.organizations.flatMap((o) => o.brands).find((b) => b.id === brandId)!;
  return brand.integrations.find((i) => i.platform === 'x' && !i.disconnected)!;
}

/** The kept history no longer being read: "As of 09:14", with no "updating now". */
async function settled(page: Page) {
  await expect(page.getByTestId('analytics-freshness')).toHaveText(/^As of [^·]+$/, { timeout: 30_000 });
}

async function openBestTime(page: Page, integrationId: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await settled(page);
  await page.getByLabel('Add up by').selectOption({ label: 'Account' });
  await page.getByLabel('Account').selectOption(integrationId);
  const section = page.getByRole('region', { name: 'Best time to post' });
  await expect(section).toBeVisible();
  return section;
}

/** The brand's zone, as the section states it ("Times are in …"). */
async function zoneOf(section: ReturnType<Page['getByRole']>): Promise<string> {
  const text = (await section.getByText(/Times are in /).textContent()) ?? '';
  return /Times are in ([^ ]+?)\./.exec(text)![1]!;
}

test('the heatmap counts the sandbox’s posts in the brand’s hours and says when data is too little', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const account = xAccount(service);
  const expected = await insights(service, account.id);
  expect(expected.recentPosts.length).toBeGreaterThan(0);
  const section = await openBestTime(page, account.id);
  const zone = await zoneOf(section);
  const heat = bestTimeHeatmap(expected.recentPosts, zone);

  await expect(section.getByRole('status')).toContainText(`From ${heat.used} published post`);
  await expect(section.getByRole('status')).toContainText('Too little data');
  await expect(section.getByRole('button', { name: 'Use as queue slots' })).toBeDisabled();
  const table = section.getByRole('table', { name: /by weekday and hour/ });
  for (const p of expected.recentPosts) {
    const at = wallSlot(p.publishDate, zone)!;
    const cell = heat.cells[at.weekday]![at.hour]!;
    const label = `${WEEKDAY_NAMES[at.weekday]} ${hourPattern(at.hour)}`;
    const td = table.getByRole('cell', { name: new RegExp(`^${label}: mean engagement rate`) });
    await expect(td).toContainText(`×${cell.count}`);
    await expect(td).toContainText(`${(cell.mean! * 100).toFixed(1)}%`);
  }
  // Every other hour says it has no posts.
  const filled = heat.cells.flat().filter((c) => c.count > 0).length;
  await expect(table.getByRole('cell', { name: /: no posts$/ })).toHaveCount(7 * 24 - filled);
  await section.scrollIntoViewIfNeeded();
  await snap(page, 'best-time-too-little');
});

test('with enough posts, Use as queue slots fills the slot editor with the best hours, unsaved until confirmed', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const account = xAccount(service);
  // What the snapshot taken on connecting kept: its posts stay in the history beside the new ones.
  const before = await insights(service, account.id);
  // Ten posts published now: the service reports them as the account's recent posts, all in this hour.
  for (let i = 0; i < 10; i++) {
    const res = await createOnService(service, {
      type: 'now',
      date: new Date().toISOString(),
      shortLink: false,
      posts: [
        {
          integration: { id: account.id },
          value: [{ content: `Best time check ${i}` }],
          settings: { __type: 'x' },
        },
      ],
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  }
  await expect
    .poll(
      async () =>
        (await insights(service, account.id)).recentPosts.filter((p) =>
          p.content?.startsWith('Best time check'),
        ).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(10);
  const expected = await insights(service, account.id);

  const section = await openBestTime(page, account.id);
  // The new posts are kept once a snapshot reads them.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await settled(page);
  const zone = await zoneOf(section);
  const kept = new Map([...before.recentPosts, ...expected.recentPosts].map((p) => [p.postId, p]));
  const heat = bestTimeHeatmap([...kept.values()], zone);
  expect(heat.status).toBe('ok');
  const best = heat.top[0]!;
  const hour = hourPattern(best.hour);
  const day = WEEKDAY_NAMES[best.weekday]!;
  await expect(section.getByRole('status')).toContainText('The best hours');
  await expect(
    section.getByRole('cell', { name: new RegExp(`^${day} ${hour}: .*one of the best hours$`) }),
  ).toContainText(`×${best.count}`);
  await section.scrollIntoViewIfNeeded();
  await snap(page, 'best-time-enough');

  await section.getByRole('button', { name: 'Use as queue slots' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeVisible();
  const proposal = page.getByRole('region', { name: 'Proposed slots' });
  await expect(proposal).toContainText('not saved yet');
  await expect(page.getByLabel('Account', { exact: true })).toHaveValue(account.id);
  await expect(page.getByRole('group', { name: day }).getByText(slotTime(best.hour))).toBeVisible();
  await snap(page, 'best-time-proposed-slots');

  // Nothing is saved yet: main still has the account following the brand default.
  expect(
    (await page.evaluate((id) => window.api.getQueueSlots({ integrationId: id }), account.id)) as unknown,
  ).toMatchObject({
    ok: true,
    value: { inherited: true },
  });
  await proposal.getByRole('button', { name: 'Save these slots' }).click();
  await expect(proposal).toBeHidden();
  await expect
    .poll(async () => page.evaluate((id) => window.api.getQueueSlots({ integrationId: id }), account.id))
    .toMatchObject({ ok: true, value: { inherited: false, slots: topHoursAsSlots(heat) } });
  await expect(page.getByRole('group', { name: day }).getByText(slotTime(best.hour))).toBeVisible();
});

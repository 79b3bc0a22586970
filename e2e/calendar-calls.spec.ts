import type { Page } from '@playwright/test';
import type { CalendarPost } from '../shared/ipc/models.js';
import { startFaultProxy, type FaultProxy } from '../test/support/fault-proxy.js';
import { expect, test, type TestService } from './fixtures.js';

/*
 * Issue 16's measure of the data flow, counted where it happens: the calls the page makes to main
 * (the bridge records them), the events main sends, and the requests main sends the service (a
 * proxy with no faults, between the two, logs them). Main is the one source of truth: a drag is one
 * call answered with the post as main shows it; the confirmation comes back as events, not reads.
 */

const NY = 'America/New_York';
const DAY = 86_400_000;
const listsPosts = (r: { method: string; url: string }) => r.method === 'GET' && /\/posts\?/.test(r.url);

async function connectThroughProxy(page: Page, service: TestService): Promise<FaultProxy> {
  const proxy = await startFaultProxy({ target: service.baseUrl, seed: 16, rate: 0 });
  const connected = await page.evaluate((input) => window.api.connectProfile(input), {
    baseUrl: proxy.baseUrl,
    apiKey: service.key('full-test'),
    brandId: service.brandsOf('full-test')[0]?.id,
  });
  if (!connected.ok) throw new Error(connected.error.message);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  await expect(page.locator('[data-post-id]').first()).toBeVisible();
  return proxy;
}

/** Resolves once neither the page nor main has done anything for `quietMs`. */
async function quiet(proxy: FaultProxy, calls: string[], quietMs = 2_000): Promise<void> {
  await expect
    .poll(
      async () => {
        const before = proxy.log.length + calls.length;
        await new Promise((r) => setTimeout(r, quietMs));
        return proxy.log.length + calls.length === before;
      },
      { timeout: 60_000, intervals: [0] },
    )
    .toBe(true);
}

const nyDay = (instant: string) =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: NY, day: 'numeric' }).format(new Date(instant)));

test.describe('the calendar asks main once and main tells it what changed', () => {
  // Main's cadence stays out of the measured windows here; the idle test below sets its own.
  test.use({ pullEveryMs: 10 * 60_000 });

  test('one drag is one IPC call, at most two events and one PUT, and no GET /posts of its own', async ({
    page,
    service,
    ipcCalls,
    ipcEvents,
  }) => {
    test.skip(ipcCalls === null || ipcEvents === null, 'counting calls needs the browser bridge');
    test.setTimeout(120_000);
    const proxy = await connectThroughProxy(page, service);
    try {
      await page.getByLabel('Brand time zone').selectOption(NY);
      await page
        .getByRole('group', { name: 'View' })
        .getByRole('button', { name: 'Month', exact: true })
        .click();
      await quiet(proxy, ipcCalls!);

      // A future post of one account, visible in this month, with a later day of the month to go to.
      const shownIds = await page
        .locator('[data-calendar-view="month"] [data-post-id]')
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-post-id')));
      const range = await page.evaluate((input) => window.api.listPosts(input), {
        start: new Date().toISOString(),
        end: new Date(Date.now() + 40 * DAY).toISOString(),
      });
      if (!range.ok) throw new Error(range.error.message);
      const lastDay = Number(
        await page.locator('[data-day]:not([data-outside]) [data-day-number]').last().innerText(),
      );
      const post = range.value.posts.find(
        (p: CalendarPost) =>
          shownIds.includes(p.id) &&
          p.state === 'scheduled' &&
          p.groupSize === 1 &&
          Date.parse(p.publishDate) > Date.now() + DAY &&
          nyDay(p.publishDate) < lastDay,
      );
      test.skip(!post, 'no single-account post of this month to drag (the month is nearly over)');
      await quiet(proxy, ipcCalls!);

      const calls = ipcCalls!.length;
      const events = ipcEvents!.length;
      const requests = proxy.log.length;
      const target = nyDay(post!.publishDate) + 1;
      const cell = page
        .locator('[data-post-box]')
        .filter({ has: page.locator(`[data-post-id="${post!.id}"]`) });
      const box = (await cell.boundingBox())!;
      const to = await page.evaluate((day) => {
        const cells = [
          ...document.querySelectorAll<HTMLElement>('[data-day]:not([data-outside]) [data-day-number]'),
        ];
        const rect = cells.find((c) => Number(c.innerText.trim()) === day)!.getBoundingClientRect();
        return { x: rect.left + rect.width / 2, y: rect.bottom + 40 };
      }, target);
      await page.mouse.move(box.x + Math.min(24, box.width / 2), box.y + 5);
      await page.mouse.down();
      await page.mouse.move(box.x + 30, box.y + 11, { steps: 3 });
      await page.mouse.move(to.x, to.y + 5, { steps: 15 });
      await page.mouse.up();
      await expect(page.locator('.notice-card').filter({ hasText: 'Moved' })).toBeVisible();

      // Confirmed by the service: main's syncStatus says nothing waits any more.
      await expect
        .poll(() =>
          ipcEvents!
            .slice(events)
            .some((e) => e.name === 'syncStatus' && (e.payload as { pending: number }).pending === 0),
        )
        .toBe(true);
      await quiet(proxy, ipcCalls!);
      const madeCalls = ipcCalls!.slice(calls);
      const sentEvents = ipcEvents!.slice(events).map((e) => e.name);
      const sent = proxy.log.slice(requests);
      console.log(
        `one drag: ${madeCalls.length} IPC call(s) [${madeCalls.join(', ')}], ${sentEvents.length} event(s) [${sentEvents.join(', ')}], ` +
          `${sent.length} request(s) [${sent.map((r) => `${r.method} ${r.url.split('?')[0]}`).join(', ')}]`,
      );
      expect(madeCalls).toEqual(['reschedulePost']);
      expect(sentEvents.length).toBeLessThanOrEqual(2);
      expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
      expect(sent.filter(listsPosts)).toEqual([]);
      // The post shows where it went, no longer pending, without the calendar reading the month again.
      // A full day draws only the posts that fit: the moved one may sit behind its "+N more".
      const moved = page.locator(`[data-post-id="${post!.id}"]`);
      if ((await moved.count()) === 0) {
        const day = page.locator('[role="cell"][data-day-index]:not([data-outside])').filter({
          has: page.locator('[data-day-number]', { hasText: new RegExp(`^${target}$`) }),
        });
        await day.locator('[data-more-posts]').click();
      }
      await expect(moved).not.toHaveAttribute('aria-label', /pending/);
    } finally {
      await proxy.close();
    }
  });
});

test.describe('an idle calendar', () => {
  test.use({ pullEveryMs: 1_500 });

  test('makes no IPC calls while main pulls on its cadence and finds nothing new', async ({
    page,
    service,
    ipcCalls,
  }) => {
    test.skip(ipcCalls === null, 'counting calls needs the browser bridge');
    test.setTimeout(90_000);
    const proxy = await connectThroughProxy(page, service);
    try {
      await quiet(proxy, ipcCalls!, 500);
      const calls = ipcCalls!.length;
      const pullsBefore = proxy.log.filter(listsPosts).length;
      await page.waitForTimeout(6_000);
      const pulls = proxy.log.filter(listsPosts).length - pullsBefore;
      console.log(`idle 6 s: ${ipcCalls!.length - calls} IPC call(s), ${pulls} cadence pull(s) by main`);
      expect(pulls).toBeGreaterThan(0);
      expect(ipcCalls!.slice(calls)).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});

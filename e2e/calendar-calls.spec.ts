import type { Page } from '@playwright/test';
import type { CalendarPost } from '../shared/posts/ipc.js';
import { startFaultProxy, type FaultProxy } from '../test/support/fault-proxy.js';
import { expect, test, type TestService } from './fixtures.js';
import { instantToWall, wallDateKey } from '../renderer/calendar/time.js';
import { activeBrandId, CalendarPage, expectServiceDate, pickZone, ServiceView } from './support/calendar.js';
import type { PostListItem } from '../shared/api/resources.js';

/*
 * Issue 16's measure of the data flow, counted where it happens: the calls the page makes to main
 * (the bridge records them), the events main sends, and the requests main sends the service (a
 * proxy with no faults, between the two, logs them). Main is the one source of truth: a drag is one
 * call answered with the post as main shows it; the confirmation comes back as events, not reads. A
 * shift-drag of a group is one call too (one change in main, not a call per post), and so is its undo.
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

/** The New York day after an instant's, as the month grid keys its days ("2026-12-01"). */
const nextNyDay = (instant: string) => {
  const wall = instantToWall(Date.parse(instant), NY);
  return wallDateKey(new Date(wall.getFullYear(), wall.getMonth(), wall.getDate() + 1));
};

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
      await pickZone(page.getByRole('combobox', { name: 'Brand time zone' }), NY);
      await page
        .getByRole('group', { name: 'View' })
        .getByRole('button', { name: 'Month', exact: true })
        .click();
      await quiet(proxy, ipcCalls!);

      // The month ten days ahead (New York) has days to come whatever today is: at a month's end
      // this month shows a day or two more, which may hold no post that can move.
      await page.getByLabel('Jump to date').fill(wallDateKey(instantToWall(Date.now() + 10 * DAY, NY)));
      // A future post of one account drawn in the grid, whose next day the grid shows too (the
      // days of the months either side included).
      const grid = await page.locator('[data-calendar-view="month"] [data-day]').evaluateAll((cells) =>
        cells.map((c) => ({
          day: c.getAttribute('data-day')!,
          posts: [...c.querySelectorAll('[data-post-id]')].map((p) => p.getAttribute('data-post-id')),
        })),
      );
      const days = new Set(grid.map((d) => d.day));
      const shownIds = new Set(grid.flatMap((d) => d.posts));
      const range = await page.evaluate((input) => window.api.listPosts(input), {
        start: new Date().toISOString(),
        end: new Date(Date.now() + 60 * DAY).toISOString(),
      });
      if (!range.ok) throw new Error(range.error.message);
      const post = range.value.posts.find(
        (p: CalendarPost) =>
          shownIds.has(p.id) &&
          p.state === 'scheduled' &&
          p.groupSize === 1 &&
          Date.parse(p.publishDate) > Date.now() + DAY &&
          days.has(nextNyDay(p.publishDate)),
      );
      if (!post) throw new Error(`No single-account future post drawn in the month of ${[...days][10]}`);
      await quiet(proxy, ipcCalls!);

      const calls = ipcCalls!.length;
      const events = ipcEvents!.length;
      const requests = proxy.log.length;
      const cell = page
        .locator('[data-post-box]')
        .filter({ has: page.locator(`[data-post-id="${post.id}"]`) });
      const box = (await cell.boundingBox())!;
      const number = (await page
        .locator(`[data-day="${nextNyDay(post.publishDate)}"] [data-day-number]`)
        .boundingBox())!;
      const to = { x: number.x + number.width / 2, y: number.y + number.height + 40 };
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
      // A drag is one change in main (one batch, which Ctrl/Cmd+Z takes back): one call.
      expect(madeCalls).toEqual(['applyBulkChange']);
      expect(sentEvents.length).toBeLessThanOrEqual(2);
      expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
      expect(sent.filter(listsPosts)).toEqual([]);
      // The post shows where it went, no longer pending, without the calendar reading the month again.
      // A full day draws only the posts that fit: the moved one may sit behind its "+N more".
      const moved = page.locator(`[data-post-id="${post.id}"]`);
      if ((await moved.count()) === 0) {
        await page.locator(`[data-day="${nextNyDay(post.publishDate)}"] [data-more-posts]`).click();
      }
      await expect(moved).not.toHaveAttribute('aria-label', /pending/);
    } finally {
      await proxy.close();
    }
  });
});

test.describe('a group move is one change', () => {
  test.use({ pullEveryMs: 10 * 60_000 });

  test('a shift-drag of a group is one IPC call, and Ctrl+Z takes the whole group back in one more', async ({
    page,
    service,
    connectWithSandboxKey,
    ipcCalls,
  }) => {
    test.skip(ipcCalls === null, 'counting calls needs the browser bridge');
    test.setTimeout(120_000);
    await connectWithSandboxKey();
    const cal = new CalendarPage(page);
    await expect(cal.screen).toBeVisible();
    const svc = ServiceView.of(service, await activeBrandId(page));
    await cal.setZone(NY);
    const now = Date.now();
    const groupOf = new Map<string, PostListItem[]>();
    for (const p of await svc.posts(now, now + 14 * DAY))
      if (p.group) groupOf.set(p.group, [...(groupOf.get(p.group) ?? []), p]);
    const group = [...groupOf.values()].find(
      (g) => g.length > 2 && g.every((p) => p.state === 'scheduled' && Date.parse(p.publishDate) > now + DAY),
    )!;
    expect(group, 'the sandbox has a scheduled group of three or more posts').toBeDefined();
    const first = group[0]!;
    const w = instantToWall(Date.parse(first.publishDate), NY);
    await cal.view('Week');
    await cal.jumpTo(wallDateKey(w));
    await expect(cal.post(first.id)).toBeVisible();
    const minutes = w.getHours() * 60 + w.getMinutes() + 120;
    await cal.scrollToMinutes(minutes - 120);
    const point = await cal.weekPoint(w.getDate(), minutes);
    await page.evaluate(() => window.api.syncNow({}));
    await quietCalls(ipcCalls!);

    const calls = ipcCalls!.length;
    await cal.drag(first.id, point, { shift: true });
    await expect(cal.toast(`Moved ${group.length} posts`)).toBeVisible();
    for (const p of group)
      await expectServiceDate(svc, p.id, new Date(Date.parse(p.publishDate) + 2 * 3_600_000).toISOString());
    await quietCalls(ipcCalls!);
    const moveCalls = ipcCalls!.slice(calls);
    console.log(
      `a group of ${group.length} moved: ${moveCalls.length} IPC call(s) [${moveCalls.join(', ')}]`,
    );
    // One change, not a reschedulePost per post.
    expect(moveCalls).toEqual(['applyBulkChange']);

    const before = ipcCalls!.length;
    await page.keyboard.press('Control+z');
    await expect(cal.toast(`Undone: ${group.length} posts back as they were.`)).toBeVisible();
    for (const p of group) await expectServiceDate(svc, p.id, p.publishDate);
    await quietCalls(ipcCalls!);
    expect(ipcCalls!.slice(before)).toEqual(['undoBulkChange']);
  });
});

/** Resolves once the page has made no call for `quietMs`. */
async function quietCalls(calls: string[], quietMs = 1_500): Promise<void> {
  await expect
    .poll(
      async () => {
        const before = calls.length;
        await new Promise((r) => setTimeout(r, quietMs));
        return calls.length === before;
      },
      { timeout: 60_000, intervals: [0] },
    )
    .toBe(true);
}

/**
 * Issue 24: every other write goes through the one door a drag does (main's posts module), so it is
 * measured the same way: the window's one call, answered with the posts as main now shows them;
 * main's events for it at most two (the write's own, when main announces it, and the service's
 * confirmation); and main never reads the range again (no GET /posts) because of it.
 */
test.describe('every write answers its posts, as a drag does', () => {
  test.use({ pullEveryMs: 10 * 60_000 });

  /** Counts what one write costs, from its call until main and the page are quiet again. */
  async function measure(
    page: Page,
    proxy: FaultProxy,
    ipcCalls: string[],
    ipcEvents: { name: string; payload: unknown }[],
    write: () => Promise<unknown>,
    /** The write waits in the outbox: main confirms it with a syncStatus saying nothing waits. */
    queued = true,
  ) {
    await quiet(proxy, ipcCalls);
    const calls = ipcCalls.length;
    const events = ipcEvents.length;
    const requests = proxy.log.length;
    const answer = await write();
    if (queued) {
      await expect
        .poll(() =>
          ipcEvents
            .slice(events)
            .some((e) => e.name === 'syncStatus' && (e.payload as { pending: number }).pending === 0),
        )
        .toBe(true);
    }
    await quiet(proxy, ipcCalls);
    return {
      answer,
      calls: ipcCalls.slice(calls),
      events: ipcEvents.slice(events),
      requests: proxy.log.slice(requests),
    };
  }

  test('a composer send, a bulk apply and an evergreen fill: one call each, answered with their posts, no re-read', async ({
    page,
    service,
    ipcCalls,
    ipcEvents,
  }) => {
    test.skip(ipcCalls === null || ipcEvents === null, 'counting calls needs the browser bridge');
    test.setTimeout(180_000);
    const proxy = await connectThroughProxy(page, service);
    try {
      const integrations = await page.evaluate(() => window.api.listIntegrations({}));
      if (!integrations.ok) throw new Error(integrations.error.message);
      const x = integrations.value.find((i) => i.platform === 'x')!;
      const brandId = service.brandsOf('full-test')[0]!.id;

      // A composer send ("Schedule"): one call carries the composer's copy of the draft, which main
      // saves, queues in the outbox and waits on until the outbox worker has the service's answer.
      const draftId = `counted-${Date.now()}`;
      const send = await measure(
        page,
        proxy,
        ipcCalls!,
        ipcEvents!,
        () =>
          page.evaluate((input) => window.api.sendDraft(input), {
            draftId,
            type: 'schedule' as const,
            wait: true,
            draft: {
              id: draftId,
              brandId,
              blocks: [{ content: `Counted send ${Date.now()}`, media: [] }],
              targets: [{ integrationId: x.id, platform: 'x' as const, settings: {}, blocks: null }],
              commentDelays: [],
              shortLink: false,
              date: new Date(Date.now() + 3 * DAY).toISOString(),
              replacesGroup: null,
            },
          }),
        false,
      );
      const sent = send.answer as Awaited<ReturnType<typeof window.api.sendDraft>>;
      if (!sent.ok) throw new Error(sent.error.message);
      expect(sent.value.outcome.kind).toBe('sent');
      const sentIds =
        sent.value.outcome.kind === 'sent' ? sent.value.outcome.results.map((r) => r.postId) : [];
      expect(sent.value.posts.map((p) => p.id)).toEqual(sentIds);
      console.log(
        `composer send: ${send.calls.length} call(s), ${send.events.length} event(s), ${send.requests.length} request(s)`,
      );
      expect(send.calls).toEqual(['sendDraft']);
      expect(send.events.length).toBeLessThanOrEqual(2);
      expect(
        send.requests.filter((r) => r.method === 'POST' && /\/posts$/.test(r.url.split('?')[0]!)),
      ).toHaveLength(1);
      expect(send.requests.filter(listsPosts)).toEqual([]);

      // A bulk apply: the sent post moved a day later, planned as the window plans it.
      const post = sent.value.posts[0]!;
      const to = new Date(Date.parse(post.publishDate) + DAY).toISOString();
      const bulk = await measure(page, proxy, ipcCalls!, ipcEvents!, () =>
        page.evaluate((input) => window.api.applyBulkChange(input), {
          moves: [{ id: post.id, from: post.publishDate, to }],
          deleteGroups: [],
        }),
      );
      const applied = bulk.answer as Awaited<ReturnType<typeof window.api.applyBulkChange>>;
      if (!applied.ok) throw new Error(applied.error.message);
      expect(applied.value.queued).toBe(1);
      expect(applied.value.posts.find((p) => p.id === post.id)?.publishDate).toBe(to);
      console.log(
        `bulk apply: ${bulk.calls.length} call(s), ${bulk.events.length} event(s), ${bulk.requests.length} request(s)`,
      );
      expect(bulk.calls).toEqual(['applyBulkChange']);
      expect(bulk.events.length).toBeLessThanOrEqual(2);
      expect(bulk.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
      expect(bulk.requests.filter(listsPosts)).toEqual([]);

      // An evergreen fill: a list with one post for the account, turned on, fills its free slots.
      const setup = await page.evaluate(
        async ({ integrationId }) => {
          const slots = await window.api.setQueueSlots({
            integrationId,
            slots: [{ weekday: new Date().getDay(), time: '23:59' }],
          });
          const list = await window.api.saveEvergreenList({ name: 'Counted' });
          if (!slots.ok || !list.ok) throw new Error('could not set up the list');
          const item = await window.api.saveEvergreenItem({
            listId: list.value.id,
            versions: [`Counted repeat ${Date.now()}`],
            media: [],
            targets: [{ integrationId, platform: 'x', settings: {} }],
            cooldownDays: 7,
            endRule: { kind: 'afterRepeats', repeats: 1 },
            skipDates: [],
          });
          if (!item.ok) throw new Error(item.error.message);
          return list.value.id;
        },
        { integrationId: x.id },
      );
      const fill = await measure(page, proxy, ipcCalls!, ipcEvents!, () =>
        page.evaluate((id) => window.api.setEvergreenListEnabled({ id, enabled: true }), setup),
      );
      const filled = fill.answer as Awaited<ReturnType<typeof window.api.setEvergreenListEnabled>>;
      if (!filled.ok) throw new Error(filled.error.message);
      expect(filled.value.created).toBe(1);
      expect(filled.value.posts).toHaveLength(1);
      console.log(
        `evergreen fill: ${fill.calls.length} call(s) [${fill.calls.join(', ')}], ${fill.events.length} event(s) [${fill.events.map((e) => e.name).join(', ')}], ${fill.requests.length} request(s)`,
      );
      // The write itself, and the calendar's repeat marks reading the new repeat: no posts re-read.
      expect(fill.calls.filter((c) => c !== 'listRepeats')).toEqual(['setEvergreenListEnabled']);
      // Main announces the fill once (its posts and the status), then the service's confirmation.
      expect(
        fill.events.filter((e) => e.name === 'postsChanged' && (e.payload as { status?: unknown }).status),
      ).toHaveLength(1);
      expect(fill.events.length).toBeLessThanOrEqual(3);
      expect(fill.requests.filter(listsPosts)).toEqual([]);
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

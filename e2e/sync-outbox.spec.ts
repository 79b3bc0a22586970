import type { Page } from '@playwright/test';
import type { CalendarPost } from '../shared/posts/ipc.js';
import { startFaultProxy } from '../test/support/fault-proxy.js';
import { createOnService, expect, test, type TestService } from './fixtures.js';
import { snap } from './support/pages.js';
import { aCachedPost } from './support/calendar.js';

/*
 * The shell's promise about writes: while the service is unreachable the user sees how many
 * changes wait and what they are; a change the service refuses is shown with its reason and can be
 * retried or discarded. The change itself is made through window.api (the calendar's own specs
 * drag posts); these specs are about what the shell shows.
 */

const DAY = 24 * 60 * 60 * 1000;

/** A scheduled post of the next 60 days, once main's cache holds one. */
const aScheduledPost = (page: Page): Promise<CalendarPost> =>
  aCachedPost(
    page,
    (p) => p.state === 'scheduled' && !p.pending && Boolean(p.group),
    'scheduled post in the next 60 days',
    {
      fromDays: 0,
    },
  );

/**
 * A scheduled post 200 days out, created on the service and then read once through the app, so
 * main holds it. The calendar loads only the months around the one shown, and main the ranges
 * next to those it is asked for, so nothing the app fetches by itself can learn of the post's
 * deletion before the test's move reaches the service. With a post of this month it could: main's
 * cache lost the post first and the move was refused locally (seen once in CI).
 */
async function aFarPostTheAppKnows(page: Page, service: TestService, brandId: string): Promise<CalendarPost> {
  // An account on a platform that needs no settings of its own.
  const simple = ['x', 'bluesky', 'threads', 'linkedin', 'facebook'];
  const { integration: account } = await aCachedPost(
    page,
    (p) => simple.includes(p.integration.platform ?? ''),
    'post on a platform without required settings',
  );
  if (!account.platform) throw new Error('The sandbox has no post on a platform without required settings');
  const date = new Date(Date.now() + 200 * DAY);
  date.setUTCSeconds(0, 0);
  const created = await createOnService(
    service,
    {
      type: 'schedule',
      date: date.toISOString(),
      shortLink: false,
      posts: [
        {
          integration: { id: account.id },
          value: [{ content: 'A post far ahead', image: [] }],
          settings: { __type: account.platform },
        },
      ],
    },
    brandId,
  );
  if (!created.ok) throw new Error(`Creating the post failed: ${created.status} ${await created.text()}`);
  const postId = ((await created.json()) as { postId: string }[])[0]?.postId;
  const around = {
    start: new Date(date.getTime() - 3_600_000).toISOString(),
    end: new Date(date.getTime() + 3_600_000).toISOString(),
  };
  // listPosts answers from main's cache at once and pulls the range behind it; syncNow waits for that pull.
  await page.evaluate((input) => window.api.listPosts(input), around);
  await page.evaluate(() => window.api.syncNow({}));
  const result = await page.evaluate((input) => window.api.listPosts(input), around);
  const post = result.ok ? result.value.posts.find((p) => p.id === postId) : undefined;
  if (!post) throw new Error('The app did not list the post just created');
  return post;
}

async function reschedule(page: Page, post: CalendarPost, to?: Date): Promise<string> {
  const date = (to ?? new Date(Date.parse(post.publishDate) + DAY)).toISOString();
  const result = await page.evaluate((input) => window.api.reschedulePost(input), { id: post.id, date });
  if (!result.ok) throw new Error(result.error.message);
  return date;
}

async function publishDateOnService(service: TestService, brandId: string, postId: string): Promise<string> {
  const response = await fetch(`${service.baseUrl}/posts/${postId}`, {
    headers: { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brandId },
  });
  const body = (await response.json()) as { publishDate?: string; post?: { publishDate?: string } };
  return body.publishDate ?? body.post?.publishDate ?? '';
}

test('offline, the banner counts the waiting change and the outbox lists it until the service is back', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const post = await aScheduledPost(page);
  await service.stop();
  const newDate = await reschedule(page, post);

  await expect(
    page.getByText('You are offline — 1 change will be sent when the connection returns.'),
  ).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Outbox/ });
  await expect(toggle).toContainText('1');
  await toggle.click();
  const outbox = page.getByRole('complementary', { name: 'Outbox' });
  await expect(outbox.getByRole('heading', { name: 'Outbox' })).toBeFocused();
  await expect(outbox.getByRole('listitem')).toHaveCount(1);
  await expect(outbox.getByRole('listitem')).toContainText('New time');
  await snap(page, '09-offline-outbox');

  // Trying while the service is still down changes nothing, and says nothing new.
  const tryNow = page.getByRole('button', { name: 'Try again now' });
  await tryNow.click();
  await expect(tryNow).toBeEnabled();
  await expect(page.getByText('You are offline — 1 change will be sent')).toBeVisible();

  await service.start();
  // Main's own probe may find the service first; either way the change goes out.
  await tryNow.click({ timeout: 2_000 }).catch(() => undefined);
  await expect(page.getByText(/You are offline/)).toBeHidden();
  await expect(outbox.getByText('Nothing waiting')).toBeVisible();
  const brandId = service.brandsOf('full-test')[0]!.id;
  expect(Date.parse(await publishDateOnService(service, brandId, post.id))).toBe(Date.parse(newDate));

  // Escape closes the panel and gives focus back to its button.
  await page.keyboard.press('Escape');
  await expect(outbox).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('a change the service refuses shows its reason, can be retried, and can be discarded', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const brandId = service.brandsOf('full-test')[0]!.id;
  const post = await aFarPostTheAppKnows(page, service, brandId);
  // Someone deletes the post in the dashboard meanwhile.
  const deleted = await fetch(`${service.baseUrl}/posts/${post.group}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brandId },
  });
  expect(deleted.ok).toBe(true);
  await reschedule(page, post);

  await expect(
    page.getByText('1 change could not be sent. Retry or discard it in the outbox.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Review in the outbox' }).click();
  const outbox = page.getByRole('complementary', { name: 'Outbox' });
  const item = outbox.getByRole('listitem');
  await expect(item).toContainText('Not sent');
  await expect(item.locator('.outbox-error')).not.toBeEmpty();
  await snap(page, '10-failed-outbox');

  await item.getByRole('button', { name: 'Retry' }).click();
  await expect(item).toContainText(/2 attempts|Not sent/);
  await item.getByRole('button', { name: 'Discard…' }).click();
  await expect(item.getByRole('group', { name: 'Confirm discard' })).toBeVisible();
  await item.getByRole('button', { name: 'Discard', exact: true }).click();
  await expect(outbox.getByText('Nothing waiting')).toBeVisible();
  await expect(page.getByText(/could not be sent/)).toBeHidden();
});

test('a new time that passed while offline waits for the user to pick another', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  const post = await aScheduledPost(page);
  await service.stop();
  await reschedule(page, post, new Date(Date.now() + 2_000));
  await expect(page.getByText('You are offline — 1 change will be sent')).toBeVisible();
  await page.waitForTimeout(2_500); // the chosen time passes while the service is unreachable
  await service.start();
  await page
    .getByRole('button', { name: 'Try again now' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);

  await expect(
    page.getByText('1 scheduled post missed its time while offline. Post now or pick a new time.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Decide in the outbox' }).click();
  const item = page.getByRole('complementary', { name: 'Outbox' }).getByRole('listitem');
  await expect(item).toContainText('Its time passed while offline');
  await expect(item.getByRole('button', { name: 'Post now' })).toBeVisible();
  await snap(page, '15-missed-time');

  const newTime = new Date(Date.now() + 2 * DAY);
  newTime.setSeconds(0, 0);
  const local = await page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, newTime.getTime());
  await item.getByLabel('or move to').fill(local);
  await item.getByRole('button', { name: 'Move' }).click();
  await expect(
    page.getByRole('complementary', { name: 'Outbox' }).getByText('Nothing waiting'),
  ).toBeVisible();
  const brandId = service.brandsOf('full-test')[0]!.id;
  expect(Date.parse(await publishDateOnService(service, brandId, post.id))).toBe(newTime.getTime());
});

test('a move whose answer was lost may be out: Discard says so and puts the old time back on the service', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(90_000);
  // Main reaches the service through a proxy that forwards everything until told otherwise.
  const proxy = await startFaultProxy({ target: service.baseUrl, seed: 36, rate: 0 });
  try {
    await connectWithSandboxKey();
    const brandId = service.brandsOf('full-test')[0]!.id;
    const connected = await page.evaluate((input) => window.api.connectProfile(input), {
      baseUrl: proxy.baseUrl,
      apiKey: service.key('full-test'),
      brandId,
    });
    if (!connected.ok) throw new Error(connected.error.message);
    await page.reload();
    const post = await aScheduledPost(page);
    // The move reaches the service and its answer is cut; every request after it meets a 500.
    let cut = false;
    proxy.override((req) => {
      if (!cut && req.method === 'PUT' && req.url.includes(`/posts/${post.id}/date`)) {
        cut = true;
        return 'resetAfterHandled';
      }
      return cut ? 'serverError' : null;
    });
    const newDate = await reschedule(page, post);
    await expect
      .poll(() => publishDateOnService(service, brandId, post.id).then(Date.parse))
      .toBe(Date.parse(newDate));

    await page.getByRole('button', { name: /^Outbox/ }).click();
    const outbox = page.getByRole('complementary', { name: 'Outbox' });
    const item = outbox.getByRole('listitem');
    await expect(item).toContainText('New time');
    await item.getByRole('button', { name: 'Discard…' }).click();
    // Not "It will not be sent": it may already be out.
    await expect(item.getByRole('group', { name: 'Confirm discard' })).toContainText(
      'It may already be out; Postdeck will check and put it right.',
    );
    await snap(page, '11-outbox-discard-may-be-out');
    await item.getByRole('button', { name: 'Discard', exact: true }).click();
    // Kept until it is put right, and said so on the item itself (not only in the question); the
    // service still has the new time meanwhile. While an attempt is in flight main answers "being
    // sent right now; wait a moment": the user asks again.
    const puttingRight = item.getByText('It may already be out; Postdeck will check and put it right.', {
      exact: true,
    });
    await expect(async () => {
      if (!(await puttingRight.isVisible())) {
        const confirm = item.getByRole('group', { name: 'Confirm discard' });
        if (!(await confirm.isVisible())) await item.getByRole('button', { name: 'Discard…' }).click();
        await confirm.getByRole('button', { name: 'Discard', exact: true }).click();
      }
      await expect(puttingRight).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const [width, height] of [
        [1024, 700],
        [1440, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await snap(page, `12-outbox-putting-right-${width}-${theme}`);
      }
    }
    expect(Date.parse(await publishDateOnService(service, brandId, post.id))).toBe(Date.parse(newDate));

    // The faults pass: the old time goes back to the service, and the change leaves the Outbox.
    proxy.override(null);
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.api.syncNow({}));
          return Date.parse(await publishDateOnService(service, brandId, post.id));
        },
        { timeout: 60_000 },
      )
      .toBe(Date.parse(post.publishDate));
    await expect(outbox.getByText('Nothing waiting')).toBeVisible({ timeout: 30_000 });
  } finally {
    await proxy.close();
  }
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PostListItem } from '../shared/api/resources.js';
import { instantToWall, wallDateKey, wallToInstant } from '../renderer/calendar/time.js';
import { expect, test, type TestService } from './fixtures.js';
import {
  activeBrandId,
  CalendarPage,
  DAY,
  expectServiceDate,
  nextDayTenOClockRow,
  NY,
  ServiceView,
} from './support/calendar.js';

/*
 * The activity log, tried as a new user would: a post made in the composer, moved by a drag and
 * moved back by Undo shows those changes in its details' history, each with who made it (the
 * connection's user, as the service names the key's user) and when.
 */

/** The name the service gives for the key's user (GET /me): what the log says "who" is. */
async function keyUserName(service: TestService): Promise<string> {
  const brandId = service.brandsOf('full-test')[0]!.id;
  const response = await fetch(`${service.baseUrl}/me`, {
    headers: { authorization: `Bearer ${service.key('full-test')}`, 'x-brand-id': brandId },
  });
  const me = (await response.json()) as { user: { name: string } };
  return me.user.name;
}

/** No serious or critical accessibility problem on the page as it is, in either theme. */
async function noBlockingAxe(page: Page, where: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const { violations } = await new AxeBuilder({ page }).analyze();
    const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      blocking.map((v) => `${theme} ${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a post created, dragged and put back by Undo shows those changes in its history, with who and when', async ({
  page,
  app,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(90_000);
  await connectWithSandboxKey();
  const cal = new CalendarPage(page);
  await expect(cal.screen).toBeVisible();
  await cal.setZone(NY);
  const svc = ServiceView.of(service, await activeBrandId(page));
  const user = await keyUserName(service);
  expect(user.length).toBeGreaterThan(0);

  // Three days ahead at 9:00 in New York, made in the composer.
  const tag = randomUUID().slice(0, 8);
  const day = instantToWall(Date.now() + 3 * DAY, NY);
  const wall = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'New post' }).click();
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: 'Harbor Coffee', exact: true })
    .check();
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(`History check ${tag}`);
  await dialog
    .getByLabel(/^Publish at/)
    .fill(`${wall.getFullYear()}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}T09:00`);
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).toBeHidden();

  let post: PostListItem | undefined;
  await expect
    .poll(async () => {
      post = (await svc.posts(Date.now(), Date.now() + 10 * DAY)).find((p) =>
        (p.content ?? '').includes(tag),
      );
      return post?.id;
    })
    .toBeTruthy();
  const from = post!.publishDate;
  expect(Date.parse(from)).toBe(wallToInstant(wall, NY).getTime());

  // Dragged to 10:00 the next day in the week view, then put back with the notice's Undo.
  await cal.view('Week');
  await cal.jumpTo(wallDateKey(wall));
  await expect(cal.post(post!.id)).toBeVisible();
  await cal.scrollToMinutes(9 * 60);
  const target = nextDayTenOClockRow(wall);
  await cal.drag(post!.id, await cal.weekPoint(target.getDate(), 600));
  await expect(cal.toast('Moved')).toBeVisible();
  await expectServiceDate(svc, post!.id, wallToInstant(target, NY).toISOString());
  await cal.toast('Moved').getByRole('button', { name: 'Undo' }).click();
  await expectServiceDate(svc, post!.id, from);

  // Its details: the history, oldest first, in words.
  await cal.scrollToMinutes(9 * 60);
  await cal.post(post!.id).first().click();
  const details = page.getByRole('complementary');
  const history = details.getByRole('region', { name: 'History' });
  await history.scrollIntoViewIfNeeded();
  const entries = history.getByTestId('activity-entry');
  // Made here: the create, the move and its undo (each with the service's confirmation after it).
  const made = entries.filter({ hasText: '(connection user)' });
  await expect(made).toHaveCount(3);
  await expect(made.nth(0)).toContainText(`Created for`);
  await expect(made.nth(0)).toContainText('on Harbor Coffee');
  await expect(made.nth(0)).toContainText(`History check ${tag}`);
  await expect(made.nth(0)).toContainText('in the composer');
  await expect(made.nth(1)).toContainText(/Moved from .*9:00.* to .*10:00.* by dragging in the calendar/);
  await expect(made.nth(2)).toContainText(/Moved from .*10:00.* to .*9:00.* by Undo/);
  for (let i = 0; i < 3; i++) {
    await expect(made.nth(i)).toContainText(`${user} (connection user)`);
    // When: said relative to now, the exact time in its tooltip.
    await expect(made.nth(i).locator('time')).toHaveText(/just now|minutes? ago|seconds? ago/);
    await expect(made.nth(i).locator('time')).toHaveAttribute('title', /\d/);
  }
  // The service's answers are on record too, from the service.
  await expect(entries.filter({ hasText: 'The service confirmed the post' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'The service confirmed' }).first()).toContainText('The service');

  await noBlockingAxe(page, 'post details with its history');

  // The Outbox shows the brand's log, newest first, and finds an entry by a word of its text.
  await page.keyboard.press('Escape');
  await page.locator('[data-outbox-toggle]').click();
  const log = page.getByRole('region', { name: 'Activity' });
  // The Outbox opens on what waits; the log is one click away.
  await log.getByRole('button', { name: 'Show activity' }).click();
  await expect(log.getByRole('button', { name: 'Hide activity' })).toHaveAttribute('aria-expanded', 'true');
  await expect(log.getByRole('list', { name: 'Changes, newest first' })).toBeVisible();
  await log.getByLabel('Search the activity').fill(tag);
  await expect(log.getByTestId('activity-entry')).toHaveCount(1);
  await expect(log.getByTestId('activity-entry')).toContainText(`Created for`);
  // The list scrolls by keyboard: it takes focus.
  await log.getByRole('list', { name: 'Changes, newest first' }).focus();
  await expect(log.getByRole('list', { name: 'Changes, newest first' })).toBeFocused();

  await noBlockingAxe(page, "the Outbox's activity");

  // Export CSV: what the search found, one line per change, in words (the test bridge saves into the test's folder).
  if (app.exportsDir !== null) {
    await log.getByRole('button', { name: 'Export CSV' }).click();
    await expect(log.getByRole('status')).toContainText('Saved 1 entry to');
    const saved = (await log.getByRole('status').textContent())!
      .replace(/^Saved 1 entry to /, '')
      .replace(/\.$/, '');
    const csv = await readFile(saved, 'utf8');
    const [header, row, ...rest] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('When,When (America/New_York),Who,Who is,What,From where,Post group');
    expect(rest).toEqual([]);
    expect(row).toContain(`History check ${tag}`);
    expect(row).toContain(`${user} (connection user),the connection`);
    expect(row).toContain('in the composer');
  }
});

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { addDays, startOfDay } from 'date-fns';
import { wallDateKey } from '../renderer/calendar/time.js';
import { sampleYear } from '../test/support/samples.js';
import { createOnService, expect, test, type TestService } from './fixtures.js';
import { aCachedPost } from './support/calendar.js';

/*
 * Bulk changes in the calendar: Ctrl-click and Shift-click pick posts, the bulk bar plans "shift by
 * 1 day" and shows each post's old and new time before anything is sent, Apply queues the batch
 * through the outbox (the service ends up with the new times), and one Undo puts all of them back.
 * The browser and the brand both run in UTC here, so wall times are UTC times.
 */

const DAY = 86_400_000;

async function createPosts(page: Page, service: TestService, day: Date, times: string[]): Promise<string[]> {
  const { integration: account } = await aCachedPost(
    page,
    (p) => ['x', 'bluesky', 'threads'].includes(p.integration.platform ?? ''),
    'post on a text platform',
  );
  if (!account.platform) throw new Error('The sandbox has no post on a text platform');
  const ids: string[] = [];
  for (const [i, time] of times.entries()) {
    const [h, m] = time.split(':').map(Number);
    const date = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), h, m));
    const created = await createOnService(service, {
      type: 'schedule',
      date: date.toISOString(),
      shortLink: false,
      posts: [
        {
          integration: { id: account.id },
          value: [{ content: `Bulk e2e post ${i + 1}`, image: [] }],
          settings: { __type: account.platform },
        },
      ],
    });
    if (!created.ok) throw new Error(`Creating a post failed: ${created.status} ${await created.text()}`);
    ids.push(((await created.json()) as { postId: string }[])[0]!.postId);
  }
  return ids;
}

/** Each post's time as the service has it. */
async function serverTimes(service: TestService, ids: string[]): Promise<number[]> {
  return Promise.all(
    ids.map(async (id) => {
      const res = await fetch(`${service.baseUrl}/posts/${id}`, {
        headers: {
          authorization: `Bearer ${service.key('full-test')}`,
          'x-brand-id': service.brandsOf('full-test')[0]!.id,
        },
      });
      return Date.parse(((await res.json()) as { publishDate: string }).publishDate);
    }),
  );
}

/** The calendar at `day` in the day or week view, as a user gets there: the date field, then the view. */
async function showDay(page: Page, day: Date, view: 'Day' | 'Week'): Promise<void> {
  await page.getByLabel('Jump to date').fill(wallDateKey(day));
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: view, exact: true }).click();
}

test('select with Ctrl/Shift-click, shift by 1 day from the plan, apply, then undo the whole batch', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(90_000);
  await connectWithSandboxKey();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  const day = addDays(startOfDay(new Date()), 40);
  const ids = await createPosts(page, service, day, ['02:05', '02:35', '03:05']);
  const before = await serverTimes(service, ids);

  await showDay(page, day, 'Day');
  const cell = (id: string) => page.locator(`[data-post-id="${id}"]`);
  await expect(cell(ids[0]!)).toBeVisible();

  await cell(ids[0]!).click({ modifiers: ['ControlOrMeta'] });
  await expect(page.getByTestId('bulk-bar')).toContainText('1 selected');
  await cell(ids[2]!).click({ modifiers: ['Shift'] });
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('3 selected');
  for (const id of ids) await expect(cell(id)).toHaveAttribute('data-selected', 'true');
  // A selecting click never opens the post's details.
  await expect(page.getByRole('complementary', { name: /post details/i })).toHaveCount(0);

  await bar.getByLabel('Days to shift').fill('1');
  await bar.getByRole('button', { name: 'Shift…' }).click();
  const plan = page.getByTestId('bulk-plan');
  await expect(plan).toBeVisible();
  await expect(plan.getByRole('heading')).toHaveText('Shift by +1 day: 3 posts');
  await expect(plan.getByTestId('bulk-plan-row')).toHaveCount(3);
  await expect(plan.getByTestId('bulk-plan-row').first()).toContainText('2:05');
  await expect(plan).toContainText('Nothing has been sent yet.');
  // The three land 30 minutes apart: warned (the brand keeps 60 min), never blocked.
  await expect(plan.getByTestId('bulk-plan-warning').first()).toContainText('would post twice within 30 min');
  await page.screenshot({ path: 'test-results/screens/bulk-plan.png' });
  // Apply is the dialog's primary action and looks it, focused or not: never like Cancel.
  const look = (name: RegExp) =>
    plan.getByRole('button', { name }).evaluate((b) => getComputedStyle(b).backgroundColor);
  expect(await look(/^Apply/)).not.toBe(await look(/^Cancel/));
  // Nothing changed on the service while the plan is shown.
  expect(await serverTimes(service, ids)).toEqual(before);

  await plan.getByRole('button', { name: 'Apply to 3' }).click();
  await expect(plan).toBeHidden();
  const toast = page.locator('.notice-card').filter({ hasText: 'Moved 3 posts.' });
  await expect(toast).toBeVisible();
  await expect(bar).toBeHidden();
  await page.screenshot({ path: 'test-results/screens/bulk-applied.png' });
  await expect.poll(() => serverTimes(service, ids), { timeout: 20_000 }).toEqual(before.map((t) => t + DAY));
  // The moved posts left the day on screen.
  for (const id of ids) await expect(cell(id)).toHaveCount(0);

  // The undo stays offered beside the calendar, also after the toast has gone.
  await expect(page.getByRole('button', { name: 'Undo “Moved 3 posts”' })).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(
    page.locator('.notice-card').filter({ hasText: 'Undone: 3 posts back as they were.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo “Moved 3 posts”' })).toHaveCount(0);
  await expect.poll(() => serverTimes(service, ids), { timeout: 20_000 }).toEqual(before);
  for (const id of ids) await expect(cell(id)).toBeVisible();
});

test('Esc clears the selection; the plan lists posts that cannot move with their reason', async ({
  page,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Month', exact: true }).click();
  const published = page.locator('.post-cell[data-state="published"]').first();
  await expect(published).toBeVisible();
  await published.click({ modifiers: ['ControlOrMeta'] });
  const bar = page.getByTestId('bulk-bar');
  await expect(bar).toContainText('1 selected');
  await bar.getByRole('button', { name: 'Shift…' }).click();
  const plan = page.getByTestId('bulk-plan');
  await expect(plan.getByTestId('bulk-plan-blocked')).toContainText('Published posts cannot be moved.');
  await expect(plan.getByRole('button', { name: 'Apply to 0' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/screens/bulk-blocked.png' });
  await plan.getByRole('button', { name: 'Cancel' }).click();
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await expect(published).not.toHaveAttribute('data-selected', 'true');
  // The keyboard picks too: Ctrl/Cmd+Space on a focused post toggles it.
  await published.focus();
  await page.keyboard.press('ControlOrMeta+Space');
  await expect(published).toHaveAttribute('data-selected', 'true');
  await expect(bar).toContainText('1 selected');
  await page.keyboard.press('ControlOrMeta+Space');
  await expect(bar).toBeHidden();
});

test('clash warnings in the composer before sending, with the gap set per brand in Account', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(90_000);
  await connectWithSandboxKey();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Account' }).click();
  const gap = page.getByLabel(/posts twice within \(minutes\)/);
  await expect(gap).toHaveValue('60');
  await gap.fill('90');
  await page.getByRole('button', { name: 'Save gap' }).click();
  await expect(page.getByRole('button', { name: 'Use the default (60 min)' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/bulk-gap-setting.png' });
  const saved = await page.evaluate(() => window.api.getClashSettings({}));
  expect(saved.ok && saved.value).toEqual({ gapMinutes: 90, isDefault: false });

  const accounts = await page.evaluate(() => window.api.listIntegrations({}));
  if (!accounts.ok) throw new Error(accounts.error.message);
  const x = accounts.value.find((a) => a.platform === 'x' && a.name === 'Harbor Coffee');
  if (!x) throw new Error('The sandbox has no X account named Harbor Coffee');
  const day = addDays(startOfDay(new Date()), 30);
  const at = (h: number) => new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), h, 0));
  const text = 'Clash check: our winter blend is back';
  const created = await createOnService(service, {
    type: 'schedule',
    date: at(10).toISOString(),
    shortLink: false,
    posts: [{ integration: { id: x.id }, value: [{ content: text, image: [] }], settings: { __type: 'x' } }],
  });
  expect(created.ok).toBe(true);

  await nav.getByRole('button', { name: 'Calendar' }).click();
  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByRole('group', { name: 'X', exact: true })
    .getByRole('checkbox', { name: 'Harbor Coffee', exact: true })
    .check();
  await dialog.getByRole('textbox', { name: 'Text of Block 1', exact: true }).fill(text);
  await dialog.getByLabel(/^Publish at/).fill(`${wallDateKey(day)}T11:00`);
  const clashes = dialog.getByTestId('composer-clashes');
  await expect(clashes).toContainText('Harbor Coffee would post twice within 1 h');
  await expect(clashes).toContainText('this brand keeps 90 min between posts');
  await expect(clashes).toContainText('X refuses the same text twice.');
  await clashes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/bulk-composer-clash.png' });
  // A warning never blocks: Schedule stays available.
  await expect(dialog.getByRole('button', { name: 'Schedule', exact: true })).toBeEnabled();
});

test('moving a post next to another of its account shows a clash notice; the move still happens', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(90_000);
  await connectWithSandboxKey();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  // A Wednesday about seven weeks ahead: its next day is in the same week however weeks start
  // (on a Sunday 50 days ahead, a Monday-first week hid the next post).
  const ahead = addDays(startOfDay(new Date()), 50);
  const day = addDays(ahead, (3 - ahead.getDay() + 7) % 7);
  const [first] = await createPosts(page, service, day, ['10:00']);
  const [next] = await createPosts(page, service, addDays(day, 1), ['10:20']);
  const before = await serverTimes(service, [first!]);

  await showDay(page, day, 'Week');
  const cell = page.locator(`[data-post-id="${first}"]`);
  await expect(cell).toBeVisible();
  await expect(page.locator(`[data-post-id="${next}"]`)).toBeAttached();
  await cell.focus();
  await page.keyboard.press('Alt+ArrowRight');
  const notice = page.locator('.notice-card').filter({ hasText: 'Heads-up:' });
  await expect(notice).toContainText('would post twice within 20 min');
  await page.screenshot({ path: 'test-results/screens/bulk-move-clash.png' });
  await expect.poll(() => serverTimes(service, [first!]), { timeout: 20_000 }).toEqual([before[0]! + DAY]);
});

test('a bulk delete waits a few seconds before it is sent: Undo brings the post back', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(90_000);
  await connectWithSandboxKey();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  const day = addDays(startOfDay(new Date()), 45);
  const [id] = await createPosts(page, service, day, ['04:10']);
  await showDay(page, day, 'Day');
  const cell = page.locator(`[data-post-id="${id}"]`);
  await expect(cell).toBeVisible();

  await cell.click({ modifiers: ['ControlOrMeta'] });
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete…' }).click();
  const plan = page.getByTestId('bulk-plan');
  await expect(plan).toContainText(
    'Deletes wait 10 seconds before they are sent, so Undo can bring the posts back',
  );
  await expect(plan.getByTestId('bulk-plan-row')).toContainText('Deleted');
  await page.screenshot({ path: 'test-results/screens/bulk-delete-plan.png' });
  await plan.getByRole('button', { name: 'Delete 1' }).click();
  const toast = page.locator('.notice-card').filter({ hasText: 'Deleting 1 post.' });
  await expect(toast).toBeVisible();
  await expect(cell).toHaveCount(0);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(
    page.locator('.notice-card').filter({ hasText: 'Undone: 1 post back as they were.' }),
  ).toBeVisible();
  await expect(cell).toBeVisible();

  // Nothing is left to send, and the service still has the post.
  const synced = await page.evaluate(() => window.api.syncNow({}));
  expect(synced.ok && synced.value.pending).toBe(0);
  const res = await fetch(`${service.baseUrl}/posts/${id}`, {
    headers: {
      authorization: `Bearer ${service.key('full-test')}`,
      'x-brand-id': service.brandsOf('full-test')[0]!.id,
    },
  });
  expect(res.status).toBe(200);
});

test('the import preview marks rows that clash, and still imports them', async ({
  page,
  app,
  connectWithSandboxKey,
}) => {
  await connectWithSandboxKey('full-test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Import' }).click();
  const dir = await mkdtemp(join(tmpdir(), 'bulk-import-'));
  const file = join(dir, 'clashing.csv');
  await writeFile(
    file,
    [
      'text,accounts,date',
      // In the year after the run's clock, so the rows are always ahead (a date of 2027 passes).
      `"Opening hours change on Monday",Harbor Coffee,${sampleYear()}-04-05 09:00`,
      `"Opening hours change on Monday",Harbor Coffee,${sampleYear()}-04-05 09:40`,
      `"Latte art class on Friday",Harbor Coffee,${sampleYear()}-04-09 17:00`,
    ].join('\n'),
  );
  await app.registerFile(file, 'clashing.csv');
  await page.getByLabel('Import file').setInputFiles(file);
  await expect(page.getByRole('heading', { name: 'clashing.csv: 3 rows' })).toBeVisible();
  const row = (n: number) => page.locator(`tr[data-row="${n}"]`);
  const clashes = (n: number) => page.getByRole('list', { name: `Clash warnings of row ${n}` });
  await expect(clashes(1)).toContainText('Harbor Coffee would post twice within 40 min');
  await expect(clashes(2)).toContainText('the same text twice within 40 min');
  await expect(clashes(2)).toContainText('X refuses the same text twice.');
  await expect(clashes(3)).toHaveCount(0);
  await expect(row(2)).toContainText('Ready');
  await page.screenshot({ path: 'test-results/screens/bulk-import-clash.png' });
  await expect(page.getByRole('button', { name: 'Import 3 posts' })).toBeEnabled();
});

test('Select all leaves out posts that cannot change, "+N more" counts the picked posts it hides, Enter applies the plan', async ({
  page,
  service,
  connectWithSandboxKey,
}) => {
  test.setTimeout(120_000);
  await connectWithSandboxKey();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
  const views = page.getByRole('group', { name: 'View' });
  const bar = page.getByTestId('bulk-bar');

  // The sandbox's month holds published posts: "Select all" leaves them out and says how many.
  await views.getByRole('button', { name: 'Month', exact: true }).click();
  const published = page.locator('.post-cell[data-state="published"]').first();
  await expect(published).toBeVisible();
  await published.click({ modifiers: ['ControlOrMeta'] });
  await bar.getByRole('button', { name: /^Select all \d+ in view$/ }).click();
  await expect(bar.getByTestId('bulk-fixed')).toContainText(/\d+ posts? in view cannot change/);
  await expect(page.locator('.post-cell[data-state="published"][data-selected="true"]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();

  // Eight posts on one day: the month cell shows a few and "+N more", which counts the picked ones.
  const day = addDays(startOfDay(new Date()), 40);
  const times = ['01:00', '02:00', '03:00', '04:00', '05:00', '06:00', '07:00', '08:00'];
  const ids = await createPosts(page, service, day, times);
  await page.getByLabel('Jump to date').fill(wallDateKey(day));
  await views.getByRole('button', { name: 'Month', exact: true }).click();
  const cell = (id: string) => page.locator(`[data-post-id="${id}"]`);
  await expect(cell(ids[0]!)).toBeVisible();
  await expect(page.locator('[data-more-posts]', { hasText: /selected/ })).toHaveCount(0);
  await cell(ids[0]!).click({ modifiers: ['ControlOrMeta'] });
  await bar.getByRole('button', { name: /^Select all \d+ in view$/ }).click();
  const chip = page.locator('[data-more-posts]', { hasText: /selected/ }).first();
  await expect(chip).toBeVisible();
  await expect(chip).toHaveAccessibleName(/more posts on .*, \d+ selected: show all/);
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();

  // Enter applies the plan (Apply is the primary button and has the focus).
  await showDay(page, day, 'Day');
  await cell(ids[0]!).click({ modifiers: ['ControlOrMeta'] });
  await cell(ids[1]!).click({ modifiers: ['ControlOrMeta'] });
  await bar.getByLabel('Days to shift').fill('1');
  await bar.getByRole('button', { name: 'Shift…' }).click();
  const plan = page.getByTestId('bulk-plan');
  await expect(plan.getByRole('button', { name: 'Apply to 2' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(plan).toBeHidden();
  await expect(page.locator('.notice-card').filter({ hasText: 'Moved 2 posts.' })).toBeVisible();
});

import type { Page } from '@playwright/test';
import { addDays, startOfDay } from 'date-fns';
import { instantToWall, wallDateKey, wallToInputValue, wallToInstant } from '../renderer/calendar/time.js';
import { expect, test } from './fixtures.js';
import { pickZone } from './support/calendar.js';

/*
 * The posting queue on the calendar: free brand-default slots drawn faintly in the week view (a
 * click opens the composer at that time), and "Move to next free slot" on a scheduled demo post.
 * The brand zone is New York while the browser runs in UTC, so every time crosses a zone.
 */

const NY = 'America/New_York';
const DAY = 86_400_000;

async function setZone(page: Page, zone: string): Promise<void> {
  await pickZone(page.getByRole('combobox', { name: 'Brand time zone' }), zone);
}

async function view(page: Page, name: 'Week' | 'Day' | 'Month'): Promise<void> {
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');
}

/** Tomorrow in New York, and two slot times on its weekday that no demo post uses (odd minutes). */
function tomorrowSlots() {
  const day = addDays(startOfDay(instantToWall(Date.now(), NY)), 1);
  const at = (h: number, m: number) => {
    const wall = new Date(day.getFullYear(), day.getMonth(), day.getDate(), h, m);
    return { wall, instant: wallToInstant(wall, NY).toISOString() };
  };
  return { day, weekday: day.getDay(), early: at(6, 10), late: at(20, 50) };
}

async function setBrandSlots(page: Page, slots: { weekday: number; time: string }[]): Promise<void> {
  const saved = await page.evaluate(
    (s) => window.api.setQueueSlots({ integrationId: null, slots: s }),
    slots,
  );
  if (!saved.ok) throw new Error(saved.error.message);
  expect(saved.value.timezone).toBe(NY);
  // As after editing them on the Queue screen: back to the calendar, which reads them afresh.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Queue' }).click();
  await expect(page.getByRole('heading', { name: 'Brand default: weekly slots' })).toBeVisible();
  await nav.getByRole('button', { name: 'Calendar' }).click();
  await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
}

test.describe('calendar queue', () => {
  test.describe.configure({ timeout: 90_000 });

  test.beforeEach(async ({ page, connectWithSandboxKey }) => {
    await connectWithSandboxKey();
    await expect(page.getByRole('region', { name: 'Calendar' })).toBeVisible();
    await setZone(page, NY);
  });

  test('week view shows free slots faintly at their New York times; a click opens the composer there', async ({
    page,
  }) => {
    const t = tomorrowSlots();
    await setBrandSlots(page, [
      { weekday: t.weekday, time: '06:10' },
      { weekday: t.weekday, time: '20:50' },
    ]);
    await page.getByLabel('Jump to date').fill(wallDateKey(t.day));
    await view(page, 'Week');

    const slots = page.locator('.cal-slot-event .queue-empty-slot');
    await expect(slots).toHaveCount(2);
    const early = page.getByRole('button', { name: 'Free slot 6:10 AM: new post' });
    const late = page.getByRole('button', { name: 'Free slot 8:50 PM: new post' });
    await expect(early).toBeVisible();
    await expect(late).toBeAttached();

    // Each sits in tomorrow's column, at its minute of the day.
    const place = (name: string) =>
      page.getByRole('button', { name }).evaluate((button) => {
        const box = button.closest<HTMLElement>('[data-free-slot]')!.getBoundingClientRect();
        const column = button.closest<HTMLElement>('[data-day-column]')!;
        const rect = column.getBoundingClientRect();
        const columns = [...document.querySelectorAll('[data-day-column]')];
        const headers = [...document.querySelectorAll<HTMLElement>('[data-day-head]')];
        return {
          header: headers[columns.indexOf(column)]?.innerText.trim() ?? '',
          minutes: Math.round(((box.top - rect.top) / rect.height) * 1440),
        };
      });
    const header = new RegExp(`\\b${t.day.getDate()}$`);
    const earlyPlace = await place('Free slot 6:10 AM: new post');
    expect(earlyPlace.header).toMatch(header);
    expect(Math.abs(earlyPlace.minutes - (6 * 60 + 10))).toBeLessThanOrEqual(2);
    const latePlace = await place('Free slot 8:50 PM: new post');
    expect(latePlace.header).toMatch(header);
    expect(Math.abs(latePlace.minutes - (20 * 60 + 50))).toBeLessThanOrEqual(2);

    await early.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screens/calendar-queue-week.png' });

    // Month and agenda views never show slots.
    await view(page, 'Month');
    await expect(slots).toHaveCount(0);
    await view(page, 'Day');
    await expect(slots).toHaveCount(2);

    // Keyboard: the slot is a button; Enter opens the composer at its time in the brand zone.
    await early.focus();
    await page.keyboard.press('Enter');
    const composer = page.getByRole('dialog', { name: /compose|new post|composer/i }).first();
    await expect(composer).toBeVisible();
    await expect(page.locator('#composer-date')).toHaveValue(wallToInputValue(t.early.wall));
  });

  test('"Move to next free slot" moves a scheduled demo post to the brand default slot', async ({ page }) => {
    const t = tomorrowSlots();
    await setBrandSlots(page, [{ weekday: t.weekday, time: '06:10' }]);

    // A scheduled demo post some days ahead, alone in its group.
    const listed = await page.evaluate((r) => window.api.listPosts(r), {
      start: new Date(Date.now() + 2 * DAY).toISOString(),
      end: new Date(Date.now() + 20 * DAY).toISOString(),
    });
    if (!listed.ok) throw new Error(listed.error.message);
    const post = listed.value.posts.find(
      (p) => p.state === 'scheduled' && p.groupSize === 1 && !p.localOnly,
    )!;
    expect(post).toBeTruthy();

    const preview = await page.evaluate(
      (id) => window.api.previewQueue({ integrationIds: [id] }),
      post.integration.id,
    );
    if (!preview.ok) throw new Error(preview.error.message);
    const expected = preview.value.accounts[0]!.dates[0]!;
    expect(expected).toBe(t.early.instant);

    await page.getByLabel('Jump to date').fill(wallDateKey(instantToWall(Date.parse(post.publishDate), NY)));
    await view(page, 'Day');
    await page.locator(`[data-post-id="${post.id}"]`).click();
    const details = page.locator('.cal-details');
    await expect(details).toBeVisible();
    await details.getByRole('button', { name: 'Move to next free slot' }).click();
    await expect(
      page.locator('.notice-card').filter({ hasText: 'Moved to the next free slot' }),
    ).toBeVisible();

    await expect
      .poll(
        async () => {
          const got = await page.evaluate((id) => window.api.getPost({ id }), post.id);
          return got.ok ? got.value.publishDate : got.error.message;
        },
        { timeout: 20_000 },
      )
      .toBe(expected);

    // Shuffle answers with how many posts moved (random among the slots the queue occupies, so 0 is possible).
    await details.getByRole('button', { name: "Shuffle this account's queue" }).click();
    await expect(
      page
        .locator('.notice-card__message')
        .filter({ hasText: /^(Shuffled .+'s queue: \d+ posts? moved\.|Nothing to shuffle in .+'s queue\.)/ }),
    ).toBeVisible();
  });
});

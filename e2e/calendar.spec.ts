import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostListItem } from '../shared/api/resources.js';
import { rangeInstants, visibleWallRange } from '../renderer/calendar/range.js';
import { CHIP_TEXT_CHARS } from '../shared/posts/chips.js';
import { instantToWall, parseWallDateKey, wallDateKey, wallToInstant } from '../renderer/calendar/time.js';
import { startService, type RunningService } from '../server/index.js';
import { sandboxKey } from '../server/sandbox-file.js';
import { expect, test } from './fixtures.js';
import {
  activeBrandId,
  CalendarPage,
  DAY,
  expectServiceDate,
  expectServiceDateWithin,
  movable,
  nextNyDstStart,
  nextDayTenOClockRow,
  NY,
  nyInstant,
  rowOf,
  ServiceView,
  snap,
  wallIn,
} from './support/calendar.js';

/*
 * The calendar, used as a social media manager would: the real renderer, the real main-process
 * services and the local service with its demo month. Times are checked in a brand zone that is
 * not the browser's (the browser runs in UTC here), against what the service itself reports.
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('calendar', () => {
  test.describe.configure({ timeout: 90_000 });
  let cal: CalendarPage;
  let svc: ServiceView;

  test.beforeEach(async ({ page, service, connectWithSandboxKey }) => {
    await connectWithSandboxKey();
    cal = new CalendarPage(page);
    await expect(cal.screen).toBeVisible();
    svc = ServiceView.of(service, await activeBrandId(page));
    await cal.setZone(NY);
  });

  test('month, week, day and agenda show the demo posts at their New York times', async ({ page }) => {
    const now = Date.now();
    const all = await svc.posts(now - 20 * 86_400_000, now + 20 * 86_400_000);
    const today = wallIn(new Date(now).toISOString(), NY).wall;
    // Posts of this month in New York that the month view has room to show (the first of each day).
    const byDay = new Map<string, PostListItem>();
    for (const p of [...all].sort((a, b) => a.publishDate.localeCompare(b.publishDate))) {
      const w = wallIn(p.publishDate, NY);
      if (w.month === today.getMonth() && !byDay.has(String(w.day))) byDay.set(String(w.day), p);
    }
    expect(byDay.size).toBeGreaterThan(5);

    await cal.view('Month');
    await snap(page, 'calendar-month');
    for (const p of byDay.values()) {
      const w = wallIn(p.publishDate, NY);
      await expect(cal.post(p.id)).toBeVisible();
      await expect(cal.post(p.id).locator('time')).toHaveText(w.chip);
      expect(await cal.monthDayOf(p.id)).toBe(w.day);
    }

    // A busy day collapses into "+N more", which opens the day's whole list.
    const more = cal.screen.locator('[data-more-posts]').first();
    await expect(more).toBeVisible();
    const hidden = Number((await more.innerText()).match(/\d+/)![0]);
    // The posts its cell draws above it: as many as the cell's height holds.
    const drawn = await more.locator('xpath=ancestor::*[@data-day][1]').locator('[data-post-id]').count();
    expect(drawn).toBeGreaterThan(0);
    await more.click();
    const overlay = page.locator('[data-day-list]');
    await expect(overlay.locator('[data-post-id]')).toHaveCount(hidden + drawn);
    await snap(page, 'calendar-month-more');
    await cal.title.click();
    await expect(overlay).toHaveCount(0);

    await cal.view('Week');
    await snap(page, 'calendar-week');
    let checked = 0;
    for (const p of all) {
      if ((await cal.post(p.id).count()) === 0) continue;
      const w = wallIn(p.publishDate, NY);
      const slot = await cal.weekSlotOf(p.id);
      expect(slot.header).toMatch(new RegExp(`\\b${w.day}$`));
      // A post sits in the 30-minute row that holds its time (9:20 in the 9:00 row).
      expect(Math.abs(slot.minutes - rowOf(w.minutes))).toBeLessThanOrEqual(3);
      await expect(cal.post(p.id).locator('time')).toHaveText(w.chip);
      checked++;
    }
    expect(checked).toBeGreaterThan(2);

    await cal.view('Day');
    await snap(page, 'calendar-day');
    await cal.view('Agenda');
    await snap(page, 'calendar-agenda');

    await page.emulateMedia({ colorScheme: 'dark' });
    await cal.view('Month');
    await snap(page, 'calendar-month-dark');
    await cal.view('Week');
    await snap(page, 'calendar-week-dark');
  });

  test('across a DST change every view keeps 9:00 AM at 9:00 AM, in New York and then in Paris', async ({
    page,
  }) => {
    const now = Date.now();
    const [a, b] = movable(await svc.posts(now, now + 14 * DAY), now);
    // The next Saturday that is the last day of EST, and Sunday the first of EDT (13 and 14 March 2027).
    const { year, day: sun } = nextNyDstStart(now);
    const sat = sun - 1;
    const key = (d: number) => `${year}-03-${String(d).padStart(2, '0')}`;
    const satInstant = nyInstant(year, 3, sat, 9);
    const sunInstant = nyInstant(year, 3, sun, 9);
    expect([satInstant, sunInstant]).toEqual([`${key(sat)}T14:00:00.000Z`, `${key(sun)}T13:00:00.000Z`]);
    await svc.reschedule(a!.id, satInstant);
    await svc.reschedule(b!.id, sunInstant);

    await cal.view('Week');
    await cal.jumpTo(key(sun));
    await expect(cal.post(a!.id)).toBeVisible();
    await cal.scrollToMinutes(9 * 60);
    expect(await cal.weekSlotOf(a!.id)).toEqual({ header: `Sat ${sat}`, minutes: 540 });
    expect(await cal.weekSlotOf(b!.id)).toEqual({ header: `Sun ${sun}`, minutes: 540 });
    await expect(cal.post(a!.id).locator('time')).toHaveText('9am');
    await expect(cal.post(b!.id).locator('time')).toHaveText('9am');
    await expect(page.getByTestId('calendar-zone')).toHaveText('EST → EDT');
    await snap(page, 'calendar-week-dst');

    await cal.view('Month');
    expect(await cal.monthDayOf(a!.id)).toBe(sat);
    expect(await cal.monthDayOf(b!.id)).toBe(sun);

    await cal.view('Agenda');
    await cal.jumpTo(key(sat));
    const rows = page.locator('[data-calendar-view="agenda"] tbody tr');
    await expect(rows.filter({ has: cal.post(a!.id) })).toContainText(`Sat Mar ${sat}`);
    await expect(rows.filter({ has: cal.post(b!.id) })).toContainText(`Sun Mar ${sun}`);

    // Paris is still on winter time (its DST starts on March's last Sunday): 15:00 and 14:00.
    await cal.setZone('Europe/Paris');
    await cal.view('Day');
    await cal.jumpTo(key(sun));
    await expect(cal.post(b!.id).locator('time')).toHaveText('2pm');
    await cal.jumpTo(key(sat));
    await expect(cal.post(a!.id).locator('time')).toHaveText('3pm');
  });

  test('dragging in the week view reschedules through the service, and Undo puts it back', async ({
    page,
  }) => {
    const now = Date.now();
    const target = instantToWall(now + 8 * DAY, NY);
    await cal.view('Week');
    await cal.jumpTo(wallDateKey(target));
    const weekRange = rangeInstants(visibleWallRange('week', target), NY);
    const candidates = movable(await svc.posts(Date.parse(weekRange.start), Date.parse(weekRange.end)), now);
    const post = candidates.find(
      (p) => !p.group || candidates.filter((q) => q.group === p.group).length === 1,
    )!;
    const from = post.publishDate;
    const w = instantToWall(Date.parse(from), NY);
    // To the next day (the previous one on Sundays), dropped on the 10:00 row.
    const day = nextDayTenOClockRow(w);
    const expected = wallToInstant(day, NY).toISOString();

    await expect(cal.post(post.id)).toBeVisible();
    await cal.scrollToMinutes(Math.min(w.getHours() * 60, 600));
    await cal.drag(post.id, await cal.weekPoint(day.getDate(), 600));
    await expect(cal.toast('Moved')).toBeVisible();
    expect(await cal.weekSlotOf(post.id)).toMatchObject({ minutes: 600 });
    await expectServiceDate(svc, post.id, expected);
    await snap(page, 'calendar-week-after-drag');

    await cal.toast('Moved').getByRole('button', { name: 'Undo' }).click();
    await expectServiceDate(svc, post.id, from);

    // Ctrl+Z does the same as the button.
    await cal.scrollToMinutes(Math.min(w.getHours() * 60, 600));
    await cal.drag(post.id, await cal.weekPoint(day.getDate(), 600));
    await expectServiceDate(svc, post.id, expected);
    await page.keyboard.down('Control');
    await page.keyboard.down('z');
    await expectServiceDate(svc, post.id, from);
    // One press, one undo: the key's release, Ctrl still held, undoes nothing more (it used to
    // undo again, here saying "Nothing to undo").
    await page.keyboard.up('z');
    await page.keyboard.up('Control');
    await page.waitForTimeout(300);
    await expect(cal.toast('Nothing to undo')).toHaveCount(0);

    // While dragging, the row under the post shows where it would land; Escape puts it back, and
    // the release that follows moves nothing.
    await cal.scrollToMinutes(Math.min(w.getHours() * 60, 600));
    const before = await cal.weekSlotOf(post.id);
    const box = (await cal.event(post.id).boundingBox())!;
    const point = await cal.weekPoint(day.getDate(), 600);
    await page.mouse.move(box.x + Math.min(24, box.width / 2), box.y + 5);
    await page.mouse.down();
    await page.mouse.move(point.x, point.y + 5, { steps: 10 });
    const landing = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(
      new Date(2000, 0, 1, 10, w.getMinutes() % 30),
    );
    await expect(page.locator('.cal-drop-preview')).toContainText(landing);
    await snap(page, 'calendar-week-dragging');
    await page.keyboard.press('Escape');
    await expect(page.locator('.cal-drop-preview')).toHaveCount(0);
    await page.mouse.up();
    expect(await cal.weekSlotOf(post.id)).toEqual(before);
    await expectServiceDate(svc, post.id, from);
    // The next click on the post opens it as usual.
    await cal.post(post.id).click();
    await expect(page.getByRole('complementary')).toBeVisible();
  });

  test('dropping on a day in the month view keeps the time of day, across the DST change too', async ({
    page,
  }) => {
    const now = Date.now();
    const [post] = movable(await svc.posts(now, now + 14 * DAY), now);
    // 9:45 AM EST four days before the change (10 March 2027), dropped two days after it (16 March,
    // EDT): 9:45 AM EDT, not 23:59 or midnight.
    const { year, day: sun } = nextNyDstStart(now);
    await svc.reschedule(post!.id, nyInstant(year, 3, sun - 4, 9, 45));
    await cal.view('Month');
    await cal.jumpTo(`${year}-03-${String(sun - 4).padStart(2, '0')}`);
    await expect(cal.post(post!.id)).toBeVisible();
    await cal.drag(post!.id, await cal.monthPoint(sun + 2));
    await expect(cal.toast('Moved')).toBeVisible();
    expect(await cal.monthDayOf(post!.id)).toBe(sun + 2);
    await expect(cal.post(post!.id).locator('time')).toHaveText('9:45am');
    await expectServiceDate(svc, post!.id, nyInstant(year, 3, sun + 2, 9, 45));
    await snap(page, 'calendar-month-after-drop');
  });

  test('published posts and past slots refuse a move and say why', async ({ page }) => {
    const now = Date.now();
    const posts = await svc.posts(now - 14 * DAY, now + 14 * DAY);
    // The earliest post of its day, so a month cell shows it (later ones may be behind "+N more").
    const dayKey = (p: PostListItem) => wallDateKey(instantToWall(Date.parse(p.publishDate), NY));
    const firstOfDay = (p: PostListItem) =>
      posts.every((q) => dayKey(q) !== dayKey(p) || q.publishDate >= p.publishDate);
    const published = posts.find(
      (p) => p.state === 'published' && Date.parse(p.publishDate) > now - 6 * DAY && firstOfDay(p),
    )!;
    const future = movable(posts, now + 3_600_000).find((p) => Date.parse(p.publishDate) < now + 6 * DAY)!;
    await cal.view('Month');
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(published.publishDate), NY)));
    await expect(cal.post(published.id)).toHaveAttribute('title', /Published posts cannot be moved/);
    // Onto a day to come that the grid draws (at a month's end, one of the next month's first days).
    const ahead = wallDateKey(instantToWall(now + 2 * DAY, NY));
    const target = (await cal.monthDays()).find((d) => d >= ahead) ?? (await cal.monthDays()).at(-1)!;
    await cal.drag(published.id, await cal.monthPoint(parseWallDateKey(target)!));
    await expect(cal.toast('Published posts cannot be moved.')).toBeVisible();

    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(future.publishDate), NY)));
    await cal.post(future.id).focus();
    // A week back is in the past for a post less than a week ahead: refused, and nothing is sent.
    await page.keyboard.press('Alt+ArrowUp');
    await expect(cal.toast('That time has already passed. Pick a time later than now.')).toBeVisible();
    await page.waitForTimeout(1_000);
    expect((await svc.post(future.id))?.publishDate).toBe(future.publishDate);
  });

  test('the brand switcher shows the other brand in its own zone setting', async ({ page, service }) => {
    const brands = await page.evaluate(() => window.api.listBrands({}));
    const other = brands.ok ? brands.value.find((b) => !b.active)! : null;
    const otherSvc = ServiceView.of(service, other!.id);
    const now = Date.now();
    const [post] = (await otherSvc.posts(now, now + 12 * DAY)).sort((a, b) =>
      a.publishDate.localeCompare(b.publishDate),
    );
    await page.getByRole('combobox', { name: 'Brand', exact: true }).selectOption(other!.id);
    // The zone is the brand's own setting: the other brand has none, so the system's (UTC here) applies.
    await expect(cal.zone).toHaveValue('');
    await cal.view('Agenda');
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(post!.publishDate), 'UTC')));
    await expect(cal.post(post!.id).locator('time')).toHaveText(wallIn(post!.publishDate, 'UTC').chip, {
      useInnerText: true,
    });
    await expect(cal.post(post!.id)).toBeAttached();
  });

  test('keyboard: arrows move the focus, Alt+arrows move the post, Enter opens, Delete asks', async ({
    page,
  }) => {
    const now = Date.now();
    const target = instantToWall(now + 8 * DAY, NY);
    await cal.view('Week');
    await cal.jumpTo(wallDateKey(target));
    const weekRange = rangeInstants(visibleWallRange('week', target), NY);
    const posts = movable(await svc.posts(Date.parse(weekRange.start), Date.parse(weekRange.end)), now);
    const post = posts.find((p) => posts.filter((q) => q.group === p.group).length === 1)!;
    await cal.post(post.id).focus();
    await expect(cal.post(post.id)).toBeFocused();

    await page.keyboard.press('Alt+ArrowDown');
    const later = new Date(Date.parse(post.publishDate) + 30 * 60_000).toISOString();
    await expectServiceDate(svc, post.id, later);
    await expect(cal.post(post.id)).toBeFocused();
    const w = instantToWall(Date.parse(later), NY);
    const nextDay = wallToInstant(
      new Date(w.getFullYear(), w.getMonth(), w.getDate() + 1, w.getHours(), w.getMinutes()),
      NY,
    );
    await page.keyboard.press('Alt+ArrowRight');
    await expectServiceDate(svc, post.id, nextDay.toISOString());

    await page.keyboard.press('ArrowDown');
    await expect(cal.screen.locator('[data-post-id]:focus')).toHaveCount(1);
    const focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.postId);
    expect(focused).toBeTruthy();

    await page.keyboard.press('Enter');
    await expect(page.getByRole('complementary')).toBeVisible();
    await page.keyboard.press('Escape');
    await cal.post(post.id).focus();
    await page.keyboard.press('Delete');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete this post?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await svc.post(post.id)).not.toBeNull();
  });

  test('a crowded half hour in the week view folds into "+N"; its list opens, moves and drags posts', async ({
    page,
  }) => {
    const now = Date.now();
    // Four single-account posts into 14:05-14:25 New York time, ten days ahead: one row of the week.
    const d = instantToWall(now + 10 * DAY, NY);
    const singles = movable(await svc.posts(now, now + 14 * DAY), now).filter(
      (p, _, all) => all.filter((q) => q.group === p.group).length === 1,
    );
    const minutes = [5, 10, 20, 25];
    for (const [i, m] of minutes.entries())
      await svc.reschedule(singles[i]!.id, nyInstant(d.getFullYear(), d.getMonth() + 1, d.getDate(), 14, m));
    // A fifth one alone in the row above or below, to move into the crowded row by keyboard later.
    const ny = (h: number, m: number) => nyInstant(d.getFullYear(), d.getMonth() + 1, d.getDate(), h, m);
    const rowIsFree = async (h: number) =>
      (await svc.posts(Date.parse(ny(h, 30)), Date.parse(ny(h, 59)))).length === 0;
    const [from, key] = (await rowIsFree(13)) ? [13, 'Alt+ArrowDown'] : [14, 'Alt+ArrowUp'];
    const extra = singles[4]!;
    await svc.reschedule(extra.id, ny(from, 35));
    const rowStart = Date.parse(ny(14, 0));
    const inRow = (await svc.posts(rowStart, rowStart + 30 * 60_000 - 1))
      .filter((p) => Date.parse(p.publishDate) < rowStart + 30 * 60_000)
      .sort((a, b) => a.publishDate.localeCompare(b.publishDate) || a.id.localeCompare(b.id));
    expect(inRow.length).toBeGreaterThanOrEqual(4);

    await cal.view('Week');
    await cal.jumpTo(wallDateKey(d));
    await cal.scrollToMinutes(14 * 60);
    // The row shows its first post and a chip for the rest, nothing squeezed beside them.
    const chip = cal.screen.locator('.more-chip');
    await expect(chip).toHaveCount(1);
    await expect(chip).toHaveText(`+${inRow.length - 1}`);
    await expect(cal.post(inRow[0]!.id)).toBeVisible();
    for (const p of inRow.slice(1)) await expect(cal.post(p.id)).toHaveCount(0);
    expect(await cal.weekSlotOf(inRow[0]!.id)).toMatchObject({ minutes: 14 * 60 });
    // Side by side in their row: the post takes what the chip (2.25rem) leaves of the column.
    const column = (await page
      .locator('[data-day-column]', { has: page.locator('.more-chip') })
      .boundingBox())!;
    // In a week a post's box is its cell, and the chip is its own box.
    const postBox = (await cal.event(inRow[0]!.id).boundingBox())!;
    const chipBox = (await chip.boundingBox())!;
    expect(Math.abs(postBox.y - chipBox.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(postBox.height - chipBox.height)).toBeLessThanOrEqual(1);
    const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    expect(Math.abs(chipBox.width - 2.25 * rem)).toBeLessThanOrEqual(1);
    expect(Math.abs(postBox.x + postBox.width - chipBox.x)).toBeLessThanOrEqual(1);
    expect(postBox.x - column.x).toBeLessThanOrEqual(2);
    expect(column.x + column.width - (chipBox.x + chipBox.width)).toBeLessThanOrEqual(5);

    // The chip lists every post of the row in time order, at their New York times.
    await chip.click();
    const list = page.getByRole('dialog', { name: new RegExp(`^${inRow.length} posts`) });
    await expect(list).toBeVisible();
    const rows = list.locator('.more-list__row');
    await expect(rows).toHaveCount(inRow.length);
    for (const [i, p] of inRow.entries()) {
      await expect(rows.nth(i)).toHaveAttribute('data-list-post-id', p.id);
      await expect(rows.nth(i).locator('time')).toHaveText(wallIn(p.publishDate, NY).time);
    }
    await snap(page, 'calendar-week-crowded-row');

    // Keyboard: the first post has the focus, arrows walk the list, Escape gives the focus back to the chip.
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(list).toHaveCount(0);
    await expect(chip).toBeFocused();
    // Enter opens the list again, and Enter on a post opens its details.
    await page.keyboard.press('Enter');
    await expect(rows.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(list).toHaveCount(0);
    await expect(page.getByRole('complementary')).toBeVisible();
    await page.getByRole('button', { name: 'Close details' }).click();

    // A post dragged out of the list onto another day's 13:00 row lands there at its own minutes.
    const dragged = inRow.find((p) => wallIn(p.publishDate, NY).minutes === 14 * 60 + 20)!;
    const toDay = new Date(d.getFullYear(), d.getMonth(), d.getDate() + (d.getDay() === 0 ? -1 : 1));
    await chip.click();
    await expect(list).toBeVisible();
    const point = await cal.weekPoint(toDay.getDate(), 13 * 60);
    const source = list.locator(`[data-list-post-id="${dragged.id}"]`);
    await source.dragTo(page.locator('[data-time-body]'), {
      targetPosition: await page.evaluate((p) => {
        const box = document.querySelector('[data-time-body]')!.getBoundingClientRect();
        return { x: p.x - box.left, y: p.y - box.top };
      }, point),
    });
    await expect(cal.toast('Moved')).toBeVisible();
    await expectServiceDate(
      svc,
      dragged.id,
      nyInstant(toDay.getFullYear(), toDay.getMonth() + 1, toDay.getDate(), 13, 20),
    );
    await expect(chip).toHaveText(`+${inRow.length - 2}`);

    // Alt+arrows into the crowded row: the post's own cell or the row's chip keeps the focus.
    await cal.scrollToMinutes(13 * 60);
    await cal.post(extra.id).focus();
    await page.keyboard.press(key);
    await expectServiceDate(svc, extra.id, ny(14, 5));
    await expect
      .poll(() =>
        page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          return active?.classList.contains('more-chip') ? 'chip' : (active?.dataset.postId ?? 'none');
        }),
      )
      .toMatch(new RegExp(`^(chip|${extra.id})$`));
  });

  test('Shift while dragging moves every post of a multi-account group by the same offset', async ({
    page,
  }) => {
    const now = Date.now();
    const posts = await svc.posts(now, now + 14 * DAY);
    const groupOf = new Map<string, PostListItem[]>();
    for (const p of posts) if (p.group) groupOf.set(p.group, [...(groupOf.get(p.group) ?? []), p]);
    const group = [...groupOf.values()].find((g) => g.length > 2 && g.every((p) => p.state === 'scheduled'))!;
    const first = group[0]!;
    const w = instantToWall(Date.parse(first.publishDate), NY);
    await cal.view('Week');
    await cal.jumpTo(wallDateKey(w));
    await expect(cal.post(first.id)).toHaveAttribute(
      'aria-label',
      new RegExp(`one of a group of ${group.length}`),
    );
    // Two hours later, same day: every post of the group moves by those two hours.
    const minutes = w.getHours() * 60 + w.getMinutes() + 120;
    await cal.scrollToMinutes(minutes - 120);
    await cal.drag(first.id, await cal.weekPoint(w.getDate(), minutes), { shift: true });
    await expect(cal.toast(`Moved ${group.length} posts`)).toBeVisible();
    for (const p of group)
      await expectServiceDate(svc, p.id, new Date(Date.parse(p.publishDate) + 2 * 3_600_000).toISOString());
    await snap(page, 'calendar-week-group-move');

    // The keyboard does the same with Alt+Shift: one slot later for every post of the group.
    await cal.post(first.id).focus();
    await page.keyboard.press('Alt+Shift+ArrowDown');
    await expect(cal.toast(`Moved ${group.length} posts`).last()).toBeVisible();
    for (const p of group) {
      await expectServiceDate(svc, p.id, new Date(Date.parse(p.publishDate) + 150 * 60_000).toISOString());
    }
  });

  test('filters by platform, account and state, with counts per state for the visible range', async ({
    page,
  }) => {
    await cal.view('Month');
    const today = instantToWall(Date.now(), NY);
    const range = rangeInstants(visibleWallRange('month', today), NY);
    const posts = await svc.posts(Date.parse(range.start), Date.parse(range.end));
    const counts = new Map<string, number>();
    for (const p of posts) counts.set(p.state, (counts.get(p.state) ?? 0) + 1);
    for (const state of ['draft', 'scheduled', 'publishing', 'published', 'error']) {
      await expect(page.getByTestId(`count-${state}`)).toHaveText(String(counts.get(state) ?? 0));
    }

    await cal.view('Agenda');
    await cal.jumpTo(wallDateKey(today));
    const cells = cal.screen.locator('[data-calendar-view="agenda"] [data-post-id]');
    await expect(cells.first()).toBeVisible();
    await page.locator('summary', { hasText: 'Platforms' }).click();
    await page.getByRole('checkbox', { name: 'X', exact: true }).check();
    await expect(cells.first()).toBeVisible();
    for (const label of await cells.evaluateAll((els) =>
      els.map((e) => e.getAttribute('aria-label') ?? ''),
    )) {
      expect(label).toMatch(/post, X, /);
    }
    await snap(page, 'calendar-agenda-filtered');
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // A state chip is named by its visible words: "Scheduled 3 posts".
    await page.getByRole('button', { name: /^Scheduled \d+ posts$/ }).click();
    await expect(page.getByRole('button', { name: /^Scheduled \d+ posts$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    for (const label of await cells.evaluateAll((els) =>
      els.map((e) => e.getAttribute('aria-label') ?? ''),
    )) {
      expect(label).toMatch(/^Scheduled post/);
    }
    await page.getByRole('button', { name: 'Clear filters' }).click();

    const account = posts.find((p) => p.integration.name)!.integration;
    await page.locator('summary', { hasText: 'Accounts' }).click();
    await page
      .getByRole('checkbox', { name: new RegExp(`^${account.name}`) })
      .first()
      .check();
    for (const label of await cells.evaluateAll((els) =>
      els.map((e) => e.getAttribute('aria-label') ?? ''),
    )) {
      expect(label).toContain(`, ${account.name},`);
    }
  });

  test('the month holds each text cut to what a chip shows; a post hovered or opened is read whole', async ({
    page,
  }) => {
    const now = Date.now();
    const today = wallIn(new Date(now).toISOString(), NY).wall;
    const all = await svc.posts(now - 40 * DAY, now + 40 * DAY);
    const firstLine = (p: PostListItem) => (p.content ?? '').split('\n')[0]!.trim();
    // The first post of each day of this month (the month view always has room for it) whose
    // first line is longer than a month chip keeps.
    const byDay = new Map<string, PostListItem>();
    for (const p of [...all].sort((a, b) => a.publishDate.localeCompare(b.publishDate))) {
      const w = wallIn(p.publishDate, NY);
      if (w.month === today.getMonth() && !byDay.has(String(w.day))) byDay.set(String(w.day), p);
    }
    const [hovered, opened] = [...byDay.values()].filter((p) => firstLine(p).length > CHIP_TEXT_CHARS + 5);
    expect(hovered && opened).toBeTruthy();

    await cal.view('Month');
    const chip = cal.post(hovered!.id);
    // Only the start of the line crossed from main, said to be cut.
    await expect(chip.locator('.post-cell__text')).toHaveText(
      `${firstLine(hovered!).slice(0, CHIP_TEXT_CHARS)}…`,
    );
    await expect(chip).toHaveAttribute('title', /…/);
    // Resting on it reads it whole: its tooltip says the whole first line.
    await chip.hover();
    await expect(chip).toHaveAttribute('title', new RegExp(escapeRegExp(firstLine(hovered!))));
    await expect(chip.locator('.post-cell__text')).toHaveText(firstLine(hovered!));

    const other = cal.post(opened!.id);
    await expect(other.locator('.post-cell__text')).toHaveText(
      `${firstLine(opened!).slice(0, CHIP_TEXT_CHARS)}…`,
    );
    await page.mouse.move(0, 0);
    await other.click();
    const panel = page.getByRole('complementary');
    await expect(panel).toContainText(firstLine(opened!));
    // The calendar's own copy was read whole too.
    await expect(other.locator('.post-cell__text')).toHaveText(firstLine(opened!));

    // The week holds far fewer posts: its chips keep the whole line.
    await cal.view('Week');
    const w = wallIn(opened!.publishDate, NY);
    await cal.jumpTo(wallDateKey(w.wall));
    await cal.scrollToMinutes(w.minutes);
    await expect(cal.post(opened!.id).locator('.post-cell__text')).toHaveText(firstLine(opened!));
  });

  test('the details panel shows every block, media, settings, group and state; delete removes the group', async ({
    page,
  }) => {
    const now = Date.now();
    const posts = await svc.posts(now - 14 * DAY, now + 14 * DAY);
    const thread = posts.find((p) => (p.blockCount ?? 1) > 2 && p.state === 'scheduled')!;
    const detail = (await svc.post(thread.id))!;
    await cal.view('Agenda');
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(thread.publishDate), NY)));
    await cal.post(thread.id).click();
    const panel = page.getByRole('complementary');
    await expect(panel.getByTestId('details-block')).toHaveCount(detail.value.length);
    for (const block of detail.value) await expect(panel).toContainText(block.content.slice(0, 40));
    await expect(panel.getByTestId('details-state')).toHaveText('Scheduled');
    await expect(panel.getByTestId('details-date')).toContainText(wallIn(thread.publishDate, NY).time);
    await expect(panel.getByTestId('details-date')).toContainText('America/New_York');
    await snap(page, 'calendar-details-thread');
    await panel.getByRole('button', { name: 'Close details' }).click();

    const withImage = posts.find((p) => p.integration.platform === 'instagram' && p.state === 'scheduled')!;
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(withImage.publishDate), NY)));
    await cal.post(withImage.id).click();
    await expect(panel.locator('.cal-details__media img').first()).toBeVisible();
    // Instagram's settings (post or story) are listed by name.
    const settings = panel.getByRole('region', { name: 'Platform settings' });
    await expect(settings).toContainText('Post or story');
    await snap(page, 'calendar-details-instagram');
    await panel.getByRole('button', { name: 'Close details' }).click();

    const failed = posts.find((p) => p.state === 'error')!;
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(failed.publishDate), NY)));
    await expect(cal.post(failed.id)).toHaveAttribute('title', /Error: .*disconnected/);
    await cal.post(failed.id).click();
    await expect(panel.getByTestId('details-error')).toContainText('disconnected');
    await panel.getByRole('button', { name: 'Close details' }).click();

    // Reschedule from the panel with the date-time picker, in the brand's zone.
    const single = movable(posts, now).find((p) => posts.filter((q) => q.group === p.group).length === 1)!;
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(single.publishDate), NY)));
    await cal.post(single.id).click();
    const when = instantToWall(now + 9 * DAY, NY);
    await panel.getByLabel('New publish time (America/New_York)').fill(`${wallDateKey(when)}T16:20`);
    await panel.getByRole('button', { name: 'Reschedule' }).click();
    await expectServiceDate(
      svc,
      single.id,
      nyInstant(when.getFullYear(), when.getMonth() + 1, when.getDate(), 16, 20),
    );
    await expect(panel.getByTestId('details-date')).toContainText('4:20 PM');
    await panel.getByRole('button', { name: 'Close details' }).click();

    const groups = new Map<string, PostListItem[]>();
    for (const p of posts) if (p.group) groups.set(p.group, [...(groups.get(p.group) ?? []), p]);
    const group = [...groups.values()].find((g) => g.length > 2 && g.every((p) => p.state === 'scheduled'))!;
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(group[0]!.publishDate), NY)));
    await cal.post(group[0]!.id).click();
    await expect(panel.getByTestId('details-group')).toContainText(`${group.length} posts share this group`);
    await panel.getByRole('button', { name: `Delete all ${group.length} posts of the group` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Delete all ${group.length} posts of this group?`);
    await snap(page, 'calendar-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    for (const p of group) await expect(cal.post(p.id)).toHaveCount(0);
    for (const p of group) await expect.poll(() => svc.post(p.id), { timeout: 20_000 }).toBeNull();
  });

  test('a post with media shows its thumbnail and its text beside its time; month chips keep the time', async ({
    page,
  }) => {
    const now = Date.now();
    const posts = await svc.posts(now - 14 * DAY, now + 14 * DAY);
    const withImage = posts.find((p) => p.integration.platform === 'instagram' && p.thumbnail)!;
    const without = posts.find((p) => !p.thumbnail)!;
    expect(withImage.thumbnail).toMatch(/^http/);
    const w = wallIn(withImage.publishDate, NY);

    await cal.view('Day');
    await cal.jumpTo(wallDateKey(w.wall));
    await cal.scrollToMinutes(w.minutes);
    const cell = cal.post(withImage.id);
    await expect(cell.locator('img.post-cell__thumb')).toHaveAttribute('src', withImage.thumbnail!);
    await expect(cell.locator('img.post-cell__thumb')).toBeVisible();
    await expect(cell.locator('.post-cell__text')).toBeVisible();
    await expect(cell.locator('.post-cell__text')).toHaveText(withImage.content!.split('\n')[0]!.trim());
    await expect(cell).toHaveAttribute('aria-label', /with media/);
    // The thumbnail is drawn once loaded, not a broken image: polled, as a picture loads in its own time.
    await expect
      .poll(() => cell.locator('img.post-cell__thumb').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await snap(page, 'calendar-day-thumbnail');

    await cal.view('Week');
    await cal.scrollToMinutes(w.minutes);
    await expect(cal.post(withImage.id).locator('time')).toHaveText(w.chip);
    await snap(page, 'calendar-week-thumbnail');
    // A 1024 px window's week column has room for the time and some words, not a picture too
    // (with it, one or two letters were left: 20 px).
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 1024, height: 700 });
    await cal.scrollToMinutes(w.minutes);
    await expect(cal.post(withImage.id).locator('img.post-cell__thumb')).toBeHidden();
    await expect
      .poll(() =>
        cal
          .post(withImage.id)
          .locator('.post-cell__text')
          .evaluate((e) => e.getBoundingClientRect().width),
      )
      .toBeGreaterThan(30);
    await snap(page, 'calendar-week-thumbnail-1024');
    await page.setViewportSize(size);

    await cal.view('Month');
    await cal.jumpTo(wallDateKey(instantToWall(Date.parse(without.publishDate), NY)));
    const chip = cal.post(without.id);
    if ((await chip.count()) > 0) {
      await expect(chip.locator('time')).toBeVisible();
      await expect(chip.locator('img.post-cell__thumb')).toHaveCount(0);
    }
  });

  test('a move the service refuses goes back, with the reason', async ({ page }) => {
    const now = Date.now();
    const target = instantToWall(now + 8 * DAY, NY);
    await cal.view('Week');
    await cal.jumpTo(wallDateKey(target));
    const weekRange = rangeInstants(visibleWallRange('week', target), NY);
    const posts = movable(await svc.posts(Date.parse(weekRange.start), Date.parse(weekRange.end)), now);
    const post = posts.find((p) => posts.filter((q) => q.group === p.group).length === 1)!;
    await expect(cal.post(post.id)).toBeVisible();
    // The week's pulls are done before the deletion: one landing after it would take the post off
    // the calendar before the drag, and the move would never reach the service (seen at load 14).
    await page.evaluate(() => window.api.syncNow({}));
    await expect(cal.post(post.id)).toBeVisible();
    // Someone deletes it on the service (another device, the dashboard) after the calendar loaded it.
    await svc.deleteGroup(post.group!);
    const w = instantToWall(Date.parse(post.publishDate), NY);
    await cal.scrollToMinutes(Math.min(w.getHours() * 60, 600));
    await cal.drag(post.id, await cal.weekPoint(w.getDate(), 600));
    await expect(cal.toast(/did not go through: .+It was put back/)).toBeVisible({ timeout: 20_000 });
    // The "Moved… Undo" notice of that move no longer holds, so it is not left beside the refusal.
    await expect(cal.toast(/^Moved/)).toHaveCount(0);
    // Back at its time on the service's copy, with the reason on the post.
    await expect(cal.post(post.id)).toHaveAttribute('title', /Error: /);
    await snap(page, 'calendar-refused-move');
    expect(await svc.post(post.id)).toBeNull();
    // The refused move waits in the Outbox, wherever the user is, until retried or discarded.
    await page.getByRole('button', { name: /^Outbox/ }).click();
    const outbox = page.locator('#outbox-panel');
    const item = outbox.locator('.outbox-item-failed');
    await expect(item).toContainText('Not sent');
    await expect(item.getByRole('button', { name: 'Retry' })).toBeVisible();
    await snap(page, 'calendar-refused-move-outbox');
    await item.getByRole('button', { name: 'Discard…' }).click();
    await item.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect(outbox.getByText('Nothing waiting')).toBeVisible();
  });
});

test('offline: the calendar shows the saved posts, a move is queued and goes out on reconnect', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // A service of this test's own, so it can go away and come back on the same address and data.
  const dataDir = await mkdtemp(join(tmpdir(), 'postdeck-calendar-offline-'));
  const start = (port = 0) => startService({ dataDir, port, host: '127.0.0.1', log: false });
  let running: RunningService = await start();
  const port = Number(new URL(running.baseUrl).port);
  const key = sandboxKey(running.sandbox, 'full-test');
  const token = key.token;
  const brandId = running.sandbox.organizations.find((o) => o.id === key.organizationId)!.brands[0]!.id;
  try {
    const connected = await page.evaluate((input) => window.api.connectProfile(input), {
      baseUrl: running.baseUrl,
      apiKey: token,
      brandId,
    });
    expect(connected.ok ? null : connected.error.message).toBeNull();
    await page.reload();
    const cal = new CalendarPage(page);
    await expect(cal.screen).toBeVisible();
    const svc = new ServiceView(running.baseUrl, token, brandId);
    await cal.setZone(NY);
    const now = Date.now();
    const target = instantToWall(now + 8 * DAY, NY);
    await cal.view('Week');
    await cal.jumpTo(wallDateKey(target));
    const weekRange = rangeInstants(visibleWallRange('week', target), NY);
    const posts = movable(await svc.posts(Date.parse(weekRange.start), Date.parse(weekRange.end)), now);
    const post = posts.find((p) => posts.filter((q) => q.group === p.group).length === 1)!;
    await expect(cal.post(post.id)).toBeVisible();

    await running.close();
    // A range not fetched yet comes from what main saved, and the calendar says so.
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByTestId('calendar-offline')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/You are offline/)).toBeVisible();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(cal.post(post.id)).toBeVisible();

    const w = instantToWall(Date.parse(post.publishDate), NY);
    const day = nextDayTenOClockRow(w);
    await cal.scrollToMinutes(Math.min(w.getHours() * 60, 600));
    await cal.drag(post.id, await cal.weekPoint(day.getDate(), 600));
    await expect(cal.toast('Moved')).toBeVisible();
    await expect(cal.post(post.id)).toHaveAttribute('aria-label', /change pending sync/);
    expect(await cal.weekSlotOf(post.id)).toMatchObject({ minutes: 600 });
    await snap(page, 'calendar-offline-queued');

    running = await start(port);
    await expectServiceDateWithin(svc, post.id, wallToInstant(day, NY).toISOString(), 90_000);
    await expect(cal.post(post.id)).not.toHaveAttribute('aria-label', /change pending sync/, {
      timeout: 30_000,
    });
  } finally {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

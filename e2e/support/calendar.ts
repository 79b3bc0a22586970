import { mkdir } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import { PostDetail, PostListResponse, type PostListItem } from '../../shared/api/resources.js';
import { instantToWall, wallDateKey, wallToInstant } from '../../renderer/calendar/time.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { TestService } from '../fixtures.js';

/*
 * Runs in the Playwright test process. The calendar specs' helpers: the service's own answers to
 * compare the screen with (ServiceView), what a user sees and does on the calendar (CalendarPage),
 * and the New York wall-clock arithmetic the specs check times with.
 */

export const NY = 'America/New_York';
export const DAY = 86_400_000;

/** The service's own answers, read with the same key the app uses, to compare the screen with. */
export class ServiceView {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    readonly brandId: string,
  ) {}

  static of(service: TestService, brandId: string): ServiceView {
    return new ServiceView(service.baseUrl, service.key('full-test'), brandId);
  }

  private async request(path: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${this.token}`,
        'x-brand-id': this.brandId,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
  }

  async posts(startMs: number, endMs: number): Promise<PostListItem[]> {
    const q = new URLSearchParams({
      startDate: new Date(startMs).toISOString(),
      endDate: new Date(endMs).toISOString(),
    });
    const response = await this.request(`/posts?${q}`);
    expect(response.status).toBe(200);
    return PostListResponse.parse(await response.json()).posts;
  }

  async post(id: string): Promise<PostDetail | null> {
    const response = await this.request(`/posts/${id}`);
    if (response.status === 404) return null;
    expect(response.status).toBe(200);
    return PostDetail.parse(await response.json());
  }

  async reschedule(id: string, date: string): Promise<void> {
    const response = await this.request(`/posts/${id}/date`, {
      method: 'PUT',
      body: JSON.stringify({ date }),
    });
    expect(response.status).toBe(200);
  }

  async deleteGroup(group: string): Promise<void> {
    const response = await this.request(`/posts/${group}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
  }
}

/** What the user sees of the calendar screen. */
export class CalendarPage {
  readonly screen: Locator;
  readonly zone: Locator;
  readonly title: Locator;

  constructor(readonly page: Page) {
    this.screen = page.getByRole('region', { name: 'Calendar' });
    this.zone = page.getByRole('combobox', { name: 'Brand time zone' });
    this.title = page.locator('.cal-toolbar__title');
  }

  post(id: string): Locator {
    return this.page.locator(`[data-post-id="${id}"]`);
  }

  async view(name: 'Month' | 'Week' | 'Day' | 'Agenda'): Promise<void> {
    await this.page.getByRole('group', { name: 'View' }).getByRole('button', { name, exact: true }).click();
    await expect(this.page.getByRole('button', { name, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }

  async jumpTo(isoDay: string): Promise<void> {
    await this.page.getByLabel('Jump to date').fill(isoDay);
  }

  async setZone(zone: string): Promise<void> {
    await pickZone(this.zone, zone);
  }

  /** The calendar box of a post (what a user grabs to drag it): around its cell, or (week, day) the cell itself. */
  event(id: string): Locator {
    return this.page.locator(
      `[data-post-box]:has([data-post-id="${id}"]), [data-post-box][data-post-id="${id}"]`,
    );
  }

  /** Drags a post with the mouse to a point, holding Shift for a group move when asked. */
  async drag(id: string, to: { x: number; y: number }, opts: { shift?: boolean } = {}): Promise<void> {
    const box = (await this.event(id).boundingBox())!;
    const from = { x: box.x + Math.min(24, box.width / 2), y: box.y + 5 };
    if (opts.shift) await this.page.keyboard.down('Shift');
    await this.page.mouse.move(from.x, from.y);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + 6, from.y + 6, { steps: 3 });
    // The grab point is 5 px below the post's top: the slot under (point - 5 px) is where it lands.
    await this.page.mouse.move(to.x, to.y + 5, { steps: 15 });
    await this.page.mouse.up();
    if (opts.shift) await this.page.keyboard.up('Shift');
  }

  /** A point inside the week view's slot for a day (header "Sat 13") at minutes after midnight. */
  async weekPoint(dayOfMonth: number, minutes: number): Promise<{ x: number; y: number }> {
    return this.page.evaluate(
      ({ day, minutes }) => {
        const headers = [...document.querySelectorAll<HTMLElement>('[data-day-head]')];
        const index = headers.findIndex((h) => new RegExp(`\\b${day}$`).test(h.innerText.trim()));
        const column = document.querySelectorAll<HTMLElement>('[data-day-column]')[index]!;
        const rect = column.getBoundingClientRect();
        return { x: rect.left + rect.width / 2, y: rect.top + (minutes / 1440) * rect.height + 3 };
      },
      { day: dayOfMonth, minutes },
    );
  }

  /**
   * A point inside the month view's cell of a day: a day of the shown month by its number, or any
   * day the grid draws (the first and last days of the months either side too) by its wall date.
   */
  async monthPoint(day: number | Date): Promise<{ x: number; y: number }> {
    const cell =
      typeof day === 'number'
        ? this.page.locator(`[data-day]:not([data-outside]) [data-day-number="${day}"]`)
        : this.page.locator(`[data-day="${wallDateKey(day)}"] [data-day-number]`);
    const rect = (await cell.first().boundingBox())!;
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height + 40 };
  }

  /** The wall dates ("2026-12-01") of every day the month view draws, first to last. */
  async monthDays(): Promise<string[]> {
    return this.page
      .locator('[data-calendar-view="month"] [data-day]')
      .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-day')!));
  }

  /** Scrolls the week or day view so a time of day is on screen. */
  async scrollToMinutes(minutes: number): Promise<void> {
    await this.page.evaluate((m) => {
      const content = document.querySelector<HTMLElement>('[data-time-body]')!;
      content.scrollTop = (m / 1440) * content.scrollHeight - 120;
    }, minutes);
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.notice-card').filter({ hasText: text });
  }

  /** The day of the month a post's cell sits under in the month view. */
  async monthDayOf(id: string): Promise<number> {
    return this.post(id).evaluate((cell) => {
      const box = cell.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const row = cell.closest('[data-week]');
      const dates = [...(row?.querySelectorAll<HTMLElement>('[data-day-number]') ?? [])];
      const under = dates.find((d) => {
        const r = d.getBoundingClientRect();
        return x >= r.left && x <= r.right;
      });
      return Number(under?.innerText.trim());
    });
  }

  /** The day header a post's cell sits under in the week view, and its minutes from midnight by position. */
  async weekSlotOf(id: string): Promise<{ header: string; minutes: number }> {
    return this.post(id).evaluate((cell) => {
      const event = cell.closest<HTMLElement>('[data-post-box]')!;
      const box = event.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const column = event.closest<HTMLElement>('[data-day-column]')!.getBoundingClientRect();
      const headers = [...document.querySelectorAll<HTMLElement>('[data-day-head]')];
      const header = headers.find((h) => {
        const r = h.getBoundingClientRect();
        return x >= r.left && x <= r.right;
      });
      return {
        header: header?.innerText.trim() ?? '',
        minutes: Math.round(((box.top - column.top) / column.height) * 1440),
      };
    });
  }
}

/** Wall-clock parts of an instant in a zone, as the user reads them. */
/**
 * Picks a brand time zone in the searchable picker (the calendar's toolbar, the Account page) as a
 * user does: type the zone, Enter. Answers once the field shows it.
 */
export async function pickZone(field: Locator, zone: string): Promise<void> {
  await field.fill(zone);
  await field.press('Enter');
  await expect(field).toHaveValue(zone);
  await expect(field).toHaveAttribute('aria-expanded', 'false');
}

export function wallIn(instant: string, zone: string) {
  const w = instantToWall(Date.parse(instant), zone);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
  return {
    day: w.getDate(),
    month: w.getMonth(),
    minutes: w.getHours() * 60 + w.getMinutes(),
    time,
    /** As a post's chip writes it: "9am", "9:45am". */
    chip: chipTime(time),
    wall: w,
  };
}

/** A time as a post's chip in the grids writes it, from the way the rest of the app does: "9:00 AM" → "9am". */
export function chipTime(time: string): string {
  return time.replace(/:00(?= )/, '').replace(/ ([AP])M$/, (_, p: string) => `${p.toLowerCase()}m`);
}

/** The publish date the service reports for a post, polled until it settles on `expected`. */
export async function expectServiceDate(svc: ServiceView, id: string, expected: string): Promise<void> {
  await expectServiceDateWithin(svc, id, expected, 20_000);
}

export async function expectServiceDateWithin(
  svc: ServiceView,
  id: string,
  expected: string,
  timeout: number,
): Promise<void> {
  await expect
    .poll(async () => (await svc.post(id).catch(() => null))?.publishDate, { timeout })
    .toBe(expected);
}

/** The start of the week and day views' 30-minute row holding a time (minutes after midnight). */
export const rowOf = (minutes: number) => minutes - (minutes % 30);

/**
 * Where a post at wall time `w` lands when dropped on the 10:00 row of the next day (the previous
 * one on Sundays, to stay in the week): it keeps its minutes within its row, so 9:15 lands at 10:15.
 */
export function nextDayTenOClockRow(w: Date): Date {
  const day = w.getDate() + (w.getDay() === 0 ? -1 : 1);
  return new Date(w.getFullYear(), w.getMonth(), day, 10, w.getMinutes() % 30);
}

/**
 * The next spring-forward Sunday in New York (the second Sunday of March) at least `marginDays`
 * after `after`: the specs that cross a DST change move posts there, and a date already past would
 * be refused (a run at 2027-03-28 is past 2027's).
 */
export function nextNyDstStart(after: number, marginDays = 7): { year: number; day: number } {
  for (let year = new Date(after).getUTCFullYear(); ; year++) {
    const firstOfMarch = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    const day = 1 + ((7 - firstOfMarch) % 7) + 7;
    if (Date.parse(nyInstant(year, 3, day - 4, 0)) > after + marginDays * DAY) return { year, day };
  }
}

/** A wall time in New York as the instant the service stores. */
export function nyInstant(y: number, month: number, d: number, h: number, mi = 0): string {
  return wallToInstant(new Date(y, month - 1, d, h, mi), NY).toISOString();
}

/** Future posts of one account (not in a multi-account group) that can be moved. */
export function movable(posts: PostListItem[], after: number): PostListItem[] {
  return posts
    .filter((p) => p.state === 'scheduled' && Date.parse(p.publishDate) > after)
    .sort((a, b) => a.publishDate.localeCompare(b.publishDate));
}

export async function activeBrandId(page: Page): Promise<string> {
  const brands = await page.evaluate(() => window.api.listBrands({}));
  if (!brands.ok) throw new Error(brands.error.message);
  return brands.value.find((b) => b.active)!.id;
}

/** Screenshots to look at; CALENDAR_SCREENS_DIR keeps them out of reach of a parallel run's cleanup. */
export async function snap(page: Page, name: string): Promise<void> {
  const dir = process.env.CALENDAR_SCREENS_DIR ?? 'test-results/screens';
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png` });
}

/**
 * 10:00 (the window's clock) on the day from `fromDays` to `toDays` ahead that holds the fewest posts
 * of the brands shown: a post placed there has room in its month cell whatever the sandbox seeded
 * (a busy day folds it under "+N more").
 */
export async function quietDay(page: Page, fromDays = 2, toDays = 9): Promise<Date> {
  const days = await page.evaluate(
    async ({ fromDays, toDays }) => {
      const at = (n: number) => {
        const d = new Date();
        d.setDate(d.getDate() + n);
        d.setHours(10, 0, 0, 0);
        return d;
      };
      const listed = await window.api.listPosts({
        start: at(fromDays - 1).toISOString(),
        end: at(toDays + 1).toISOString(),
      });
      if (!listed.ok) throw new Error(listed.error.message);
      const counts: { at: number; posts: number }[] = [];
      for (let n = fromDays; n <= toDays; n++) {
        const day = at(n).toDateString();
        const posts = listed.value.posts.filter((p) => new Date(p.publishDate).toDateString() === day);
        counts.push({ at: at(n).getTime(), posts: posts.length });
      }
      return counts;
    },
    { fromDays, toDays },
  );
  const quiet = days.reduce((a, b) => (b.posts < a.posts ? b : a));
  return new Date(quiet.at);
}

/**
 * The first post main's cache holds in [fromDays, toDays) around now that `pick` accepts, waiting
 * for it: main answers from its cache at once, and right after connecting the first pull (written
 * by the pull worker a moment later) may not be in yet.
 */
export async function aCachedPost(
  page: Page,
  pick: (p: CalendarPost) => boolean,
  what: string,
  { fromDays = -30, toDays = 60 }: { fromDays?: number; toDays?: number } = {},
): Promise<CalendarPost> {
  const range = {
    start: new Date(Date.now() + fromDays * DAY).toISOString(),
    end: new Date(Date.now() + toDays * DAY).toISOString(),
  };
  let post: CalendarPost | undefined;
  await expect
    .poll(
      async () => {
        const listed = await page.evaluate((input) => window.api.listPosts(input), range);
        if (!listed.ok) throw new Error(listed.error.message);
        post = listed.value.posts.find(pick);
        return post !== undefined;
      },
      { message: `The sandbox has no ${what}`, timeout: 20_000 },
    )
    .toBe(true);
  return post!;
}

import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { serveStatic, type StaticServer } from './support/static-server.js';

/*
 * A quick speed check of the calendar screen alone with 2,000 generated posts in one month: the
 * built renderer in Chromium, with a `window.api` that answers from generated data instead of the
 * main process, so the time measured is the calendar's and nothing else's. It prints its numbers
 * and fails only when the screen is plainly too slow (the benchmark issue measures precisely).
 * Everything functional is tested against the real services in calendar.spec.ts.
 */

const POSTS = 2_000;
const ZONE = 'America/New_York';

interface StubSpec {
  posts: number;
  zone: string;
  nowIso: string;
  /** An instant in the month the posts fill (UTC). */
  monthIso: string;
}

/** Runs in the page before the app: a stand-in window.api serving a month of generated posts. */
function installStubApi(spec: StubSpec): void {
  const platforms = ['x', 'instagram', 'linkedin', 'facebook', 'threads', 'tiktok', 'youtube', 'bluesky'];
  const accounts = Array.from({ length: 24 }, (_, i) => ({
    id: `acc_${i}`,
    platform: platforms[i % platforms.length]!,
    name: `Account ${String.fromCharCode(65 + (i % 26))}${i}`,
    picture: null,
  }));
  const now = Date.parse(spec.nowIso);
  const month = new Date(spec.monthIso);
  const monthStart = Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1, 12);
  const states = ['scheduled', 'scheduled', 'scheduled', 'draft', 'published', 'error'];
  let moved = new Map<string, string>();
  const posts = Array.from({ length: spec.posts }, (_, i) => {
    const day = i % 30;
    const minute = (i * 37) % (14 * 60);
    const date = new Date(monthStart + day * 86_400_000 + (minute - 240) * 60_000);
    const future = date.getTime() > now;
    const state = future ? states[i % 4]! : states[4 + (i % 2)]!;
    return {
      id: `post_${i}`,
      group: `group_${Math.floor(i / 2)}`,
      state,
      publishDate: date.toISOString(),
      integration: accounts[i % accounts.length]!,
      content: `Generated post ${i}: a line of text long enough to be cut in a cell`,
      blockCount: i % 9 === 0 ? 3 : 1,
      error: state === 'error' ? 'The account was disconnected.' : null,
      releaseURL: null,
      groupSize: 2,
      pending: false,
      localOnly: false,
    };
  });
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const ok = (value: unknown) => Promise.resolve({ ok: true, value });
  const profile = {
    id: 'profile_1',
    label: 'Stub',
    baseUrl: 'http://127.0.0.1',
    organization: { id: 'org', name: 'Stub org' },
    user: { id: 'u', email: 'u@example.com', name: 'Stub user' },
    brandId: 'brand_1',
    brandName: 'Stub brand',
    scopes: null,
    key: { set: true, mode: 'test', last4: 'abcd', storage: 'session' },
    active: true,
  };
  const status = { online: true, pending: 0, failed: 0, needsDecision: 0, lastSyncAt: null, lastError: null };
  const handlers: Record<
    string,
    (input: { start?: string; end?: string; moves?: { id: string; to: string }[] }) => Promise<unknown>
  > = {
    listProfiles: () => ok([profile]),
    listBrands: () => ok([{ id: 'brand_1', name: 'Stub brand', timezone: spec.zone, active: true }]),
    listIntegrations: () => ok(accounts.map((a) => ({ ...a, disconnected: false, source: 'learned' }))),
    getSyncStatus: () => ok(status),
    listOutbox: () => ok([]),
    listPosts: ({ start, end }) => {
      const s = Date.parse(start!);
      const e = Date.parse(end!);
      const inRange = posts
        .map((p) => (moved.has(p.id) ? { ...p, publishDate: moved.get(p.id)! } : p))
        .filter((p) => Date.parse(p.publishDate) >= s && Date.parse(p.publishDate) <= e);
      return ok({ posts: inRange, source: 'server', syncedAt: spec.nowIso });
    },
    // The calendar's lean answer (shared/posts/chips.ts), built here from the same posts: the page
    // cannot import, so each text is sent whole (key '') and every account as its own table row.
    listPostChips: async (range) => {
      const answer = (await handlers.listPosts!(range)) as { value: { posts: typeof posts } };
      const list = answer.value.posts;
      const base = Date.parse(range.start!);
      let last = Math.floor(base / 1000) * 1000;
      return ok({
        source: 'server',
        syncedAt: spec.nowIso,
        base: last,
        accounts: list.map((p) => p.integration),
        brands: [],
        states: list.map((p) => p.state),
        id: list.map((p) => p.id),
        group: list.map((p) => p.group),
        account: list.map((_, i) => i),
        brand: list.map(() => -1),
        state: list.map((_, i) => i),
        at: list.map((p) => {
          const ms = Date.parse(p.publishDate);
          const step = (ms - last) / 1000;
          last = ms;
          return step;
        }),
        text: list.map((p) => p.content),
        key: list.map(() => ''),
        blocks: list.map((p) => p.blockCount),
        groupSize: list.map((p) => p.groupSize),
        flags: list.map(() => 0),
        extra: list.flatMap((p, i) => (p.error === null ? [] : [{ i, error: p.error }])),
      });
    },
    applyBulkChange: ({ moves = [] }) => {
      for (const m of moves) moved = new Map(moved).set(m.id, m.to);
      // As main answers a queued change: the posts as they now show, and the outbox counts.
      return ok({
        batchId: 'batch_1',
        queued: moves.length,
        refused: [],
        posts: moves.flatMap((m) => {
          const post = posts.find((p) => p.id === m.id);
          return post ? [{ ...post, publishDate: m.to, pending: true }] : [];
        }),
        hidden: [],
        status,
      });
    },
  };
  const api: Record<string, unknown> = new Proxy(
    {},
    {
      get: (_t, name: string) => {
        if (name === 'on') {
          return (event: string, listener: (p: unknown) => void) => {
            const set = listeners.get(event) ?? new Set();
            listeners.set(event, set);
            set.add(listener);
            return () => set.delete(listener);
          };
        }
        if (name === 'fileToken') return async () => null;
        return (input: never) =>
          handlers[name]?.(input) ??
          Promise.resolve({ ok: false, error: { code: 'NOT_FOUND', message: `${name} is not stubbed.` } });
      },
    },
  );
  Object.defineProperty(window, 'api', { value: api });
}

let server: StaticServer;

test.beforeAll(async () => {
  const dir = process.env.POSTDECK_E2E_RENDERER_DIR;
  if (!dir)
    throw new Error(
      'The renderer was not built: run through `npx playwright test` (global setup builds it).',
    );
  server = await serveStatic(dir);
});
test.afterAll(async () => server?.close());

async function openCalendar(page: Page, view: 'month' | 'week'): Promise<void> {
  const now = new Date();
  // The month two weeks ahead: it has posts still to come (a move needs one) on any day of the year.
  const month = new Date(now.getTime() + 15 * 86_400_000);
  const stored = {
    state: {
      view,
      dateKey: month.toISOString().slice(0, 10),
      filters: { platforms: [], accounts: [], states: [] },
    },
    version: 1,
  };
  await page.addInitScript(installStubApi, {
    posts: POSTS,
    zone: ZONE,
    nowIso: now.toISOString(),
    monthIso: month.toISOString(),
  });
  await page.addInitScript(
    (value) => localStorage.setItem('postdeck.calendar', value),
    JSON.stringify(stored),
  );
}

// What this checks is that each view draws the 2,000 posts and a move lands; how fast (first
// render, month -> week, next month, a drop) is bench/calendar.bench.ts's (nothing
// timed is a test). Each step is waited for with Playwright's polling deadline.
test('2,000 posts in a month render, switch views and move', async ({ page }) => {
  test.setTimeout(90_000);
  await openCalendar(page, 'month');
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  await page.goto(server.url);
  await expect(page.locator('[data-calendar-view="month"] [data-post-id]').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('[data-more-posts]').first()).toBeVisible();
  await mkdir('test-results/screens', { recursive: true });
  await page.screenshot({ path: 'test-results/screens/calendar-perf-month-2000.png' });

  // A busy day's list opened from the second week row is too tall to open below its link: it
  // opens above, and still starts inside the window, its day and first posts in reach.
  await page.locator('[data-week]').nth(1).locator('[data-more-posts]').first().click();
  const list = page.locator('[data-day-list]');
  await expect(list.locator('[data-day-list-header]')).toBeInViewport({ ratio: 1 });
  expect((await list.boundingBox())!.y).toBeGreaterThanOrEqual(0);
  await expect(list.locator('.post-cell').first()).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/screens/calendar-perf-month-2000-day-list.png' });
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(list).toHaveCount(0);

  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.locator('[data-calendar-view="week"] [data-post-id]').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/calendar-perf-week-2000.png' });
  for (const view of ['Month', 'Week', 'Month', 'Day', 'Agenda', 'Month']) {
    await page.getByRole('button', { name: view, exact: true }).click();
    await expect(
      page.locator(`[data-calendar-view="${view.toLowerCase()}"] [data-post-id]`).first(),
    ).toBeVisible();
  }

  const title = page.locator('.cal-toolbar__title');
  const before = await title.innerText();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(title).not.toHaveText(before);

  // Keyboard move of a future post by one day: from the key press to the post in its new cell.
  await page.getByRole('button', { name: 'Previous month' }).click();
  const movable = page.locator('.post-event--scheduled .post-cell').last();
  const id = await movable.getAttribute('data-post-id');
  await movable.focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: 'Moved' })).toBeVisible();
  expect(id).toBeTruthy();

  // A small window: the toolbar wraps, nothing overlaps.
  await page.setViewportSize({ width: 1024, height: 680 });
  await page.screenshot({ path: 'test-results/screens/calendar-perf-month-small-window.png' });
});

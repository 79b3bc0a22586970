import { autoBrandColor } from '../../shared/brands/colors.js';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';

/*
 * The same generated posts for both calendars: N posts in each
 * of two consecutive months (so "next month" draws as much as the first), spread over 16 accounts
 * on 8 platforms, at hours 7 to 22 with more around lunch and evening, in UTC. Seeded, so every run
 * and both calendars see exactly the same posts.
 */

export const ZONE = 'UTC';
/** The first month shown (a fixed month, far from today's shading and DST). */
export const FIRST_MONTH = { year: 2027, month: 5 }; // June 2027 (JS month index)
/** Weeks start on Monday in both calendars (renderer/calendar/range.ts WEEK_STARTS_ON): 14 to 20 June. */
export const WEEK_START = '2027-06-14';
/** Column of the drop day (Thursday 17 June) in that week. */
export const DROP_COLUMN = 3;
/** The post the drag benchmark moves: alone at 05:00 on Tuesday 15 June, dropped on Thursday 17 June. */
export const DRAG = { id: 'drag-me', from: '2027-06-15T05:00:00.000Z', toDay: '2027-06-17' };

const PLATFORMS = ['x', 'instagram', 'linkedin', 'facebook', 'threads', 'tiktok', 'youtube', 'bluesky'];
const ACCOUNTS = Array.from({ length: 16 }, (_, i) => ({
  id: `acc_${i}`,
  platform: PLATFORMS[i % PLATFORMS.length] ?? 'x',
  name: `Brand account ${i + 1}`,
  picture: null,
}));
/** Relative weight of each hour 7..22: a morning bump, lunch, and an evening peak. */
const HOUR_WEIGHTS = [3, 5, 6, 5, 4, 7, 6, 4, 3, 4, 5, 7, 8, 6, 4, 2];
const TEXTS = [
  'New arrivals this week: come and see what we roasted',
  'Behind the scenes with our team at the spring market',
  'Three tips for a better morning routine (thread)',
  'Last chance: the offer ends tonight at midnight',
  'Thank you for 10k followers! A small giveaway inside',
  'Our guide to the best trails in the region, updated',
];

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickHour(r: number): number {
  const total = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
  let x = r * total;
  for (let i = 0; i < HOUR_WEIGHTS.length; i++) {
    x -= HOUR_WEIGHTS[i] ?? 0;
    if (x < 0) return 7 + i;
  }
  return 22;
}

/** `perMonth` posts in each of the two months, plus the one the drag moves. */
export function generatePosts(perMonth: number): CalendarPost[] {
  const random = mulberry32(20270601);
  const posts: CalendarPost[] = [];
  for (let m = 0; m < 2; m++) {
    const days = new Date(Date.UTC(FIRST_MONTH.year, FIRST_MONTH.month + m + 1, 0)).getUTCDate();
    for (let i = 0; i < perMonth; i++) {
      const day = 1 + Math.floor(random() * days);
      const minute = Math.floor(random() * 12) * 5;
      const at = Date.UTC(FIRST_MONTH.year, FIRST_MONTH.month + m, day, pickHour(random()), minute);
      const n = posts.length;
      const account = ACCOUNTS[Math.floor(random() * ACCOUNTS.length)] ?? ACCOUNTS[0]!;
      const text = TEXTS[n % TEXTS.length] ?? '';
      posts.push({
        id: `post_${n}`,
        group: `group_${Math.floor(n / 2)}`,
        state: n % 10 === 0 ? 'draft' : 'scheduled',
        publishDate: new Date(at).toISOString(),
        integration: account,
        content: `${text} #${n}`,
        blockCount: n % 9 === 0 ? 3 : 1,
        error: null,
        releaseURL: null,
        groupSize: 1,
        pending: false,
        localOnly: false,
      });
    }
  }
  posts.push({
    id: DRAG.id,
    group: 'group_drag',
    state: 'scheduled',
    publishDate: DRAG.from,
    integration: ACCOUNTS[0]!,
    content: 'The post the benchmark drags',
    blockCount: 1,
    error: null,
    releaseURL: null,
    groupSize: 1,
    pending: false,
    localOnly: false,
  });
  return posts;
}

/**
 * Issue 27's all-brands month: the same posts dealt round-robin to `count` brands (each then holds
 * N / count a month), with the brands as the all-brands view shows them (colour, avatar).
 */
export function benchBrands(count: number): BrandEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    profileId: `prof_${i % 2}`,
    brandId: `brand_${i}`,
    name: `Brand ${String.fromCharCode(65 + (i % 26))}${i + 1}`,
    connection: `Connection ${(i % 2) + 1}`,
    color: autoBrandColor(i),
    colorChosen: false,
    timezone: null,
    problem: null,
  }));
}

export function withBrands(posts: readonly CalendarPost[], brands: readonly BrandEntry[]): CalendarPost[] {
  if (brands.length === 0) return [...posts];
  return posts.map((p, n) => {
    const b = brands[n % brands.length]!;
    return { ...p, profileId: b.profileId, brandId: b.brandId };
  });
}

/** What each bench page exposes to the driver (window.bench). Times in ms, measured in the page. */
export interface BenchPage {
  /** Renders the calendar for the first time, data in hand; resolves after two animation frames. */
  render(view: 'month' | 'week'): Promise<number>;
  /** Goes to the next month (month view) or back. */
  navigate(direction: 'next' | 'prev'): Promise<number>;
  /** Switches month to week view (week of WEEK_START). */
  switchToWeek(): Promise<number>;
  /** Starts watching for the dragged post in the target column; resolves with ms from the button's release (pointerup) to painted there. */
  watchDrop(): Promise<number>;
  /** Where to grab the dragged post, and where to drop it (same time, target day), in viewport pixels. */
  dragPoints(): { from: { x: number; y: number }; to: { x: number; y: number } };
}

/** Resolves after the next two animation frames: the frame with the change has been painted. */
export function painted(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

/**
 * Times `change` until `ready` holds in the DOM and that frame is painted. Both calendars go through
 * it: ours renders synchronously (flushSync), FullCalendar may finish in a microtask, so the wait
 * is on what is seen, not on how each library schedules its work.
 */
export function untilReady(root: HTMLElement, change: () => void, ready: () => boolean): Promise<number> {
  const t0 = performance.now();
  change();
  return new Promise((resolve) => {
    const done = () => void painted().then(() => resolve(performance.now() - t0));
    if (ready()) return done();
    const observer = new MutationObserver(() => {
      if (!ready()) return;
      observer.disconnect();
      done();
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true });
  });
}

/**
 * Times from the release of the mouse button anywhere until `isThere` holds and is painted. The
 * release is its pointerup, which the browser dispatches before its mouseup: a calendar that drops
 * on pointerup (ours does) has done its work before a mouseup listener would start the clock.
 * Captured on window and added before the drag starts, so it runs before either library's.
 */
export function watchUntil(root: HTMLElement, isThere: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    let upAt: number | null = null;
    const onUp = () => {
      upAt = performance.now();
      check();
    };
    const observer = new MutationObserver(() => check());
    function check(): void {
      if (upAt === null || !isThere()) return;
      observer.disconnect();
      window.removeEventListener('pointerup', onUp, true);
      const start = upAt;
      void painted().then(() => resolve(performance.now() - start));
      upAt = null;
    }
    window.addEventListener('pointerup', onUp, true);
    observer.observe(root, { subtree: true, childList: true, attributes: true });
  });
}

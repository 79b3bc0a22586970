import { describe, expect, it } from 'vitest';
import { createLocalizer } from './localizer.js';
import {
  cellPlan,
  chipsThatFit,
  dayNumber,
  emptyPastWeeks,
  monthDays,
  placeInside,
  postsByDay,
} from './month-days.js';
import type { PostEvent } from './posts.js';

/*
 * The month view's own date math (MonthGrid.tsx), held to what react-big-calendar's public
 * localizer says about the same dates: the days a month shows, which day a post falls on, and the
 * order of a day's posts.
 */

type Methods = Record<string, (...args: unknown[]) => unknown>;
const library = createLocalizer() as unknown as Methods;

/** Posts over three months around a DST change: some at midnight, some a minute before it. */
function events(count: number): PostEvent[] {
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const from = new Date(2026, 9, 1).getTime();
  return Array.from({ length: count }, (_, i) => {
    const start = new Date(from + Math.floor(random() * 90 * 96) * 15 * 60_000);
    if (i % 17 === 0) start.setHours(0, 0, 0, 0);
    if (i % 19 === 0) start.setHours(23, 59, 0, 0);
    return { id: `p${i}`, title: '', start, end: new Date(start.getTime() + 30 * 60_000) } as PostEvent;
  });
}

describe('the days a month shows', () => {
  it("are rbc's visible days, weeks from Monday, across two years of DST changes", () => {
    for (let m = 0; m < 24; m++) {
      const d = new Date(2026, m, 15);
      const ours = monthDays(d);
      const theirs = library.visibleDays!(d, library) as Date[];
      expect(ours, d.toDateString()).toEqual(theirs);
      expect(ours[0]!.getDay()).toBe(1);
      expect(ours.length % 7).toBe(0);
    }
  });

  it('count whole weeks: five in June 2027, six in August 2027, four in February 2027', () => {
    expect(monthDays(new Date(2027, 5, 15)).length / 7).toBe(5);
    expect(monthDays(new Date(2027, 7, 1)).length / 7).toBe(6);
    expect(monthDays(new Date(2027, 1, 10)).length / 7).toBe(4);
    // March 2026 holds Europe's and the US's DST change: still whole days, midnight to midnight.
    const march = monthDays(new Date(2026, 2, 1));
    expect(march.length / 7).toBe(6);
    expect(march.every((d) => d.getHours() === 0 && d.getMinutes() === 0)).toBe(true);
  });
});

describe("a day's posts", () => {
  // A post is an instant: rbc is asked about it as an event that starts and ends at its time (the
  // half hour a post is drawn as in the week would carry a 23:45 post over into the next day).
  it("are exactly those rbc puts on that day, in rbc's order, in every day of three months", () => {
    const all = events(3000);
    const byDay = postsByDay(all);
    let seen = 0;
    for (const month of [new Date(2026, 9, 15), new Date(2026, 10, 15), new Date(2026, 11, 15)]) {
      for (const day of monthDays(month)) {
        const range = { start: day, end: day };
        const theirs = all
          .map((e) => ({ id: e.id, start: e.start, end: e.start }))
          .filter((event) => library.inEventRange!({ event, range }))
          .sort((a, b) => library.sortEvents!({ evtA: a, evtB: b }) as number);
        const ours = byDay.get(dayNumber(day)) ?? [];
        expect(
          ours.map((e) => e.start.getTime()),
          day.toDateString(),
        ).toEqual(theirs.map((e) => e.start.getTime()));
        expect(new Set(ours.map((e) => e.id))).toEqual(new Set(theirs.map((e) => e.id)));
        seen += ours.length;
      }
    }
    expect(seen).toBeGreaterThan(2900);
  });

  it('are bucketed once per list of posts: the next month reads the same buckets', () => {
    const all = events(200);
    expect(postsByDay(all)).toBe(postsByDay(all));
    expect(postsByDay([...all])).not.toBe(postsByDay(all));
  });

  it('keep the same array for a day whose posts did not change, and a new one for the days that did', () => {
    const all = events(400);
    const before = postsByDay(all);
    const moved = { ...all[0]!, start: new Date(all[0]!.start.getTime() + 86_400_000) };
    const after = postsByDay([moved, ...all.slice(1)]);
    const [from, to] = [dayNumber(all[0]!.start), dayNumber(moved.start)];
    expect(after.get(from)).not.toBe(before.get(from));
    expect(after.get(to)).not.toBe(before.get(to));
    expect(after.get(to)).toContain(moved);
    const untouched = [...before.keys()].filter((k) => k !== from && k !== to);
    expect(untouched.length).toBeGreaterThan(30);
    for (const key of untouched) expect(after.get(key), String(key)).toBe(before.get(key));
  });
});

describe('a month cell', () => {
  it('fits as many chips as its height holds, at least one', () => {
    expect(chipsThatFit(66, 22)).toBe(3);
    expect(chipsThatFit(65, 22)).toBe(2);
    expect(chipsThatFit(5, 22)).toBe(1);
  });

  it('draws every post that fits, else one fewer and "+N more" for the rest', () => {
    expect(cellPlan(0, 3)).toEqual({ shown: 0, hidden: 0 });
    expect(cellPlan(3, 3)).toEqual({ shown: 3, hidden: 0 });
    expect(cellPlan(4, 3)).toEqual({ shown: 2, hidden: 2 });
    expect(cellPlan(330, 3)).toEqual({ shown: 2, hidden: 328 });
    // A cell with room for one still draws a post beside its "+N more".
    expect(cellPlan(5, 1)).toEqual({ shown: 1, hidden: 4 });
    // A "+N more" shorter than a two-line chip leaves room for as many chips as fit above it.
    expect(cellPlan(6, 2, 2)).toEqual({ shown: 2, hidden: 4 });
    expect(cellPlan(2, 2, 1)).toEqual({ shown: 2, hidden: 0 });
  });

  it("opens a day's list inside the window, even from the top row or the right edge", () => {
    const viewport = { width: 1000, height: 700 };
    expect(placeInside({ left: 100, top: 100 }, { width: 260, height: 200 }, viewport)).toEqual({
      left: 100,
      top: 100,
    });
    // Taller than the room below: moved up; wider than the room right: moved left.
    expect(placeInside({ left: 900, top: 600 }, { width: 260, height: 420 }, viewport)).toEqual({
      left: 732,
      top: 272,
    });
    // Above the window (a scrolled month): moved down to its top.
    expect(placeInside({ left: 10, top: -50 }, { width: 260, height: 420 }, viewport).top).toBe(8);
  });
});

describe('emptyPastWeeks', () => {
  const november = monthDays(new Date(2026, 10, 1));
  const post = (d: Date) => ({ start: d, id: String(d.getTime()) }) as unknown as PostEvent;
  const withPosts = (...dates: Date[]) => postsByDay(dates.map(post));

  it('leaves out the weeks at the top that are past and hold no post', () => {
    // November 2026 starts on a Sunday: weeks from Oct 26, Nov 2, Nov 9, ...
    const now = new Date(2026, 10, 24, 12);
    expect(emptyPastWeeks(november, withPosts(new Date(2026, 10, 11, 9)), now)).toBe(2);
    expect(emptyPastWeeks(november, withPosts(new Date(2026, 9, 27, 9)), now)).toBe(0);
    expect(emptyPastWeeks(november, withPosts(), now)).toBe(4);
  });

  it('keeps a week that holds today or a later day, and never leaves out every week', () => {
    expect(emptyPastWeeks(november, withPosts(), new Date(2026, 10, 3, 12))).toBe(1);
    expect(emptyPastWeeks(november, withPosts(), new Date(2027, 0, 1))).toBe(november.length / 7 - 1);
  });
});

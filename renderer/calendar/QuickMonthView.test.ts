import LibraryLevels from 'react-big-calendar/lib/utils/eventLevels.js';
import { describe, expect, it } from 'vitest';
import { createLocalizer } from './localizer.js';
import { deriveMonthState, monthWeeks, weekEvents } from './QuickMonthView.js';

interface Post {
  id: number;
  start: Date;
  end: Date;
}
const levels = LibraryLevels as unknown as {
  inRange(e: Post, start: Date, end: Date, accessors: object, localizer: object): boolean;
  sortWeekEvents(events: Post[], accessors: object, localizer: object): Post[];
};
const localizer = createLocalizer();
const accessors = {
  start: (e: object) => (e as Post).start,
  end: (e: object) => (e as Post).end,
  allDay: () => false,
};
const byTime = (a: Post, b: Post) =>
  a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime();

/** Posts over three months around a DST change: some at midnight, some across it, some long. */
function posts(count: number): Post[] {
  let seed = 11;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const from = new Date(2026, 9, 1).getTime();
  return Array.from({ length: count }, (_, id) => {
    const start = new Date(from + Math.floor(random() * 90 * 96) * 15 * 60_000);
    const minutes = id % 17 === 0 ? 0 : id % 23 === 0 ? 3 * 1440 : 30;
    return { id, start, end: new Date(start.getTime() + minutes * 60_000) };
  });
}

describe("QuickMonthView's week rows", () => {
  it("hold exactly the posts rbc's own rows hold, in rbc's order, in every week of the month", () => {
    const all = posts(3000);
    const sorted = [...all].sort(byTime);
    for (const month of [new Date(2026, 9, 15), new Date(2026, 10, 15), new Date(2026, 11, 15)]) {
      const days = (localizer as unknown as { visibleDays(d: Date, l: object): Date[] }).visibleDays(
        month,
        localizer,
      );
      for (let w = 0; w < days.length; w += 7) {
        const week = days.slice(w, w + 7);
        const library = levels.sortWeekEvents(
          all.filter((e) => levels.inRange(e, week[0]!, week[6]!, accessors, localizer)),
          accessors,
          localizer,
        );
        const ours = weekEvents(sorted, week, accessors, localizer) as Post[];
        expect(
          ours.map((e) => e.id),
          week[0]!.toDateString(),
        ).toEqual(library.map((e) => e.id));
        expect(ours.length).toBeGreaterThan(0);
      }
    }
  });

  it('still answers right, if slower, when handed posts out of order', () => {
    const all = posts(400);
    const days = (localizer as unknown as { visibleDays(d: Date, l: object): Date[] }).visibleDays(
      new Date(2026, 10, 3),
      localizer,
    );
    const week = days.slice(7, 14);
    const library = levels.sortWeekEvents(
      all.filter((e) => levels.inRange(e, week[0]!, week[6]!, accessors, localizer)),
      accessors,
      localizer,
    );
    expect((weekEvents(all, week, accessors, localizer) as Post[]).map((e) => e.id)).toEqual(
      library.map((e) => e.id),
    );
  });
});

describe('the month view measures its rows only when their number changes', () => {
  it('counts week rows as rbc lays them out, weeks from Monday', () => {
    // June 2027: Mon 31 May to Sun 4 July; August 2027: Mon 26 July to Sun 5 September.
    expect(monthWeeks(new Date(2027, 5, 15), localizer)).toBe(5);
    expect(monthWeeks(new Date(2027, 7, 1), localizer)).toBe(6);
    // February 2027 starts on a Monday and has 28 days.
    expect(monthWeeks(new Date(2027, 1, 10), localizer)).toBe(4);
    // A month with a DST change (Europe and the US in March) still counts whole days.
    expect(monthWeeks(new Date(2026, 2, 1), localizer)).toBe(6);
    const rbcRows = (d: Date) => localizer.visibleDays(d, localizer).length / 7;
    for (let m = 0; m < 24; m++) {
      const d = new Date(2026, m, 1);
      expect(monthWeeks(d, localizer)).toBe(rbcRows(d));
    }
  });

  it('measures on the first render, on a month with another number of weeks, and after a resize', () => {
    const june = new Date(2027, 5, 1);
    const first = deriveMonthState(
      { date: june, localizer },
      { needLimitMeasure: true, rowLimit: 5, date: null },
    );
    expect(first).toMatchObject({ needLimitMeasure: true, weeks: 5 });
    const measured = { ...first, needLimitMeasure: false, rowLimit: 3 };
    // July 2027 has five weeks too: no measure. August has six: measure.
    expect(deriveMonthState({ date: new Date(2027, 6, 1), localizer }, measured)).toMatchObject({
      needLimitMeasure: false,
    });
    expect(deriveMonthState({ date: new Date(2027, 7, 1), localizer }, measured)).toMatchObject({
      needLimitMeasure: true,
      weeks: 6,
    });
    // Same month, other posts: nothing to measure; a resize has set the flag: it stays.
    expect(deriveMonthState({ date: new Date(2027, 5, 20), localizer }, measured).needLimitMeasure).toBe(
      false,
    );
    expect(
      deriveMonthState({ date: june, localizer }, { ...measured, needLimitMeasure: true }).needLimitMeasure,
    ).toBe(true);
  });
});

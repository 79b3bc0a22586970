import LibraryLevels from 'react-big-calendar/lib/utils/eventLevels.js';
import { describe, expect, it } from 'vitest';
import { createLocalizer } from './localizer.js';
import { weekEvents } from './QuickMonthView.js';

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

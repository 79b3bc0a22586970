import { describe, expect, it } from 'vitest';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import type { PostEvent } from './posts.js';
import { keepMinutesInRow, layoutTimeRows, rowStart, type MoreEvent } from './time-rows.js';
import { dayNumber, postsByDay } from './month-days.js';

const event = (id: string, wall: Date): PostEvent => ({
  id,
  title: id,
  start: wall,
  end: new Date(wall.getTime() + 30 * 60_000),
  post: { id } as CalendarPost,
  state: 'scheduled',
});
const at = (h: number, m: number, day = 16) => new Date(2027, 5, day, h, m);
const isMore = (e: PostEvent | MoreEvent): e is MoreEvent => 'hidden' in e;

describe('rowStart', () => {
  it('takes the minutes down to the 30-minute row, on the same day and hour', () => {
    expect(rowStart(at(12, 25))).toEqual(at(12, 0));
    expect(rowStart(at(12, 30))).toEqual(at(12, 30));
    expect(rowStart(at(23, 59))).toEqual(at(23, 30));
    expect(rowStart(new Date(2027, 5, 16, 9, 44, 31, 5))).toEqual(at(9, 30));
  });
});

describe('layoutTimeRows', () => {
  it('draws every post of a row that fits, side by side, each at its row', () => {
    const a = event('a', at(12, 25));
    const b = event('b', at(12, 5));
    const c = event('c', at(12, 40));
    const rows = layoutTimeRows([a, b, c], 2);
    expect(rows.shown).toEqual([b, a, c]);
    expect(rows.places.get(b)).toMatchObject({ start: at(12, 0), end: at(12, 30), lane: 0, lanes: 2 });
    expect(rows.places.get(a)).toMatchObject({ start: at(12, 0), lane: 1, lanes: 2, withChip: false });
    expect(rows.places.get(c)).toMatchObject({ start: at(12, 30), lane: 0, lanes: 1 });
    expect(rows.chips.size).toBe(0);
  });

  it('folds a crowded row into its first posts and one chip that lists them all, in time order', () => {
    const posts = [event('d', at(9, 20)), event('a', at(9, 0)), event('c', at(9, 10)), event('b', at(9, 0))];
    const rows = layoutTimeRows(posts, 2);
    expect(rows.shown.filter((e) => !isMore(e)).map((e) => e.id)).toEqual(['a']);
    const chip = rows.shown.find(isMore)!;
    expect(chip).toMatchObject({
      id: `more:${at(9, 0).getTime()}`,
      hidden: 3,
      start: at(9, 0),
      end: at(9, 30),
    });
    expect(chip.posts.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(rows.places.get(chip)).toMatchObject({ chip: true, lane: 1, lanes: 1, withChip: true });
    expect(rows.chips.get(chip.id)).toBe(chip);
  });

  it('keeps rows of different days apart, and posts the same for a row that is not crowded', () => {
    const monday = Array.from({ length: 9 }, (_, i) => event(`m${i}`, at(18, i * 3, 14)));
    const tuesday = event('t', at(18, 0, 15));
    const rows = layoutTimeRows([...monday, tuesday], 8);
    expect(rows.shown.filter((e) => !isMore(e))).toHaveLength(8);
    expect(rows.shown.find(isMore)!.hidden).toBe(2);
    expect(rows.places.get(tuesday)).toMatchObject({ lane: 0, lanes: 1, withChip: false });
  });

  it("lays out a week from the month's day buckets as it does from posts in any order", () => {
    // A busy week: posts sharing their minutes in every row, ids that sort differently as text
    // and by the collator ("p10" after "p9"), across days and hours, in a shuffled order.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const posts = Array.from({ length: 600 }, (_, i) =>
      event(
        `p${i}`,
        at(7 + Math.floor(random() * 16), Math.floor(random() * 12) * 5, 14 + Math.floor(random() * 7)),
      ),
    );
    const byDay = postsByDay(posts);
    const days = Array.from({ length: 7 }, (_, i) => at(0, 0, 14 + i));
    const inOrder = days.flatMap((d) => byDay.get(dayNumber(d)) ?? []);
    for (const lanes of [2, 8]) {
      // What the grid did before: the range's posts sorted by start, then laid out.
      const sorted = layoutTimeRows(
        [...posts].sort((a, b) => a.start.getTime() - b.start.getTime()),
        lanes,
      );
      const fast = layoutTimeRows(inOrder, lanes, 30, true);
      expect(fast.shown.map((e) => e.id)).toEqual(sorted.shown.map((e) => e.id));
      for (const item of sorted.shown) {
        const twin = fast.shown.find((e) => e.id === item.id)!;
        expect(fast.places.get(twin)).toEqual(sorted.places.get(item));
        if (isMore(item)) expect((twin as MoreEvent).posts).toEqual(item.posts);
      }
    }
  });

  it('keeps the same objects for the posts it draws, so memoized cells do not re-render', () => {
    const a = event('a', at(7, 0));
    expect(layoutTimeRows([a], 2).shown[0]).toBe(a);
  });
});

describe('keepMinutesInRow', () => {
  it('puts the post at its own minutes within the row it is dropped on', () => {
    expect(keepMinutesInRow(at(15, 0, 17), new Date(2027, 5, 15, 12, 25, 10))).toEqual(
      new Date(2027, 5, 17, 15, 25, 10),
    );
    expect(keepMinutesInRow(at(15, 30, 17), at(12, 55))).toEqual(at(15, 55, 17));
  });

  it('takes a drop time that is not a row start as it is', () => {
    expect(keepMinutesInRow(at(15, 10), at(12, 25))).toEqual(at(15, 10));
  });
});

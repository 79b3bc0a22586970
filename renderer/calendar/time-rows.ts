import type { PostEvent } from './posts.js';

/*
 * How the week and day views lay posts out. A post is an instant, not a meeting: it is drawn in the
 * 30-minute row that contains it, and the posts of one row sit side by side. A row holds at most a
 * view's number of lanes; past that, the first posts stay and the rest fold into one "+N" chip that
 * lists them. So a week with hundreds of posts stays readable (no slivers a few pixels wide), and the
 * grid draws a few hundred cells, not one per post.
 */

/** Minutes per row in the week and day views; the keyboard moves a post by one row. */
export const ROW_MINUTES = 30;

/** Posts side by side in one row before the rest fold into a chip: a week column is narrow, a day wide. */
export const LANES = { week: 2, day: 8 } as const;

/** The posts of a crowded row that do not fit, drawn as one "+N" chip at the row's end. */
export interface MoreEvent {
  /** Stable per row: `more:` and the row's wall start. */
  id: string;
  title: string;
  start: Date;
  end: Date;
  /** Every post of the row, in time order: the chip's list shows them all. */
  posts: PostEvent[];
  /** How many of them the chip stands for (those not drawn in the row). */
  hidden: number;
}

/** Where a drawn item sits: its row, and its lane among `lanes` (the chip, when there is one, is extra). */
export interface RowPlace {
  start: Date;
  end: Date;
  lane: number;
  lanes: number;
  /** The row ends with a chip, so the lanes share what the chip leaves. */
  withChip: boolean;
  chip: boolean;
}

export interface TimeRows {
  /** What the grid draws: the posts that fit, and one chip per crowded row. */
  shown: (PostEvent | MoreEvent)[];
  /** The place of every drawn item, by identity. */
  places: Map<PostEvent | MoreEvent, RowPlace>;
  /** Chips by id, so an open list can follow its row as posts come and go. */
  chips: Map<string, MoreEvent>;
}

const MINUTE = 60_000;
// One collator, as `localeCompare` would use, without looking one up per comparison.
const ids = new Intl.Collator();

/** The start of the row holding a wall time: the same day and hour, minutes down to the row. */
export function rowStart(wall: Date, rowMinutes: number = ROW_MINUTES): Date {
  const minutes = wall.getMinutes();
  return new Date(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    minutes - (minutes % rowMinutes),
  );
}

/**
 * Lays `events` out in rows of `rowMinutes`, at most `maxLanes` items wide (a chip counts as one).
 * `inOrder`: the events come in time order, ties by id (as postsByDay keeps each day), so the rows
 * need no sorting: the week view's case, ~4,700 posts at 20,000 a month, mostly sharing minutes.
 */
export function layoutTimeRows(
  events: readonly PostEvent[],
  maxLanes: number,
  rowMinutes: number = ROW_MINUTES,
  inOrder = false,
): TimeRows {
  const lanes = Math.max(1, Math.floor(maxLanes));
  const rows = new Map<number, { start: Date; posts: PostEvent[] }>();
  for (const event of events) {
    // The row by its wall fields; its Date is made once per row, not per post.
    const wall = event.start;
    const minutes = wall.getHours() * 60 + wall.getMinutes();
    const key =
      (wall.getFullYear() * 10_000 + wall.getMonth() * 100 + wall.getDate()) * 1_440 +
      minutes -
      (minutes % rowMinutes);
    const row = rows.get(key);
    if (row) row.posts.push(event);
    else rows.set(key, { start: rowStart(wall, rowMinutes), posts: [event] });
  }

  const shown: (PostEvent | MoreEvent)[] = [];
  const places = new Map<PostEvent | MoreEvent, RowPlace>();
  const chips = new Map<string, MoreEvent>();
  for (const { start, posts } of rows.values()) {
    const end = new Date(start.getTime() + rowMinutes * MINUTE);
    if (!inOrder) posts.sort((a, b) => a.start.getTime() - b.start.getTime() || ids.compare(a.id, b.id));
    const crowded = posts.length > lanes;
    const drawn = crowded ? posts.slice(0, lanes - 1) : posts;
    const postLanes = Math.max(1, drawn.length);
    drawn.forEach((event, lane) => {
      shown.push(event);
      places.set(event, { start, end, lane, lanes: postLanes, withChip: crowded, chip: false });
    });
    if (crowded) {
      const hidden = posts.length - drawn.length;
      const more: MoreEvent = {
        id: `more:${start.getTime()}`,
        title: `${hidden} more posts`,
        start,
        end,
        posts,
        hidden,
      };
      shown.push(more);
      chips.set(more.id, more);
      places.set(more, {
        start,
        end,
        lane: drawn.length,
        lanes: postLanes,
        withChip: true,
        chip: true,
      });
    }
  }
  return { shown, places, chips };
}

/**
 * Where a post dropped on a row lands: the row the user chose, at the post's own minutes within its
 * row, so a 12:25 post dropped on Thursday's 15:00 row goes to 15:25 (and on the same row of another
 * day keeps its exact time). A drop time that is not a row start is taken as it is.
 */
export function keepMinutesInRow(dropWall: Date, postWall: Date, rowMinutes: number = ROW_MINUTES): Date {
  if (dropWall.getMinutes() % rowMinutes !== 0 || dropWall.getSeconds() !== 0) return dropWall;
  // In wall fields, not milliseconds: the browser's own zone may have a DST jump in between.
  return new Date(
    dropWall.getFullYear(),
    dropWall.getMonth(),
    dropWall.getDate(),
    dropWall.getHours(),
    dropWall.getMinutes() + (postWall.getMinutes() % rowMinutes),
    postWall.getSeconds(),
    postWall.getMilliseconds(),
  );
}

import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type DragEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { format } from 'date-fns';
import { timePattern } from '../ui/time-format.js';
import { PostEventView, type PostBoxProps } from './PostEventView.js';
import { whyNotMovable, type PostEvent } from './posts.js';
import { useOpenOnClick } from './interaction.js';
import type { SlotEvent } from './free-slots.js';
import { keepMinutesInRow, ROW_MINUTES, type MoreEvent, type RowPlace, type TimeRows } from './time-rows.js';
import { MoreChip } from './RowOverflow.js';
import { wallDateKey } from './time.js';
import { createDragStore, dropMinutes, type DragStore, type DropSpot } from './time-grid-drag.js';
import { followPointerDrag } from './pointer-drag.js';

/*
 * The week and day views: seven (or one) columns of 24 hours, each post in the 30-minute row that
 * holds its time (time-rows.ts). Drawn here rather than by react-big-calendar, whose time grid drew
 * 384 slot cells, a hidden label and two wrappers per post, and whose drag addon forced a layout of
 * the whole week from every column's mount; that was most of a month -> week switch
 * (bench/results.md). Hour lines are the columns' background, the past one shaded box per column.
 * Its look is ours (styles/time-grid.css); end-to-end tests find its parts by role, name and data-
 * attributes (data-day-head, data-day-column, data-time-body, data-post-box, data-free-slot).
 *
 * Moving: a post is dragged with the pointer (rows snap to 30 minutes, the grab point kept, as rbc
 * did), or dropped from a "+N" chip's list (HTML drag and drop); Escape cancels a drag. The keyboard
 * moves posts through PostEventView (interaction.ts). A drag never re-renders a column: the drop
 * preview reads a small store of its own.
 */

/** An hour's height in the week and day views, px: the grid's --cal-hour (time-grid.css) and its scroll. */
export const HOUR_PX = 40;
const HOUR_STYLE = { ['--cal-hour' as string]: `${HOUR_PX}px` };
const DAY_MINUTES = 24 * 60;
const HOURS = Array.from({ length: 24 }, (_, h) => format(new Date(2000, 0, 1, h), timePattern()));
const pct = (minutes: number) => `${(100 * minutes) / DAY_MINUTES}%`;
const minutesOf = (wall: Date) => wall.getHours() * 60 + wall.getMinutes();

export interface TimeGridProps {
  view: 'week' | 'day';
  /** Wall dates of the columns, first to last. */
  days: readonly Date[];
  rows: TimeRows;
  slots: readonly SlotEvent[];
  zone: string;
  /** The brand-zone now, as a wall date. */
  now: Date;
  /** Wall time the grid scrolls to when it shows a new range. */
  scrollTo: { hours: number; minutes: number };
  className: string;
  /** A post dragged out of a chip's list (set by RowOverflowList while the drag lasts). */
  listDragRef: RefObject<PostEvent | null>;
  onDrop(event: PostEvent, wallStart: Date): void;
  onOpen(event: PostEvent): void;
  /** A day header: show that day alone. */
  onDrillDown(day: Date): void;
  renderSlot(slot: SlotEvent): ReactNode;
}

interface DayItems {
  items: (PostEvent | MoreEvent)[];
  slots: SlotEvent[];
}

const isPost = (e: PostEvent | MoreEvent): e is PostEvent => 'post' in e;

export function TimeGrid(props: TimeGridProps) {
  const {
    view,
    days,
    rows,
    slots,
    zone,
    now,
    scrollTo,
    className,
    listDragRef,
    onDrop,
    onOpen,
    onDrillDown,
  } = props;
  const contentRef = useRef<HTMLDivElement>(null);
  const store = useMemo(() => createDragStore(), []);
  const byDay = useMemo(() => {
    const map = new Map<string, DayItems>(days.map((d) => [wallDateKey(d), { items: [], slots: [] }]));
    for (const item of rows.shown) map.get(wallDateKey(item.start))?.items.push(item);
    for (const slot of slots) map.get(wallDateKey(slot.start))?.slots.push(slot);
    return map;
  }, [days, rows, slots]);

  // A new range starts at the same time of day, as rbc's grid did; the user's own scroll stays otherwise.
  const first = days[0]?.getTime();
  useLayoutEffect(() => {
    const content = contentRef.current;
    if (content) content.scrollTop = ((scrollTo.hours * 60 + scrollTo.minutes) / 60) * HOUR_PX;
  }, [first, view, scrollTo.hours, scrollTo.minutes]);

  const columnAt = useCallback((x: number): { index: number; rect: DOMRect } | null => {
    const columns = contentRef.current?.querySelectorAll<HTMLElement>(':scope > .cal-day-column') ?? [];
    for (let index = 0; index < columns.length; index++) {
      const rect = columns[index]!.getBoundingClientRect();
      if (x >= rect.left && x < rect.right) return { index, rect };
    }
    return null;
  }, []);
  const spotAt = useCallback(
    (x: number, top: number): DropSpot | null => {
      const column = columnAt(x);
      if (!column) return null;
      return { day: column.index, minutes: dropMinutes(top - column.rect.top, column.rect.height) };
    },
    [columnAt],
  );
  const wallOf = useCallback(
    (spot: DropSpot) => {
      const d = days[spot.day]!;
      return new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, spot.minutes);
    },
    [days],
  );

  // Pointer drags of posts drawn in the grid.
  const { suppressClickRef, onClick } = useOpenOnClick(onOpen);
  const onPointerDown = useCallback(
    (e: ReactPointerEvent<HTMLElement>, event: PostEvent) => {
      suppressClickRef.current = false;
      if (e.button !== 0 || whyNotMovable(event.post) !== null) return;
      const grab = e.clientY - e.currentTarget.getBoundingClientRect().top;
      followPointerDrag(e, e.currentTarget, suppressClickRef, {
        move: (x, y) => {
          const spot = spotAt(x, y - grab);
          store.set(spot && { ...spot, event });
        },
        release: (x, y) => {
          const spot = spotAt(x, y - grab);
          return () => {
            if (spot) onDrop(event, wallOf(spot));
          };
        },
        end: () => store.set(null),
      });
    },
    [spotAt, store, onDrop, wallOf, suppressClickRef],
  );

  // Posts dragged out of a chip's list: HTML drag and drop, landing on the row under the pointer.
  const onDragOver = useCallback(
    (e: DragEvent<HTMLElement>) => {
      const event = listDragRef.current;
      if (!event) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      const spot = spotAt(e.clientX, e.clientY);
      store.set(spot && { ...spot, event });
    },
    [listDragRef, spotAt, store],
  );
  const onDragLeave = useCallback(
    (e: DragEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) store.set(null);
    },
    [store],
  );
  const onDropFromList = useCallback(
    (e: DragEvent<HTMLElement>) => {
      const event = listDragRef.current;
      store.set(null);
      // Anything else dropped here (a file from the desktop) is not ours to read.
      e.preventDefault();
      if (!event) return;
      listDragRef.current = null;
      const spot = spotAt(e.clientX, e.clientY);
      if (spot) onDrop(event, wallOf(spot));
    },
    [listDragRef, spotAt, store, onDrop, wallOf],
  );

  const todayKey = wallDateKey(now);
  const nowMinutes = minutesOf(now);
  // A post's box is its cell itself (PostEventView's box): one element per post, and the same two
  // box descriptions for every post, so memoized cells keep them.
  const boxes = useMemo(() => {
    const handlers = { onPointerDown, onClick };
    return { wide: { narrow: false, handlers }, narrow: { narrow: true, handlers } };
  }, [onPointerDown, onClick]);
  return (
    <div className={`cal-time-frame ${className}`}>
      <div className={`cal-time-grid cal-time-grid--${view}`} style={HOUR_STYLE}>
        <div className="cal-time-grid__header">
          <div className="cal-time-grid__corner" />
          <div className="cal-time-grid__heads">
            <div className="cal-time-grid__days">
              {days.map((day) => {
                const key = wallDateKey(day);
                return (
                  <div
                    key={key}
                    className={`cal-time-grid__day-head${key === todayKey ? ' cal-today' : ''}`}
                    data-day-head={key}
                  >
                    {/* The name starts with the visible words, then the full date (axe: label in name). */}
                    <button
                      type="button"
                      className="cal-day-link"
                      aria-label={`${format(day, 'EEE d')}: show ${format(day, 'EEEE, MMMM d')}`}
                      onClick={() => onDrillDown(day)}
                    >
                      {format(day, 'EEE d')}
                    </button>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
        <div
          ref={contentRef}
          className="cal-time-grid__body"
          data-time-body
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDropFromList}
        >
          <div className="cal-time-grid__gutter" aria-hidden="true">
            {HOURS.map((label) => (
              <div key={label} className="cal-hour-label">
                {label}
              </div>
            ))}
          </div>
          {days.map((day, index) => {
            const key = wallDateKey(day);
            const today = key === todayKey;
            const items = byDay.get(key)!;
            return (
              <DayColumn
                key={key}
                index={index}
                items={items.items}
                slots={items.slots}
                places={rows.places}
                // Only today's column follows the clock; the others are wholly past or wholly ahead.
                pastMinutes={
                  key < todayKey ? DAY_MINUTES : today ? nowMinutes - (nowMinutes % ROW_MINUTES) : 0
                }
                nowMinutes={today ? nowMinutes : null}
                today={today}
                zone={zone}
                boxes={boxes}
                store={store}
                renderSlot={props.renderSlot}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

interface DayColumnProps {
  index: number;
  items: readonly (PostEvent | MoreEvent)[];
  slots: readonly SlotEvent[];
  places: ReadonlyMap<PostEvent | MoreEvent, RowPlace>;
  /** Minutes from midnight shaded as past (whole 30-minute rows). */
  pastMinutes: number;
  nowMinutes: number | null;
  today: boolean;
  zone: string;
  /** The box of a post alone in its row, and of one sharing it. */
  boxes: { wide: PostBoxProps; narrow: PostBoxProps };
  store: DragStore;
  renderSlot(slot: SlotEvent): ReactNode;
}

const DayColumn = memo(function DayColumn(props: DayColumnProps) {
  const { index, items, slots, places, pastMinutes, nowMinutes, today, zone, boxes, store } = props;
  return (
    <div className={`cal-day-column${today ? ' cal-today' : ''}`} data-day-column={index}>
      {pastMinutes > 0 && <div className="cal-past cal-past-shade" style={{ height: pct(pastMinutes) }} />}
      <div className="cal-day-column__items">
        {slots.map((slot) => (
          <div
            key={slot.id}
            className="cal-slot-event"
            data-free-slot
            style={{
              top: pct(minutesOf(slot.start)),
              height: pct(Math.min(DAY_MINUTES - minutesOf(slot.start), ROW_MINUTES)),
            }}
          >
            {props.renderSlot(slot)}
          </div>
        ))}
        {rowsOf(items, places).map((row) => (
          <div key={row.top} className="cal-time-row" style={{ top: pct(row.top) }}>
            {row.items.map((item) =>
              isPost(item) ? (
                <PostEventView
                  key={item.id}
                  event={item}
                  box={row.items.length > 1 ? boxes.narrow : boxes.wide}
                />
              ) : (
                <MoreChip key={item.id} more={item} zone={zone} />
              ),
            )}
          </div>
        ))}
        <DropPreview index={index} store={store} />
      </div>
      {nowMinutes !== null && <div className="cal-now-line" style={{ top: pct(nowMinutes) }} />}
    </div>
  );
});

/**
 * The drawn items of a column by row, each row's in its lane order (time-rows.ts lays them out row
 * by row). A row is one positioned box whose posts and chip sit side by side in it, so a post's box
 * carries no position of its own: a busy week set four inline styles on each of ~450 boxes.
 */
function rowsOf(
  items: readonly (PostEvent | MoreEvent)[],
  places: ReadonlyMap<PostEvent | MoreEvent, RowPlace>,
): { top: number; items: (PostEvent | MoreEvent)[] }[] {
  const rows = new Map<number, { top: number; items: (PostEvent | MoreEvent)[] }>();
  for (const item of items) {
    const place = places.get(item);
    if (!place) continue;
    const top = minutesOf(place.start);
    const row = rows.get(top);
    if (row) row.items.push(item);
    else rows.set(top, { top, items: [item] });
  }
  // Lanes left to right; the chip's lane comes after its row's posts.
  const lane = (item: PostEvent | MoreEvent) => places.get(item)?.lane ?? 0;
  for (const row of rows.values()) row.items.sort((a, b) => lane(a) - lane(b));
  return [...rows.values()];
}

/** Where a dragged post would land: drawn in the column under the pointer, from the drag store. */
function DropPreview({ index, store }: { index: number; store: DragStore }) {
  const spot = useSyncExternalStore(store.subscribe, store.get);
  if (!spot || spot.day !== index) return null;
  // Where the post lands: its own minutes within the row, as the drop will keep them.
  const at = keepMinutesInRow(new Date(2000, 0, 1, 0, spot.minutes), spot.event.start);
  return (
    <div
      className={`cal-post post-event post-event--${spot.event.state ?? 'unknown'} cal-drop-preview`}
      style={{ top: pct(spot.minutes), height: pct(ROW_MINUTES), left: 0, width: '100%' }}
      aria-hidden="true"
    >
      <span className="post-cell">
        <span className="post-cell__time">{format(at, timePattern())}</span>
        <span className="post-cell__text">{spot.event.title}</span>
      </span>
    </div>
  );
}

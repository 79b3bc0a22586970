import {
  createContext,
  memo,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type CSSProperties,
  type DragEvent,
} from 'react';
import {
  Calendar,
  type Components,
  type DayLayoutFunction,
  type EventProps,
  type Formats,
  type ViewsProps,
} from 'react-big-calendar';
import dragAndDropAddon from 'react-big-calendar/lib/addons/dragAndDrop/index.js';
import { CompactCellContext, PostCellContext, PostEventView } from './PostEventView.js';
import { whyNotMovable, type PostEvent } from './posts.js';
import { createLocalizer } from './localizer.js';
import { AGENDA_DAYS, visibleWallRange, type CalendarView as ViewName } from './range.js';
import { instantToWall } from './time.js';
import { EmptySlot } from '../queue/EmptySlot.js';
import type { SlotEvent } from './free-slots.js';
import { formatTime } from './format.js';
import { releaseWrapperStop } from './wrapper-stop.js';
import { LANES, layoutSlotRows, rowBox, SLOT_MINUTES, type MoreEvent, type SlotRows } from './slot-rows.js';
import { MoreChip, OpenOverflowContext, SlotOverflowList } from './SlotOverflow.js';
import { QuickMonthView } from './QuickMonthView.js';
import { commonJsDefault } from './commonjs-default.js';

const withDragAndDrop = commonJsDefault(dragAndDropAddon);
/** What the grid lays out: posts, "+N" chips of crowded rows, and (in week and day) free queue slots. */
type GridEvent = PostEvent | MoreEvent | SlotEvent;
const isPost = (e: GridEvent): e is PostEvent => 'post' in e;
const isMore = (e: GridEvent): e is MoreEvent => 'hidden' in e;
const DnDCalendar = withDragAndDrop<GridEvent>(Calendar);

/** Opens the composer at a free slot's instant; a context so the grid's components stay stable. */
const SlotOpenContext = createContext<((instant: Date) => void) | null>(null);
const SlotZoneContext = createContext('UTC');

function GridEventView(props: EventProps<GridEvent>) {
  const open = useContext(SlotOpenContext);
  const zone = useContext(SlotZoneContext);
  const { event } = props;
  if (isPost(event)) return <PostEventView {...(props as EventProps<PostEvent>)} />;
  if (isMore(event)) return <MoreChip more={event} zone={zone} />;
  return <SlotCell label={formatTime(event.instant, zone)} instant={event.instant} onOpen={open} />;
}

/** A free slot's button; the library's wrapper loses its own role and tab stop, so a slot is one stop. */
function SlotCell(props: { label: string; instant: Date; onOpen: ((instant: Date) => void) | null }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => releaseWrapperStop(ref.current, '.rbc-background-event'), []);
  return (
    <span ref={ref} className="cal-slot-cell">
      <EmptySlot date={props.instant} label={props.label} onOpen={(d) => props.onOpen?.(d)} />
    </span>
  );
}

const localizer = createLocalizer();

/**
 * Posts are instants: the agenda shows one time, never a "9:00 – 9:30" range that does not exist.
 * In the grid each cell writes its own time, so the library's label (hidden) is not even formatted.
 */
const formats: Formats = {
  eventTimeRangeFormat: () => '',
  agendaTimeRangeFormat: ({ start }, culture, l) => l?.format(start, 'p', culture) ?? '',
  agendaDateFormat: 'EEE MMM d',
  dayFormat: 'EEE d',
  dateFormat: 'd',
};

const components: Components<GridEvent> = {
  event: GridEventView,
  agenda: { event: GridEventView },
};

/** rbc's views, the month's rows given their posts by QuickMonthView. */
const VIEWS: ViewsProps<GridEvent> = { month: QuickMonthView as never, week: true, day: true, agenda: true };
/**
 * The time gutter's width, fixed here and in calendar.css. Left to itself rbc measures the gutter
 * one frame after the week or day view appears and then re-renders every column and post again.
 * rbc's TimeGrid takes it as `width`, a prop its Calendar passes through but does not declare.
 */
const TIME_GUTTER_PX = 76;
const FIXED_GUTTER: object = { width: TIME_GUTTER_PX };
const SCROLL_TO = new Date(1970, 0, 1, 7, 30);
const isMovable = (e: GridEvent) => isPost(e) && whyNotMovable(e.post) === null;
const eventClass = (e: GridEvent) =>
  isPost(e) ? postClass(e) : { className: isMore(e) ? 'cal-more-event' : 'cal-slot-event' };
const postClass = (e: PostEvent) => ({
  className: [
    'post-event',
    `post-event--${e.state ?? 'unknown'}`,
    e.post.pending ? 'post-event--pending' : '',
    isMovable(e) ? '' : 'post-event--fixed',
  ].join(' '),
});

const MINUTE = 60_000;
const NO_SLOTS: SlotEvent[] = [];
const subscribeToMinutes = (tick: () => void) => {
  const timer = setInterval(tick, 5_000);
  return () => clearInterval(timer);
};
const currentMinute = () => Math.floor(Date.now() / MINUTE);

/**
 * rbc's day layout for the week and day views: each item in its 30-minute row, at the lane
 * layoutSlotRows gave it; anything else (a free queue slot) across the whole column.
 */
function rowLayout(places: SlotRows['places']): DayLayoutFunction<GridEvent> {
  return ({ events, slotMetrics, accessors }) =>
    events.map((event) => {
      const range = (slotMetrics as RangeMetrics).getRange(accessors.start(event), accessors.end(event));
      const place = isPost(event) || isMore(event) ? places.get(event) : undefined;
      const box = place ? rowBox(place) : { left: 0, width: 100 };
      const style: CSSProperties & { xOffset: string | number } = {
        top: range.top,
        height: range.height,
        width: box.width,
        xOffset: box.left,
      };
      return { event, style };
    });
}
/** The part of rbc's slot metrics the layout reads (typed `any` upstream). */
interface RangeMetrics {
  getRange(start: Date, end: Date): { top: number; height: number };
}

/** The brand-zone "now" as a wall date, to the minute, for today's mark and the past's shading. */
function useWallNow(zone: string): Date {
  const minute = useSyncExternalStore(subscribeToMinutes, currentMinute);
  return useMemo(() => instantToWall(minute * MINUTE, zone), [minute, zone]);
}

interface CalendarViewProps {
  events: PostEvent[];
  /** Free queue slots, drawn faintly in week and day views only. */
  slots?: SlotEvent[];
  view: ViewName;
  date: Date;
  zone: string;
  cellContext: PostCellContext;
  onView(view: ViewName): void;
  onNavigate(date: Date): void;
  onDrop(event: PostEvent, start: Date, isAllDay: boolean): void;
  onOpen(event: PostEvent): void;
  onOpenSlot?(instant: Date): void;
}

/**
 * react-big-calendar with drag and drop, fed brand-zone wall dates. Memoized: it renders only when
 * its events, view, date or zone change, never for a toast, a filter menu or the details panel.
 */
export const CalendarView = memo(function CalendarView(props: CalendarViewProps) {
  const { events, slots, view, date, zone, cellContext, onView, onNavigate, onDrop, onOpen, onOpenSlot } =
    props;
  const timeGrid = view === 'week' || view === 'day';
  const backgroundEvents = timeGrid ? (slots ?? NO_SLOTS) : NO_SLOTS;
  const now = useWallNow(zone);
  // Only what the view shows reaches rbc, which otherwise runs its slow date math on every post
  // held (the screen keeps neighbouring ranges too) for each day it draws. In time order: rbc sorts
  // each week row's posts on every render (twice when the month changes, to measure its rows), and
  // its sort on an ordered list is one pass instead of n log n comparisons of date math.
  const visible = useMemo(() => {
    const range = visibleWallRange(view, date);
    const [from, to] = [range.start.getTime(), range.end.getTime()];
    return events
      .filter((e) => e.start.getTime() >= from && e.start.getTime() <= to)
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
  }, [events, view, date]);
  // Week and day draw posts in 30-minute rows, a crowded row folded into a "+N" chip.
  const rows = useMemo(
    () => (view === 'week' || view === 'day' ? layoutSlotRows(visible, LANES[view]) : null),
    [visible, view],
  );
  const grid = useMemo(() => {
    const places = rows?.places;
    const placeOf = (e: GridEvent) => (places && (isPost(e) || isMore(e)) ? places.get(e) : undefined);
    return {
      events: rows ? rows.shown : visible,
      start: (e: GridEvent) => placeOf(e)?.start ?? e.start,
      end: (e: GridEvent) => placeOf(e)?.end ?? e.end,
      layout: places ? rowLayout(places) : ('overlap' as const),
    };
  }, [rows, visible]);
  const openerRef = useRef<((more: MoreEvent, chip: HTMLElement) => void) | null>(null);
  const openOverflow = useCallback(
    (more: MoreEvent, chip: HTMLElement) => openerRef.current?.(more, chip),
    [],
  );
  // A post dragged out of a chip's list onto the grid (rbc's "drop from outside").
  const draggedRef = useRef<PostEvent | null>(null);
  // Only a post dragged out of a chip's list may drop on the grid: rbc would read the dragged item
  // of any other drop (a file from the desktop) and fail on it.
  const dropGuard = useMemo(
    () => ({
      onDropCapture: (e: DragEvent) => {
        if (draggedRef.current) return;
        e.preventDefault();
        e.stopPropagation();
      },
    }),
    [],
  );
  // rbc types this as always returning an event, but checks for none before a drag-over preview.
  const dragFromList = useCallback(() => draggedRef.current, []) as () => GridEvent;
  const dropFromList = useCallback(
    ({ start, allDay }: { start: string | Date; allDay: boolean }) => {
      const event = draggedRef.current;
      draggedRef.current = null;
      if (event) onDrop(event, new Date(start), !!allDay);
    },
    [onDrop],
  );
  const getters = useMemo(() => {
    const dayEnd = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
    return {
      getNow: () => now,
      slot: (slot: Date) =>
        slot.getTime() + SLOT_MINUTES * MINUTE <= now.getTime() ? { className: 'cal-past' } : {},
      day: (day: Date) => (dayEnd(day) <= now.getTime() ? { className: 'cal-past' } : {}),
    };
  }, [now]);

  return (
    <PostCellContext.Provider value={cellContext}>
      <SlotOpenContext.Provider value={onOpenSlot ?? null}>
        <SlotZoneContext.Provider value={zone}>
          <OpenOverflowContext.Provider value={openOverflow}>
            <CompactCellContext.Provider value={view === 'week'}>
              <DnDCalendar
                {...FIXED_GUTTER}
                className={`cal-grid cal-view-${view}`}
                localizer={localizer}
                culture="en-US"
                events={grid.events}
                startAccessor={grid.start}
                endAccessor={grid.end}
                backgroundEvents={backgroundEvents}
                view={view}
                views={VIEWS}
                date={date}
                toolbar={false}
                onView={(v) => onView(v as ViewName)}
                onNavigate={(d) => onNavigate(d)}
                getNow={getters.getNow}
                components={components}
                formats={formats}
                popup
                resizable={false}
                selectable={false}
                draggableAccessor={isMovable}
                eventPropGetter={eventClass}
                slotPropGetter={getters.slot}
                dayPropGetter={getters.day}
                step={SLOT_MINUTES}
                timeslots={2}
                length={AGENDA_DAYS}
                scrollToTime={SCROLL_TO}
                dayLayoutAlgorithm={grid.layout}
                tooltipAccessor={null}
                onSelectEvent={(e) => isPost(e) && onOpen(e)}
                onEventDrop={({ event, start, isAllDay }) =>
                  isPost(event) && onDrop(event, new Date(start), !!isAllDay)
                }
                dragFromOutsideItem={dragFromList}
                elementProps={dropGuard}
                onDropFromOutside={dropFromList}
                messages={{
                  showMore: (count) => `+${count} more`,
                  noEventsInRange: 'No posts in this range.',
                }}
              />
              {timeGrid && (
                <SlotOverflowList
                  key={`${view}:${date.getTime()}`}
                  openerRef={openerRef}
                  chips={rows?.chips}
                  zone={zone}
                  draggedRef={draggedRef}
                  onOpen={onOpen}
                />
              )}
            </CompactCellContext.Provider>
          </OpenOverflowContext.Provider>
        </SlotZoneContext.Provider>
      </SlotOpenContext.Provider>
    </PostCellContext.Provider>
  );
});

import { memo, useCallback, useMemo, useRef } from 'react';
import { Calendar, type Components, type Formats, type ViewsProps } from 'react-big-calendar';
import { CompactCellContext, PostCellContext, PostEventView } from './PostEventView.js';
import { postEventClass, type PostEvent } from './posts.js';
import { createLocalizer } from './localizer.js';
import { timePattern } from '../ui/time-format.js';
import { AGENDA_DAYS, visibleWallRange, type ViewName } from './range.js';
import { instantToWall } from './time.js';
import { EmptySlot } from '../queue/EmptySlot.js';
import type { SlotEvent } from './free-slots.js';
import { formatTime } from './format.js';
import { LANES, layoutTimeRows, ROW_MINUTES, type MoreEvent } from './time-rows.js';
import { dayNumber, knownPostsByDay } from './month-days.js';
import { OpenOverflowContext, RowOverflowList } from './RowOverflow.js';
import { MonthGrid, type MonthGridInput } from './MonthGrid.js';
import { TimeGrid } from './TimeGrid.js';
import { MINUTE, useCurrentMinute } from './clock.js';

/** What rbc draws (the agenda): posts only. The month is MonthGrid's, week and day TimeGrid's. */
type GridEvent = PostEvent;

/** A free slot's button. */
function SlotCell(props: { label: string; instant: Date; onOpen: ((instant: Date) => void) | null }) {
  return (
    <span className="cal-slot-cell">
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
  agendaTimeRangeFormat: ({ start }, culture, l) => l?.format(start, timePattern(), culture) ?? '',
  agendaDateFormat: 'EEE MMM d',
  dayFormat: 'EEE d',
  dateFormat: 'd',
};

const components: Components<GridEvent> = {
  event: PostEventView,
  agenda: { event: PostEventView },
};

/** rbc draws the agenda alone: the month is MonthGrid's, week and day TimeGrid's. */
const VIEWS: ViewsProps<GridEvent> = { agenda: true };
const SCROLL_TO = { hours: 7, minutes: 30 };
const postClass = (e: PostEvent) => ({ className: postEventClass(e) });
const NO_EVENTS: PostEvent[] = [];

const NO_SLOTS: SlotEvent[] = [];

/** The brand-zone "now" as a wall date, to the minute, for today's mark and the past's shading. */
function useWallNow(zone: string): Date {
  const minute = useCurrentMinute();
  return useMemo(() => instantToWall(minute * MINUTE, zone), [minute, zone]);
}

interface CalendarGridProps {
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
 * The calendar, fed brand-zone wall dates: react-big-calendar around our MonthGrid for the month and
 * with its own agenda, TimeGrid for the week and the day. Memoized: it renders only when its events, view,
 * date or zone change, never for a toast, a filter menu or the details panel.
 */
export const CalendarGrid = memo(function CalendarGrid(props: CalendarGridProps) {
  const { events, slots, view, date, zone, cellContext, onView, onNavigate, onDrop, onOpen, onOpenSlot } =
    props;
  const timeGrid = view === 'week' || view === 'day';
  const now = useWallNow(zone);
  // Only what the view shows is drawn: rbc otherwise runs its slow date math on every post held
  // (the screen keeps neighbouring ranges too) for each day it draws. In time order: rbc sorts each
  // week row's posts on every render (twice when the month changes, to measure its rows), and its
  // sort on an ordered list is one pass instead of n log n comparisons of date math.
  const range = useMemo(() => visibleWallRange(view, date), [view, date]);
  const days = useMemo(() => {
    if (!timeGrid) return [];
    const first = range.start;
    return Array.from(
      { length: view === 'week' ? 7 : 1 },
      (_, i) => new Date(first.getFullYear(), first.getMonth(), first.getDate() + i),
    );
  }, [timeGrid, view, range]);
  // The month picks its days' posts itself (MonthGrid), from buckets made once per list of posts.
  // Week and day take theirs from the same buckets when the month made them for this list (each day
  // in time order, ties by id: the rows need no sorting); a list no month bucketed (a week's own
  // range, a drop's new list) is cut and sorted here, as bucketing every day of it would cost more.
  const visible = useMemo((): { events: PostEvent[]; inOrder: boolean } => {
    if (view === 'month') return { events: NO_EVENTS, inOrder: true };
    const byDay = timeGrid ? knownPostsByDay(events) : undefined;
    if (byDay)
      return { events: days.flatMap((day) => byDay.get(dayNumber(day)) ?? NO_EVENTS), inOrder: true };
    const [from, to] = [range.start.getTime(), range.end.getTime()];
    const cut = events
      .filter((e) => e.start.getTime() >= from && e.start.getTime() <= to)
      .sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
    return { events: cut, inOrder: false };
  }, [events, range, view, timeGrid, days]);
  // Week and day draw posts in 30-minute rows, a crowded row folded into a "+N" chip.
  const rows = useMemo(
    () =>
      view === 'week' || view === 'day'
        ? layoutTimeRows(visible.events, LANES[view], ROW_MINUTES, visible.inOrder)
        : null,
    [visible, view],
  );
  const openerRef = useRef<((more: MoreEvent, chip: HTMLElement) => void) | null>(null);
  const openOverflow = useCallback(
    (more: MoreEvent, chip: HTMLElement) => openerRef.current?.(more, chip),
    [],
  );
  // A post dragged out of a chip's list onto the grid.
  const draggedRef = useRef<PostEvent | null>(null);
  const getNow = useCallback(() => now, [now]);
  const dropInRow = useCallback((event: PostEvent, start: Date) => onDrop(event, start, false), [onDrop]);
  const drillDown = useCallback(
    (day: Date) => {
      onView('day');
      onNavigate(day);
    },
    [onView, onNavigate],
  );
  const monthInput = useMemo<MonthGridInput>(
    () => ({ events, now, onDrop: dropInRow, onOpen, onDrillDown: drillDown }),
    [events, now, dropInRow, onOpen, drillDown],
  );
  const renderSlot = useCallback(
    (slot: SlotEvent) => (
      <SlotCell label={formatTime(slot.instant, zone)} instant={slot.instant} onOpen={onOpenSlot ?? null} />
    ),
    [zone, onOpenSlot],
  );

  return (
    <PostCellContext.Provider value={cellContext}>
      <OpenOverflowContext.Provider value={openOverflow}>
        <CompactCellContext.Provider value={view === 'week'}>
          {/* What a test or a stylesheet finds the view by: data-calendar-view, never a library's class. */}
          <div className="cal-view" data-calendar-view={view}>
            {timeGrid && rows ? (
              <>
                <TimeGrid
                  className={`cal-grid cal-view-${view}`}
                  view={view}
                  days={days}
                  rows={rows}
                  slots={slots ?? NO_SLOTS}
                  zone={zone}
                  now={now}
                  scrollTo={SCROLL_TO}
                  listDragRef={draggedRef}
                  onDrop={dropInRow}
                  onOpen={onOpen}
                  onDrillDown={drillDown}
                  renderSlot={renderSlot}
                />
                <RowOverflowList
                  key={`${view}:${date.getTime()}`}
                  openerRef={openerRef}
                  chips={rows.chips}
                  zone={zone}
                  draggedRef={draggedRef}
                  onOpen={onOpen}
                />
              </>
            ) : view === 'month' ? (
              // Not inside rbc's calendar: its stylesheet sizes every ::before and ::after there,
              // which made Chromium compute two more styles for each element of the month.
              <div className={`cal-grid cal-view-${view}`}>
                <MonthGrid date={date} input={monthInput} />
              </div>
            ) : (
              <Calendar
                className={`cal-grid cal-view-${view}`}
                localizer={localizer}
                culture="en-US"
                events={visible.events}
                view={view}
                views={VIEWS}
                date={date}
                toolbar={false}
                onView={(v) => onView(v as ViewName)}
                onNavigate={(d) => onNavigate(d)}
                getNow={getNow}
                components={components}
                formats={formats}
                selectable={false}
                eventPropGetter={postClass}
                length={AGENDA_DAYS}
                tooltipAccessor={null}
                onSelectEvent={(e) => onOpen(e)}
                messages={{ noEventsInRange: 'No posts in this range.' }}
              />
            )}
          </div>
        </CompactCellContext.Provider>
      </OpenOverflowContext.Provider>
    </PostCellContext.Provider>
  );
});

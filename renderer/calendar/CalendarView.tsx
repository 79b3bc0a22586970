import {
  createContext,
  memo,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { Calendar, type Components, type EventProps, type Formats, type View } from 'react-big-calendar';
import dragAndDropAddon from 'react-big-calendar/lib/addons/dragAndDrop/index.js';
import { PostCellContext, PostEventView } from './PostEventView.js';
import { whyNotMovable, type PostEvent } from './posts.js';
import { createLocalizer } from './localizer.js';
import { AGENDA_DAYS, type CalendarView as ViewName } from './range.js';
import { instantToWall } from './time.js';
import { EmptySlot } from '../queue/EmptySlot.js';
import type { SlotEvent } from './free-slots.js';
import { formatTime } from './format.js';

/** Minutes per slot in the week and day views; the keyboard moves a post by one slot. */
export const SLOT_MINUTES = 30;

const withDragAndDrop = typeof dragAndDropAddon === 'function' ? dragAndDropAddon : dragAndDropAddon.default;
/** What the grid lays out: posts, and (as background events in week and day) free queue slots. */
type GridEvent = PostEvent | SlotEvent;
const isPost = (e: GridEvent): e is PostEvent => 'post' in e;
const DnDCalendar = withDragAndDrop<GridEvent>(Calendar);

/** Opens the composer at a free slot's instant; a context so the grid's components stay stable. */
const SlotOpenContext = createContext<((instant: Date) => void) | null>(null);
const SlotZoneContext = createContext('UTC');

function GridEventView(props: EventProps<GridEvent>) {
  const open = useContext(SlotOpenContext);
  const zone = useContext(SlotZoneContext);
  const { event } = props;
  if (isPost(event)) return <PostEventView {...(props as EventProps<PostEvent>)} />;
  return <SlotCell label={formatTime(event.instant, zone)} instant={event.instant} onOpen={open} />;
}

/** A free slot's button; the library's wrapper loses its own role and tab stop, so a slot is one stop. */
function SlotCell(props: { label: string; instant: Date; onOpen: ((instant: Date) => void) | null }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const outer = ref.current?.closest<HTMLElement>('.rbc-background-event');
    if (!outer) return;
    outer.tabIndex = -1;
    outer.removeAttribute('role');
  }, []);
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

const VIEWS: View[] = ['month', 'week', 'day', 'agenda'];
const SCROLL_TO = new Date(1970, 0, 1, 7, 30);
const isMovable = (e: GridEvent) => isPost(e) && whyNotMovable(e.post) === null;
const eventClass = (e: GridEvent) => (isPost(e) ? postClass(e) : { className: 'cal-slot-event' });
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
  const backgroundEvents = view === 'week' || view === 'day' ? (slots ?? NO_SLOTS) : NO_SLOTS;
  const now = useWallNow(zone);
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
          <DnDCalendar
            className={`cal-grid cal-view-${view}`}
            localizer={localizer}
            culture="en-US"
            events={events}
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
            dayLayoutAlgorithm="overlap"
            tooltipAccessor={null}
            onSelectEvent={(e) => isPost(e) && onOpen(e)}
            onEventDrop={({ event, start, isAllDay }) =>
              isPost(event) && onDrop(event, new Date(start), !!isAllDay)
            }
            messages={{ showMore: (count) => `+${count} more`, noEventsInRange: 'No posts in this range.' }}
          />
        </SlotZoneContext.Provider>
      </SlotOpenContext.Provider>
    </PostCellContext.Provider>
  );
});

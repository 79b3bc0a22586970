import {
  memo,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { format } from 'date-fns';
import { PostCellContext, PostEventView } from './PostEventView.js';
import { postEventClass, whyNotMovable, type PostEvent } from './posts.js';
import { useOpenOnClick } from './interaction.js';
import { takeFocusRequest } from './RowOverflow.js';
import { wallDateKey } from './time.js';
import { pickedNote, usePickedAmong } from '../bulk/selection-store.js';
import { followPointerDrag } from './pointer-drag.js';
import {
  cellPlan,
  chipsThatFit,
  dayNumber,
  monthDays,
  placeInside,
  emptyPastWeeks,
  postsByDay,
} from './month-days.js';

/*
 * The month view, drawn here rather than by react-big-calendar (as TimeGrid draws the week and the
 * day): rbc's month lays every post of a week row out in levels with its date math, renders the
 * month once more only to measure a row, and its drag addon wraps every post. Here each day draws
 * the few posts that fit its cell from a bucket of that day's posts (made once per list of posts,
 * month-days.ts) and a "+N more" that opens the day's whole list, so ten thousand posts a month
 * draw as fast as five hundred. CalendarGrid draws it outside rbc's calendar (whose stylesheet
 * styles every ::before and ::after inside it), with the posts and handlers in MonthGridInput.
 *
 * Its look is ours (styles/month.css); end-to-end tests find its parts by role, name and data-
 * attributes (data-week, data-day, data-day-number, data-post-box, data-day-list), never by class.
 * Moving: a post is dragged with the pointer onto another day (it keeps its time of day, moves.ts),
 * from the cell or from a day's list; the keyboard moves posts through PostEventView.
 */

/**
 * Height of one post chip (and of "+N more") in a month cell, px, when month.css sets none: it sets
 * --cal-month-chip on a cell's posts, taller where the month is narrow and a chip takes two lines.
 */
export const MONTH_CHIP_PX = 22;
/** Height of "+N more" in a month cell, px (month.css): less than a two-line chip, so one more chip fits above it. */
export const MONTH_MORE_PX = 18;
const NONE: readonly PostEvent[] = [];
const NOT_MEASURED = { shown: 0, hidden: 0 };

/** What the month view needs from the calendar, beside the date. */
export interface MonthGridInput {
  /** Every post held (any range): the view picks its days' posts out of them. */
  events: readonly PostEvent[];
  /** The brand-zone now, as a wall date. */
  now: Date;
  /** A post dropped on a day (a wall date at that day's midnight). */
  onDrop(event: PostEvent, day: Date): void;
  onOpen(event: PostEvent): void;
  /** A day's number: show that day alone. */
  onDrillDown(day: Date): void;
}

/**
 * The chips that fit in a cell, kept across mounts so a return to the month does not measure first,
 * with the weeks they were measured for (`layout`). Until measured for the weeks drawn, a render
 * draws the days without posts, is measured before it is painted, and then draws the posts that fit
 * (rather than posts at another height's count, which the next render would take back: that cost
 * a cold start a render and a layout of every chip when the month's posts arrived and showed its
 * past weeks).
 */
interface Fit {
  layout: string;
  /** Chips that fit a cell. */
  fit: number;
  /** The chips that fit above a "+N more". */
  fitWithMore: number;
}
let lastFit: Fit = { layout: '', fit: 0, fitWithMore: 0 };
const NOT_FITTED = { fit: 0, fitWithMore: 0 };

interface Handlers {
  onPointerDown(e: ReactPointerEvent<HTMLElement>, event: PostEvent): void;
  onClick(e: ReactMouseEvent<HTMLElement>, event: PostEvent): void;
  openDay(day: Date, anchor: HTMLElement): void;
  onDrillDown(day: Date): void;
}

export function MonthGrid({ date, input }: { date: Date; input: MonthGridInput }) {
  const { events, now, onDrop, onOpen, onDrillDown } = input;
  const year = date.getFullYear();
  const month = date.getMonth();
  const days = useMemo(() => monthDays(new Date(year, month, 1)), [year, month]);
  const weeks = days.length / 7;
  const byDay = postsByDay(events);
  // Weeks at the top of the month that are past and hold no post are left out (a button brings
  // them back), so the weeks that matter get the room.
  const [earlierShownFor, setEarlierShownFor] = useState<number | null>(null);
  const skipped = earlierShownFor === year * 12 + month ? 0 : emptyPastWeeks(days, byDay, now);
  const shownWeeks = weeks - skipped;
  const rootRef = useRef<HTMLDivElement>(null);
  const layout = `${weeks}:${shownWeeks}`;
  const [measured, setMeasured] = useState(lastFit);
  const { fit, fitWithMore } = measured.layout === layout ? measured : NOT_FITTED;
  const [open, setOpen] = useState<{ day: Date; anchor: HTMLElement } | null>(null);

  // The chips that fit a cell: measured before the first paint, again when the window (or the
  // number of weeks) changes. A cell's post area has a fixed height whatever it holds.
  useLayoutEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const measure = () => {
      const area = root.querySelector<HTMLElement>('.cal-month-day__posts');
      if (!area || area.clientHeight === 0) return;
      const chip = parseFloat(getComputedStyle(area).getPropertyValue('--cal-month-chip'));
      const chipPx = chip > 0 ? chip : MONTH_CHIP_PX;
      const next = {
        layout,
        fit: chipsThatFit(area.clientHeight, chipPx),
        fitWithMore: chipsThatFit(area.clientHeight - MONTH_MORE_PX, chipPx),
      };
      lastFit = next;
      setMeasured((was) =>
        was.layout === next.layout && was.fit === next.fit && was.fitWithMore === next.fitWithMore
          ? was
          : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    return () => observer.disconnect();
  }, [layout]);

  // Pointer drags of posts, from a cell or from a day's list, onto a day.
  const openPost = useCallback(
    (event: PostEvent) => {
      setOpen(null);
      onOpen(event);
    },
    [onOpen, setOpen],
  );
  const { suppressClickRef, onClick } = useOpenOnClick(openPost);
  const onPointerDown = useCallback(
    (e: ReactPointerEvent<HTMLElement>, event: PostEvent) => {
      suppressClickRef.current = false;
      if (e.button !== 0 || whyNotMovable(event.post) !== null) return;
      let over: HTMLElement | null = null;
      const mark = (cell: HTMLElement | null) => {
        if (cell === over) return;
        over?.classList.remove('cal-drop-target');
        cell?.classList.add('cal-drop-target');
        over = cell;
      };
      const dayAt = (x: number, y: number): HTMLElement | null => {
        const hit = document.elementFromPoint(x, y);
        const cell = hit?.closest<HTMLElement>('.cal-month-day');
        return cell && rootRef.current?.contains(cell) ? cell : null;
      };
      followPointerDrag(e, e.currentTarget, suppressClickRef, {
        // The day's list (if the post came from it) lets the pointer through to the days beneath.
        start: () => rootRef.current?.classList.add('cal-month--dragging'),
        move: (x, y) => mark(dayAt(x, y)),
        release: (x, y) => {
          const index = Number(dayAt(x, y)?.dataset.dayIndex);
          const day = Number.isInteger(index) ? days[index] : undefined;
          return () => {
            setOpen(null);
            if (day && dayNumber(day) !== dayNumber(event.start)) onDrop(event, day);
          };
        },
        end: () => {
          rootRef.current?.classList.remove('cal-month--dragging');
          mark(null);
        },
      });
    },
    [days, onDrop, setOpen, suppressClickRef],
  );
  const openDay = useCallback((day: Date, anchor: HTMLElement) => setOpen({ day, anchor }), [setOpen]);
  const handlers = useMemo<Handlers>(
    () => ({ onPointerDown, onClick, openDay, onDrillDown }),
    [onPointerDown, onClick, openDay, onDrillDown],
  );

  const todayKey = dayNumber(now);
  const nowMs = now.getTime();
  const rows = [];
  for (let w = weeks - shownWeeks; w < weeks; w++) {
    const week = days.slice(w * 7, w * 7 + 7);
    rows.push(
      <div key={dayNumber(week[0]!)} className="cal-month-week" role="row" data-week={w}>
        {week.map((day, i) => {
          const key = dayNumber(day);
          const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
          return (
            <DayCell
              key={key}
              index={w * 7 + i}
              day={day}
              posts={byDay.get(key) ?? NONE}
              fit={fit}
              fitWithMore={fitWithMore}
              inMonth={day.getMonth() === month}
              today={key === todayKey}
              past={next.getTime() <= nowMs}
              handlers={handlers}
            />
          );
        })}
      </div>,
    );
  }
  const openPosts = open ? (byDay.get(dayNumber(open.day)) ?? NONE) : NONE;
  return (
    <div ref={rootRef} className="cal-month" role="table" aria-label={format(date, 'MMMM yyyy')}>
      <div className="cal-month__header" role="row">
        {days.slice(0, 7).map((day) => (
          <div key={day.getDay()} className="cal-month__weekday" role="columnheader">
            <span aria-label={format(day, 'EEEE')}>{format(day, 'EEE')}</span>
          </div>
        ))}
      </div>
      {skipped > 0 && (
        <div className="cal-month__earlier" role="row">
          <span role="cell">
            <button type="button" className="cal-link" onClick={() => setEarlierShownFor(year * 12 + month)}>
              {skipped === 1 ? 'Show the week before' : `Show the ${skipped} weeks before`}
            </button>{' '}
            <span className="cal-muted">(past, no posts)</span>
          </span>
        </div>
      )}
      {rows}
      {open && openPosts.length > 0 && (
        <DayList
          day={open.day}
          anchor={open.anchor}
          posts={openPosts}
          handlers={handlers}
          onClose={(refocus) => {
            if (refocus && open.anchor.isConnected) open.anchor.focus();
            setOpen(null);
          }}
        />
      )}
    </div>
  );
}

interface DayCellProps {
  index: number;
  day: Date;
  /** The day's posts, in time order. */
  posts: readonly PostEvent[];
  /** Chips that fit a cell; 0 before the first measure (nothing drawn). */
  fit: number;
  /** Chips that fit above a "+N more". */
  fitWithMore: number;
  inMonth: boolean;
  today: boolean;
  past: boolean;
  handlers: Handlers;
}

const DayCell = memo(function DayCell(props: DayCellProps) {
  const { index, day, posts, fit, fitWithMore, inMonth, today, past, handlers } = props;
  const cells = useContext(PostCellContext);
  const moreRef = useRef<HTMLButtonElement>(null);
  const { shown, hidden } = fit === 0 ? NOT_MEASURED : cellPlan(posts.length, fit, fitWithMore);
  const hiddenIds = useMemo(() => posts.slice(shown).map((e) => e.id), [posts, shown]);
  const hiddenPicked = usePickedAmong(hiddenIds);
  // A post moved by keyboard onto this day and not drawn in it: "+N more" takes the focus it asked for.
  useLayoutEffect(() => {
    if (cells && hidden > 0 && takeFocusRequest(cells, posts.slice(shown))) moreRef.current?.focus();
  }, [cells, posts, shown, hidden]);
  const className = [
    'cal-month-day',
    inMonth ? '' : 'cal-month-day--outside',
    today ? 'cal-today' : '',
    past && !today ? 'cal-past' : '',
  ].join(' ');
  const label = format(day, 'EEEE, MMMM d');
  return (
    <div
      className={className}
      role="cell"
      data-day-index={index}
      data-day={wallDateKey(day)}
      data-outside={inMonth ? undefined : true}
    >
      <div className="cal-month-day__date" data-day-number={day.getDate()}>
        <button
          type="button"
          className="cal-day-link"
          aria-label={`${label}: show the day`}
          onClick={() => handlers.onDrillDown(day)}
        >
          {day.getDate()}
        </button>
      </div>
      <div className="cal-month-day__posts">
        {posts.slice(0, shown).map((event) => (
          <MonthChip key={event.id} event={event} handlers={handlers} />
        ))}
        {hidden > 0 && (
          <button
            ref={moreRef}
            type="button"
            className="cal-month-more"
            data-more-posts
            aria-haspopup="dialog"
            aria-label={`${hidden} more posts on ${label}${pickedNote(hiddenPicked)}: show all ${posts.length}`}
            onClick={(e) => handlers.openDay(day, e.currentTarget)}
          >
            +{hidden} more
            {hiddenPicked > 0 && <span className="more-picked"> · {hiddenPicked} selected</span>}
          </button>
        )}
      </div>
    </div>
  );
});

const MonthChip = memo(function MonthChip({ event, handlers }: { event: PostEvent; handlers: Handlers }) {
  return (
    <div
      className={`cal-post ${postEventClass(event)}`}
      data-post-box
      onPointerDown={(e) => handlers.onPointerDown(e, event)}
      onClick={(e) => handlers.onClick(e, event)}
    >
      <PostEventView event={event} />
    </div>
  );
});

/** A busy day's whole list, over its cell and inside the window; Escape or a click elsewhere closes it. */
function DayList(props: {
  day: Date;
  anchor: HTMLElement;
  posts: readonly PostEvent[];
  handlers: Handlers;
  onClose(refocus: boolean): void;
}) {
  const { day, anchor, posts, handlers, onClose } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const latestClose = useRef(onClose);
  useLayoutEffect(() => {
    latestClose.current = onClose;
  });
  // Over the day's cell, moved in so that all of it is inside the window.
  useLayoutEffect(() => {
    const box = boxRef.current;
    const cell = anchor.closest<HTMLElement>('.cal-month-day') ?? anchor;
    if (!box) return;
    const at = cell.getBoundingClientRect();
    const { width, height } = box.getBoundingClientRect();
    const place = placeInside(
      { left: at.left, top: at.top },
      { width, height },
      { width: window.innerWidth, height: window.innerHeight },
    );
    box.style.left = `${place.left}px`;
    box.style.top = `${place.top}px`;
    box.querySelector<HTMLElement>('.post-cell')?.focus();
  }, [anchor]);
  useEffect(() => {
    const onPointer = (e: PointerEvent) => {
      if (e.target instanceof Node && boxRef.current?.contains(e.target)) return;
      latestClose.current(false);
    };
    const onResize = () => latestClose.current(false);
    document.addEventListener('pointerdown', onPointer, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      window.removeEventListener('resize', onResize);
    };
  }, []);
  const label = format(day, 'EEEE, MMMM d');
  return (
    <div
      ref={boxRef}
      className="cal-month-overlay"
      role="dialog"
      data-day-list
      aria-label={`${posts.length} posts, ${label}`}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        onClose(true);
      }}
    >
      <div className="cal-month-overlay__header" data-day-list-header>
        {label} · {posts.length} posts
      </div>
      {posts.map((event) => (
        <MonthChip key={event.id} event={event} handlers={handlers} />
      ))}
    </div>
  );
}

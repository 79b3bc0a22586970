import type { ComponentType, ReactElement } from 'react';
import type { DateLocalizer } from 'react-big-calendar';
import LibraryDateContentRow from 'react-big-calendar/lib/DateContentRow.js';
import LibraryMonthView from 'react-big-calendar/lib/Month.js';
import LibraryLevels from 'react-big-calendar/lib/utils/eventLevels.js';
import { commonJsDefault } from './commonjs-default.js';

/*
 * react-big-calendar's month view, with one change in how it gives each week row its posts.
 *
 * rbc's row takes every post held and keeps those in the week (date math on each, six rows), then
 * sorts them. When the month changes it renders once only to measure how many posts fit a cell,
 * and does all of that in that pass too, for rows that draw no post. Here posts arrive in time
 * order (CalendarView sorts them): a row looks only at the posts that can reach it, found by a
 * binary search, keeps those rbc's own rule keeps, sorts them with rbc's own sort (one pass on an
 * ordered list), and the measuring pass gets none. Everything else is rbc's, props included.
 *
 * Nor does it measure again when the next month has as many weeks as the last: a row is as tall
 * as before, so as many posts fit (a resize of the window still measures, as in rbc). rbc's
 * measuring is a render of dummy rows, a forced layout and a second render of the month.
 *
 * And one fix: rbc opens a busy day's "+N more" list above the link when it would pass the bottom
 * of the month, without checking the top, so a list as tall as its 60vh cap opened from an upper
 * row started above the window, its day and first posts out of reach. It is moved down to fit.
 */

interface Accessors {
  start(event: object): Date;
  end(event: object): Date;
}
interface MonthProps {
  events: object[];
  components: object;
  selectable?: unknown;
  getNow(): Date;
  selected?: object;
  date: Date;
  localizer: DateLocalizer;
  longPressThreshold?: number;
  accessors: Accessors;
  getters: object;
  showAllEvents?: boolean;
  rtl?: boolean;
  resizable?: boolean;
}
interface MonthState {
  needLimitMeasure: boolean;
  rowLimit: number;
  date?: Date | null;
  /** Week rows of the month shown: with the same count and window, the same posts fit a cell. */
  weeks?: number;
}
/** The parts of rbc's MonthView instance the row renderer uses (its source is untyped). */
interface MonthInstance {
  props: MonthProps;
  state: MonthState;
  slotRowRef: object;
  getContainer(): HTMLElement | null;
  readerDateHeading: unknown;
  handleShowMore: unknown;
  handleSelectEvent: unknown;
  handleDoubleClickEvent: unknown;
  handleKeyPressEvent: unknown;
  handleSelectSlot: unknown;
  renderWeek(week: Date[], weekIdx: number): ReactElement;
  containerRef: { current: HTMLElement | null };
  componentDidMount?(): void;
  componentWillUnmount?(): void;
}
interface Levels {
  inRange(event: object, start: Date, end: Date, accessors: Accessors, localizer: DateLocalizer): boolean;
  sortWeekEvents(events: object[], accessors: Accessors, localizer: DateLocalizer): object[];
}

const MonthView = commonJsDefault(LibraryMonthView as unknown) as new (props: MonthProps) => MonthInstance;
const DateContentRow = commonJsDefault(LibraryDateContentRow as unknown) as ComponentType<
  Record<string, unknown>
>;
const levels = LibraryLevels as unknown as Levels;

const DAY = 86_400_000;
const NONE: object[] = [];

/** Index of the first post starting at or after `at`, in posts ordered by start. */
function firstFrom(events: readonly object[], accessors: Accessors, at: number): number {
  let [lo, hi] = [0, events.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (accessors.start(events[mid]!).getTime() < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The longest post, so a row knows how far back a post can start and still reach it. */
const longest = new WeakMap<readonly object[], number>();
function longestOf(events: readonly object[], accessors: Accessors): number {
  let known = longest.get(events);
  if (known === undefined) {
    known = 0;
    for (const e of events)
      known = Math.max(known, accessors.end(e).getTime() - accessors.start(e).getTime());
    longest.set(events, known);
  }
  return known;
}

/** Whether the posts are in start order, as this view needs (checked once per list). */
const ordered = new WeakMap<readonly object[], boolean>();
function isOrdered(events: readonly object[], accessors: Accessors): boolean {
  let known = ordered.get(events);
  if (known === undefined) {
    known = events.every((e, i) => i === 0 || accessors.start(events[i - 1]!) <= accessors.start(e));
    ordered.set(events, known);
  }
  return known;
}

/** The posts of one week row, in rbc's order: rbc's own filter and sort, on the posts that can reach the row. */
export function weekEvents(
  events: readonly object[],
  week: readonly Date[],
  accessors: Accessors,
  localizer: DateLocalizer,
): object[] {
  const [first, last] = [week[0]!, week[week.length - 1]!];
  let candidates: readonly object[] = events;
  if (isOrdered(events, accessors)) {
    // A day of slack each side covers DST days and whatever local midnight rbc's rule rounds to.
    const from = firstFrom(events, accessors, first.getTime() - longestOf(events, accessors) - DAY);
    const to = firstFrom(events, accessors, last.getTime() + 2 * DAY);
    candidates = events.slice(from, to);
  }
  const inWeek = candidates.filter((e) => levels.inRange(e, first, last, accessors, localizer));
  return levels.sortWeekEvents(inWeek, accessors, localizer);
}

/** Moves a day's list down so its top is inside the month and the window. */
export function keepOverlayInside(overlay: HTMLElement, container: HTMLElement | null): void {
  if (!container) return;
  const limit = Math.max(container.getBoundingClientRect().top, 0);
  const top = overlay.getBoundingClientRect().top;
  if (top < limit) overlay.style.top = `${(parseFloat(overlay.style.top) || 0) + (limit - top)}px`;
}

/**
 * rbc renders the list into the body (a portal) and places it from a layout effect of its own, so
 * it is watched for there: a list added to the body, and each time it is placed again. A mutation
 * callback runs before the frame is painted, so the list never shows where rbc put it.
 */
function watchOverlays(container: () => HTMLElement | null): MutationObserver {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const placed = record.type === 'attributes' ? [record.target] : [...record.addedNodes];
      for (const node of placed) {
        if (!(node instanceof HTMLElement) || !node.classList.contains('rbc-overlay')) continue;
        if (record.type === 'childList')
          observer.observe(node, { attributes: true, attributeFilter: ['style'] });
        keepOverlayInside(node, container());
      }
    }
  });
  observer.observe(document.body, { childList: true });
  return observer;
}

/** Week rows in the month view of `date`, weeks starting as the localizer's do. */
export function monthWeeks(date: Date, localizer: DateLocalizer): number {
  const first = localizer.firstVisibleDay(date, localizer);
  const last = localizer.lastVisibleDay(date, localizer);
  // Calendar days, by date fields: a DST change inside the month leaves a day 23 or 25 hours long.
  const days =
    Math.round(
      (Date.UTC(last.getFullYear(), last.getMonth(), last.getDate()) -
        Date.UTC(first.getFullYear(), first.getMonth(), first.getDate())) /
        86_400_000,
    ) + 1;
  return Math.ceil(days / 7);
}

/** rbc's rule (measure when the month changes), but only when its number of weeks changes too. */
export function deriveMonthState(
  props: Pick<MonthProps, 'date' | 'localizer'>,
  state: MonthState,
): Partial<MonthState> {
  const weeks = monthWeeks(props.date, props.localizer);
  const newMonth = !state.date || props.localizer.neq(props.date, state.date, 'month');
  return {
    date: props.date,
    weeks,
    needLimitMeasure: state.needLimitMeasure || (newMonth && weeks !== state.weeks),
  };
}

export class QuickMonthView extends MonthView {
  private overlays: MutationObserver | null = null;

  static getDerivedStateFromProps(props: MonthProps, state: MonthState): Partial<MonthState> {
    return deriveMonthState(props, state);
  }

  constructor(props: MonthProps) {
    super(props);
    this.renderWeek = (week, weekIdx) => {
      const { props: p, state } = this;
      return (
        <DateContentRow
          key={weekIdx}
          ref={weekIdx === 0 ? this.slotRowRef : undefined}
          container={this.getContainer}
          className="rbc-month-row"
          getNow={p.getNow}
          date={p.date}
          range={week}
          events={state.needLimitMeasure ? NONE : weekEvents(p.events, week, p.accessors, p.localizer)}
          maxRows={p.showAllEvents ? Infinity : state.rowLimit}
          selected={p.selected}
          selectable={p.selectable}
          components={p.components}
          accessors={p.accessors}
          getters={p.getters}
          localizer={p.localizer}
          renderHeader={this.readerDateHeading}
          renderForMeasure={state.needLimitMeasure}
          onShowMore={this.handleShowMore}
          onSelect={this.handleSelectEvent}
          onDoubleClick={this.handleDoubleClickEvent}
          onKeyPress={this.handleKeyPressEvent}
          onSelectSlot={this.handleSelectSlot}
          longPressThreshold={p.longPressThreshold}
          rtl={p.rtl}
          resizable={p.resizable}
          showAllEvents={p.showAllEvents}
        />
      );
    };
  }

  override componentDidMount(): void {
    super.componentDidMount?.();
    this.overlays = watchOverlays(() => this.containerRef.current);
  }

  override componentWillUnmount(): void {
    this.overlays?.disconnect();
    super.componentWillUnmount?.();
  }
}

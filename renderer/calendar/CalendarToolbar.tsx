import { format } from 'date-fns';
import { memo, useEffect, useRef } from 'react';
import { TimeZonePicker } from '../ui/TimeZonePicker.js';
import { AGENDA_DAYS, CALENDAR_VIEWS, visibleWallRange, type ViewName } from './range.js';
import { parseWallDateKey, wallDateKey, wallToInstant, zoneAbbreviation } from './time.js';

const VIEW_NAMES: Record<ViewName, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
  agenda: 'Agenda',
};
const STEP_NAMES: Record<ViewName, string> = {
  month: 'month',
  week: 'week',
  day: 'day',
  agenda: `${AGENDA_DAYS} days`,
};

/** The heading for what the calendar shows ("March 2026", "Mar 2 – 8, 2026"). */
export function rangeTitle(view: ViewName, date: Date): string {
  const { start, end } = visibleWallRange(view, date);
  if (view === 'month') return format(date, 'MMMM yyyy');
  if (view === 'day') return format(date, 'EEEE, MMMM d, yyyy');
  const sameYear = start.getFullYear() === end.getFullYear();
  const sameMonth = sameYear && start.getMonth() === end.getMonth();
  const left = format(start, sameYear ? 'MMM d' : 'MMM d, yyyy');
  const right = format(end, sameMonth ? 'd, yyyy' : 'MMM d, yyyy');
  return `${left} – ${right}`;
}

/** The zone's short name over the shown range, "EST → EDT" when a DST change falls inside it. */
function zoneNames(view: ViewName, date: Date, zone: string): string {
  const { start, end } = visibleWallRange(view, date);
  const first = zoneAbbreviation(zone, wallToInstant(start, zone));
  const last = zoneAbbreviation(zone, wallToInstant(end, zone));
  return first === last ? first : `${first} → ${last}`;
}

interface ToolbarProps {
  view: ViewName;
  date: Date;
  zone: string;
  brandTimezone: string | null;
  canSetZone: boolean;
  onView(view: ViewName): void;
  onStep(direction: 1 | -1): void;
  onToday(): void;
  onJump(date: Date): void;
  onZone(timezone: string | null): void;
}

const MORE_ID = 'cal-toolbar-more';
/** Where the date and the zone fold under "More" (toolbar.css's container query says the same). */
const FOLD_BELOW_PX = 1000;

/**
 * Navigation, view switch, jump to date, and the brand's time zone, on one row. Where the row is
 * too narrow for all of them (toolbar.css, a container query), the date and the zone fold into a
 * menu behind "More": the browser's popover, which the keyboard opens (Enter), walks (Tab) and
 * closes (Escape) with no code of ours. The controls are the same elements either way.
 */
export const CalendarToolbar = memo(function CalendarToolbar(props: ToolbarProps) {
  const { view, date, zone } = props;
  const zoneName = zoneNames(view, date, zone);
  const bar = useRef<HTMLDivElement>(null);
  const extra = useRef<HTMLDivElement>(null);
  // A window widened while "More" is open: the controls go back into the row, the menu closes
  // (an open popover would otherwise stay in the top layer, over the page's corner).
  useEffect(() => {
    const toolbar = bar.current;
    if (!toolbar || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(([entry]) => {
      const menu = extra.current;
      if (entry && entry.contentRect.width >= FOLD_BELOW_PX && menu?.matches(':popover-open'))
        menu.hidePopover();
    });
    watch.observe(toolbar);
    return () => watch.disconnect();
  }, []);
  return (
    <div ref={bar} className="cal-toolbar" role="toolbar" aria-label="Calendar navigation">
      <div className="cal-toolbar__group cal-toolbar__nav">
        <button type="button" onClick={props.onToday}>
          Today
        </button>
        <button type="button" aria-label={`Previous ${STEP_NAMES[view]}`} onClick={() => props.onStep(-1)}>
          ‹
        </button>
        <button type="button" aria-label={`Next ${STEP_NAMES[view]}`} onClick={() => props.onStep(1)}>
          ›
        </button>
        <h2 className="cal-toolbar__title" aria-live="polite">
          {rangeTitle(view, date)}
        </h2>
      </div>
      <div className="cal-toolbar__group cal-toolbar__end">
        <div className="cal-segmented" role="group" aria-label="View">
          {CALENDAR_VIEWS.map((v) => (
            <button key={v} type="button" aria-pressed={v === view} onClick={() => props.onView(v)}>
              {VIEW_NAMES[v]}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="cal-toolbar__more"
          popoverTarget={MORE_ID}
          title="Go to a date, time zone"
        >
          More <span aria-hidden="true">▾</span>
        </button>
        <div ref={extra} id={MORE_ID} className="cal-toolbar__extra" popover="auto">
          <label className="cal-field">
            <span>Go to</span>
            <input
              type="date"
              aria-label="Jump to date"
              value={wallDateKey(date)}
              onChange={(e) => {
                const picked = parseWallDateKey(e.target.value);
                if (picked) props.onJump(picked);
              }}
            />
          </label>
          <div className="cal-field" title="Every time on the calendar is shown in this zone">
            <span aria-hidden="true">Time zone</span>
            <TimeZonePicker
              label="Brand time zone"
              value={props.brandTimezone}
              disabled={!props.canSetZone}
              onPick={props.onZone}
            />
          </div>
        </div>
        <span
          className="cal-zone-abbr"
          data-testid="calendar-zone"
          title="The zone's name over the dates shown"
        >
          {zoneName}
        </span>
      </div>
    </div>
  );
});

import 'react-big-calendar/lib/css/react-big-calendar.css';
import '../../renderer/calendar/calendar.css';
import { useCallback, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { CalendarGrid } from '../../renderer/calendar/CalendarGrid.js';
import { dropTarget } from '../../renderer/calendar/moves.js';
import type { PostCellContext } from '../../renderer/calendar/PostEventView.js';
import { toPostEvent, type PostEvent } from '../../renderer/calendar/posts.js';
import { parseWallDateKey } from '../../renderer/calendar/time.js';
import {
  benchBrands,
  DRAG,
  DROP_COLUMN,
  FIRST_MONTH,
  generatePosts,
  untilReady,
  watchUntil,
  WEEK_START,
  ZONE,
  withBrands,
  type BenchPage,
} from './data.js';

/*
 * Our calendar's real grid (renderer/calendar/CalendarGrid) with
 * the posts handed in directly, no IPC: the drop handler does what the screen's optimistic move
 * does (the post takes its new time at once), through the screen's own dropTarget.
 */

type View = 'month' | 'week';
const params = new URLSearchParams(location.search);
// `brands=10`: the all-brands view, each post dealt to a brand and drawn with its colour and avatar.
const brands = benchBrands(Number(params.get('brands') ?? '0'));
const posts0 = withBrands(generatePosts(Number(params.get('n') ?? '2000')), brands);
const brandByKey = new Map(brands.map((b) => [`${b.profileId}:${b.brandId}`, b]));
const cellContext: PostCellContext = {
  zone: ZONE,
  onKeyDown: () => {},
  focusRequest: { current: null },
  ...(brands.length > 0
    ? { brandOf: (p: CalendarPost) => brandByKey.get(`${p.profileId ?? ''}:${p.brandId ?? ''}`) }
    : {}),
};
const container = document.getElementById('root')!;

let setState: ((s: { view: View; date: Date }) => void) | null = null;

function Bench({ initialView }: { initialView: View }) {
  const [posts, setPosts] = useState<CalendarPost[]>(posts0);
  const [state, set] = useState<{ view: View; date: Date }>(() => ({
    view: initialView,
    date:
      initialView === 'week'
        ? parseWallDateKey(WEEK_START)!
        : new Date(FIRST_MONTH.year, FIRST_MONTH.month, 1),
  }));
  setState = set;
  const events = useMemo(() => posts.map((p) => toPostEvent(p, ZONE)), [posts]);
  const latestView = useRef(state.view);
  latestView.current = state.view;
  const onDrop = useCallback((event: PostEvent, start: Date, isAllDay: boolean) => {
    const target = dropTarget(event.post, start, latestView.current, isAllDay, ZONE);
    setPosts((all) =>
      all.map((p) => (p.id === event.post.id ? { ...p, publishDate: target.toISOString() } : p)),
    );
  }, []);
  return (
    <section
      className="calendar-screen"
      style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}
    >
      <div className="calendar-body" style={{ flex: 1, minHeight: 0 }}>
        <CalendarGrid
          events={events}
          view={state.view}
          date={state.date}
          zone={ZONE}
          cellContext={cellContext}
          onView={(v) => set((s) => ({ ...s, view: v as View }))}
          onNavigate={(d) => set((s) => ({ ...s, date: d }))}
          onDrop={onDrop}
          onOpen={() => {}}
        />
      </div>
    </section>
  );
}

let current = { view: 'month' as View, date: new Date(FIRST_MONTH.year, FIRST_MONTH.month, 1) };

/** React commits synchronously inside flushSync: the DOM is complete when it returns. */
const timed = (change: () => void) =>
  untilReady(
    container,
    () => flushSync(change),
    () => true,
  );

const root = createRoot(container);
const bench: BenchPage = {
  render: (view) => {
    current = {
      view,
      date:
        view === 'week' ? parseWallDateKey(WEEK_START)! : new Date(FIRST_MONTH.year, FIRST_MONTH.month, 1),
    };
    return timed(() => root.render(<Bench initialView={view} />));
  },
  navigate: (direction) => {
    const d = current.date;
    current = {
      ...current,
      date: new Date(d.getFullYear(), d.getMonth() + (direction === 'next' ? 1 : -1), 1),
    };
    return timed(() => setState?.(current));
  },
  switchToWeek: () => {
    current = { view: 'week', date: parseWallDateKey(WEEK_START)! };
    return timed(() => setState?.(current));
  },
  watchDrop: () =>
    watchUntil(container, () => {
      const cell = document.querySelector(`[data-post-id="${DRAG.id}"]`);
      const column = cell?.closest('[data-day-column]');
      const columns = [...document.querySelectorAll('[data-day-column]')];
      return column !== null && column !== undefined && columns.indexOf(column) === DROP_COLUMN;
    }),
  dragPoints: () => {
    const cell = document.querySelector<HTMLElement>(`[data-post-id="${DRAG.id}"]`)!;
    const event = cell.closest<HTMLElement>('[data-post-box]') ?? cell;
    event.scrollIntoView({ block: 'center' });
    const box = event.getBoundingClientRect();
    const columns = document.querySelectorAll<HTMLElement>('[data-day-column]');
    const target = columns[DROP_COLUMN]!.getBoundingClientRect();
    const from = { x: box.left + Math.min(24, box.width / 2), y: box.top + 5 };
    return { from, to: { x: target.left + target.width / 2, y: from.y } };
  },
};
(window as unknown as { bench: BenchPage }).bench = bench;

import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { EventDropArg, EventInput } from '@fullcalendar/core';
import { createRef, useCallback, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import {
  DRAG,
  FIRST_MONTH,
  generatePosts,
  untilReady,
  watchUntil,
  WEEK_START,
  ZONE,
  type BenchPage,
} from './data.js';

/*
 * FullCalendar's React component the way a team would use it:
 * posts in React state, mapped to FullCalendar events, a drop writes the new time back to state.
 * Month cells stop at their height with "+N more", as ours do, so both draw the same amount.
 */

type View = 'month' | 'week';
const posts0 = generatePosts(Number(new URLSearchParams(location.search).get('n') ?? '2000'));
const container = document.getElementById('root')!;
const calendar = createRef<FullCalendar>();
const FIRST_DAY = `${FIRST_MONTH.year}-${String(FIRST_MONTH.month + 1).padStart(2, '0')}-01`;
const THIRTY_MINUTES = 30 * 60_000;

function Bench({ initialView }: { initialView: View }) {
  const [posts, setPosts] = useState<CalendarPost[]>(posts0);
  const events = useMemo<EventInput[]>(
    () =>
      posts.map((p) => ({
        id: p.id,
        title: p.content,
        start: p.publishDate,
        end: new Date(Date.parse(p.publishDate) + THIRTY_MINUTES).toISOString(),
      })),
    [posts],
  );
  const onDrop = useCallback((info: EventDropArg) => {
    const start = info.event.start;
    if (!start) return;
    setPosts((all) =>
      all.map((p) => (p.id === info.event.id ? { ...p, publishDate: start.toISOString() } : p)),
    );
  }, []);
  return (
    <div style={{ height: '100vh' }}>
      <FullCalendar
        ref={calendar}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView={initialView === 'week' ? 'timeGridWeek' : 'dayGridMonth'}
        initialDate={initialView === 'week' ? WEEK_START : FIRST_DAY}
        timeZone={ZONE}
        firstDay={1}
        headerToolbar={false}
        height="100%"
        events={events}
        editable
        eventDurationEditable={false}
        dayMaxEvents
        // Crowded time slots fold into "+more" as ours do (a crowded row of ours shows one post and
        // a chip): one event side by side, the cheapest setting for FullCalendar.
        eventMaxStack={1}
        slotDuration="00:30:00"
        scrollTime="07:30:00"
        eventDrop={onDrop}
        eventDidMount={(info) => {
          info.el.dataset.postId = info.event.id;
        }}
      />
    </div>
  );
}

const root = createRoot(container);
const api = () => calendar.current!.getApi();
const has = (selector: string) => () => document.querySelector(selector) !== null;
const julyDay = `${FIRST_MONTH.year}-${String(FIRST_MONTH.month + 2).padStart(2, '0')}-15`;
const juneDay = `${FIRST_MONTH.year}-${String(FIRST_MONTH.month + 1).padStart(2, '0')}-15`;

const bench: BenchPage = {
  render: (view) =>
    untilReady(
      container,
      () => flushSync(() => root.render(<Bench initialView={view} />)),
      has(
        view === 'week'
          ? `.fc-timegrid-col[data-date="${juneDay}"] .fc-event`
          : `.fc-daygrid-day[data-date="${juneDay}"] .fc-event`,
      ),
    ),
  navigate: (direction) =>
    untilReady(
      container,
      () => flushSync(() => (direction === 'next' ? api().next() : api().prev())),
      has(`.fc-daygrid-day[data-date="${direction === 'next' ? julyDay : juneDay}"] .fc-event`),
    ),
  switchToWeek: () =>
    untilReady(
      container,
      () => flushSync(() => api().changeView('timeGridWeek', WEEK_START)),
      has(`.fc-timegrid-col[data-date="${juneDay}"] .fc-event`),
    ),
  watchDrop: () =>
    watchUntil(container, () => {
      const el = document.querySelector(`[data-post-id="${DRAG.id}"]`);
      return el?.closest<HTMLElement>('.fc-timegrid-col')?.dataset.date === DRAG.toDay;
    }),
  dragPoints: () => {
    const el = document.querySelector<HTMLElement>(`[data-post-id="${DRAG.id}"]`)!;
    el.scrollIntoView({ block: 'center' });
    const box = el.getBoundingClientRect();
    const target = document
      .querySelector<HTMLElement>(`.fc-timegrid-col[data-date="${DRAG.toDay}"]`)!
      .getBoundingClientRect();
    const from = { x: box.left + Math.min(24, box.width / 2), y: box.top + 5 };
    return { from, to: { x: target.left + target.width / 2, y: from.y } };
  },
};
(window as unknown as { bench: BenchPage }).bench = bench;

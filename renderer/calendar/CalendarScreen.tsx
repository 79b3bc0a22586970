import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import './calendar.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startOfDay } from 'date-fns';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { BrandView, CalendarPost } from '../../shared/ipc/models.js';
import { call } from '../lib/ipc.js';
import { useCalendarActions } from './actions.js';
import { CalendarFilters } from './CalendarFilters.js';
import { CalendarToasts } from './CalendarToasts.js';
import { CalendarToolbar } from './CalendarToolbar.js';
import { CalendarView as CalendarGrid, SLOT_MINUTES } from './CalendarView.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { formatDateTime } from './format.js';
import { dropTarget, groupMembers, planMove, shiftTarget, type ShiftKey } from './moves.js';
import { PostDetailsPanel } from './PostDetailsPanel.js';
import type { PostCellContext } from './PostEventView.js';
import { applyFilters, firstLine, NO_FILTERS, toPostEvent, whyNotMovable, type PostEvent } from './posts.js';
import { brandsKey, integrationsKey, knownPosts, useBrandZone, useVisiblePosts } from './queries.js';
import { inRange, stepDate, type CalendarView } from './range.js';
import { filtersOf, useCalendarStore } from './store.js';
import { instantToWall, parseWallDateKey } from './time.js';
import { useToasts } from './toasts.js';

const EMPTY: CalendarPost[] = [];
const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

/** The calendar screen: every post of the active brand at a glance, drag or keys to reschedule. */
export function CalendarScreen() {
  const client = useQueryClient();
  const toast = useToasts((s) => s.show);
  const { brand, zone } = useBrandZone();
  const brandId = brand?.id ?? null;

  const view = useCalendarStore((s) => s.view);
  const dateKey = useCalendarStore((s) => s.dateKey);
  const filters = useCalendarStore((s) => filtersOf(s, brandId));
  const openPostId = useCalendarStore((s) => s.openPostId);
  const { setView, setDate, toggleFilter, setFilters, openPost } = useCalendarStore.getState();

  // Until the user picks a date, the calendar opens on today in the brand zone.
  const [openedAt] = useState(() => Date.now());
  const date = useMemo(
    () => (dateKey ? parseWallDateKey(dateKey) : null) ?? startOfDay(instantToWall(openedAt, zone)),
    [dateKey, openedAt, zone],
  );
  const { query, range } = useVisiblePosts(brandId, view, date, zone);
  const integrations = useQuery({ queryKey: integrationsKey, queryFn: () => call('listIntegrations', {}) });
  // While a new range loads, the previous answer stands in (no blank flash); only its posts that
  // fall in the visible range are drawn, so the grid never lays out more than it shows.
  const data = query.data?.posts ?? EMPTY;
  const posts = useMemo(() => (query.isPlaceholderData ? data.filter((p) => inRange(p.publishDate, range)) : data), [data, query.isPlaceholderData, range]);
  const shown = useMemo(() => applyFilters(posts, filters), [posts, filters]);
  const events = useMemo(() => shown.map((p) => toPostEvent(p, zone)), [shown, zone]);
  const actions = useCalendarActions(brandId, zone);
  const [confirmDelete, setConfirmDelete] = useState<CalendarPost | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusRequest = useRef<string | null>(null);
  /** Shift or Alt held during a drag: move the whole group. Read at drop time, never rendered. */
  const groupModifier = useRef(false);

  // The zone shows at once; main confirms it, and a refusal puts the brand list back as main has it.
  const setZone = useMutation({
    mutationFn: (timezone: string | null) => call('setBrandTimezone', { brandId: brandId ?? '', timezone }),
    onMutate: (timezone) => {
      client.setQueryData<BrandView[]>(brandsKey, (brands) => brands?.map((b) => (b.id === brandId ? { ...b, timezone } : b)));
    },
    onSettled: () => client.invalidateQueries({ queryKey: brandsKey }),
    onError: (e) => toast({ tone: 'error', message: `Could not change the time zone: ${e.message}` }),
  });

  const movePost = useCallback(
    (post: CalendarPost, target: Date, wholeGroup: boolean) => {
      const plan = planMove(post, target, { zone, now: new Date(), wholeGroup, known: knownPosts(client, brandId) });
      if (!plan.ok) {
        toast({ tone: 'error', message: plan.reason });
        return false;
      }
      const note = plan.skipped.length > 0 ? `Not moved: ${plan.skipped.join('; ')}` : undefined;
      void actions.move(plan.moves, note);
      return plan.moves.length > 0;
    },
    [zone, client, brandId, toast, actions],
  );

  const onDrop = useCallback(
    (event: PostEvent, start: Date, isAllDay: boolean) => {
      movePost(event.post, dropTarget(event.post, start, view, isAllDay, zone), groupModifier.current);
    },
    [movePost, view, zone],
  );

  // The newest values for the cells' key handler, which must stay one stable function.
  const latest = useRef({ events, view, zone, movePost });
  useLayoutEffect(() => {
    latest.current = { events, view, zone, movePost };
  });

  const focusNeighbour = useCallback((from: PostEvent, key: ShiftKey) => {
    const grid = gridRef.current;
    if (!grid) return;
    const rendered = (id: string) => grid.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(id)}"]`);
    const ordered = [...latest.current.events].sort((a, b) => a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id));
    const at = ordered.findIndex((e) => e.id === from.id);
    const forward = key === 'ArrowDown' || key === 'ArrowRight';
    const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();
    for (let i = at + (forward ? 1 : -1); i >= 0 && i < ordered.length; i += forward ? 1 : -1) {
      const candidate = ordered[i]!;
      // Left and right jump to another day; up and down walk post by post.
      if ((key === 'ArrowLeft' || key === 'ArrowRight') && sameDay(candidate.start, from.start)) continue;
      const el = rendered(candidate.id);
      if (el) {
        el.focus();
        return;
      }
    }
  }, []);

  const onCellKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>, event: PostEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        openPost(event.id);
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        setConfirmDelete(event.post);
      } else if (ARROWS.has(e.key)) {
        e.preventDefault();
        e.stopPropagation();
        const key = e.key as ShiftKey;
        if (!e.altKey) return focusNeighbour(event, key);
        const { view: v, zone: z, movePost: move } = latest.current;
        focusRequest.current = event.id;
        if (move(event.post, shiftTarget(event.post, key, v, SLOT_MINUTES, z), e.shiftKey)) {
          // The cell remounts in its new slot and takes focus there; if it did not remount, keep it here.
          requestAnimationFrame(() => gridRef.current?.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(event.id)}"]`)?.focus());
        }
      }
    },
    [openPost, focusNeighbour],
  );

  const onOpenEvent = useCallback((event: PostEvent) => openPost(event.id), [openPost]);
  const cellContext = useMemo<PostCellContext>(() => ({ zone, onKeyDown: onCellKeyDown, focusRequest }), [zone, onCellKeyDown]);

  // Ctrl/Cmd+Z undoes the last move; Shift/Alt during a drag chooses a group move.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      groupModifier.current = e.shiftKey || e.altKey;
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z' && !isTyping(e.target)) {
        e.preventDefault();
        void actions.undo();
      }
    };
    const onPointer = (e: MouseEvent) => {
      groupModifier.current = e.shiftKey || e.altKey;
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keyup', onKey, true);
    window.addEventListener('mousedown', onPointer, true);
    window.addEventListener('mousemove', onPointer, true);
    window.addEventListener('mouseup', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKey, true);
      window.removeEventListener('mousedown', onPointer, true);
      window.removeEventListener('mousemove', onPointer, true);
      window.removeEventListener('mouseup', onPointer, true);
    };
  }, [actions]);

  // Trying to drag a post that cannot move says why, instead of silently doing nothing.
  const onGridMouseDown = useCallback(
    (e: React.MouseEvent) => {
      const id = (e.target as HTMLElement).closest<HTMLElement>('[data-post-id]')?.dataset.postId;
      const post = id ? posts.find((p) => p.id === id) : undefined;
      const reason = post ? whyNotMovable(post) : null;
      if (!reason) return;
      const from = { x: e.clientX, y: e.clientY };
      const onMove = (m: MouseEvent) => {
        if (Math.hypot(m.clientX - from.x, m.clientY - from.y) < 8) return;
        toast({ tone: 'info', message: reason });
        window.removeEventListener('mousemove', onMove);
      };
      window.addEventListener('mousemove', onMove);
      window.addEventListener('mouseup', () => window.removeEventListener('mousemove', onMove), { once: true });
    },
    [posts, toast],
  );

  const openListed = openPostId ? (posts.find((p) => p.id === openPostId) ?? knownPosts(client, brandId).find((p) => p.id === openPostId) ?? null) : null;
  const groupPosts = openListed ? groupMembers(openListed, knownPosts(client, brandId)) : [];
  const result = query.data;

  return (
    <section className="calendar-screen" aria-label="Calendar">
      <CalendarToolbar
        view={view}
        date={date}
        zone={zone}
        brandTimezone={brand?.timezone ?? null}
        canSetZone={!!brandId}
        onView={(v: CalendarView) => setView(v)}
        onStep={(direction) => setDate(stepDate(view, date, direction))}
        onToday={() => setDate(startOfDay(instantToWall(Date.now(), zone)))}
        onJump={(d) => setDate(d)}
        onZone={(tz) => setZone.mutate(tz)}
      />
      <CalendarFilters
        posts={posts}
        integrations={integrations.data ?? []}
        filters={filters}
        onToggle={(kind, value) => brandId && toggleFilter(brandId, kind, value)}
        onClear={() => brandId && setFilters(brandId, NO_FILTERS)}
      />
      {result?.source === 'cache' && (
        <p className="cal-notice" role="status" data-testid="calendar-offline">
          Offline: showing the posts saved on this computer
          {result.syncedAt ? ` (last synced ${formatDateTime(result.syncedAt, zone)})` : ''}. Moves and deletes are queued
          and sent when the connection is back.
        </p>
      )}
      {query.isError && !result && (
        <div className="cal-notice cal-notice--error" role="alert">
          Could not load the posts: {query.error.message}{' '}
          <button type="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      )}
      <div className="calendar-body" ref={gridRef} onMouseDownCapture={onGridMouseDown} aria-busy={query.isFetching}>
        <CalendarGrid
          events={events}
          view={view}
          date={date}
          zone={zone}
          cellContext={cellContext}
          onView={setView}
          onNavigate={setDate}
          onDrop={onDrop}
          onOpen={onOpenEvent}
        />
        {openPostId && (
          <PostDetailsPanel
            postId={openPostId}
            listed={openListed}
            groupPosts={groupPosts}
            zone={zone}
            onClose={() => {
              openPost(null);
              gridRef.current?.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(openPostId)}"]`)?.focus();
            }}
            onOpen={(id) => openPost(id)}
            onReschedule={(post, to) => movePost(post, to, false)}
            onDelete={(post) => setConfirmDelete(post)}
          />
        )}
      </div>
      {confirmDelete && (
        <ConfirmDialog
          title={confirmDelete.groupSize > 1 ? `Delete all ${confirmDelete.groupSize} posts of this group?` : 'Delete this post?'}
          message={`“${firstLine(confirmDelete.content) || 'Post'}”, ${formatDateTime(confirmDelete.publishDate, zone)}${confirmDelete.groupSize > 1 ? ', with every other account’s copy in its group' : ''}. This cannot be undone.`}
          confirmLabel="Delete"
          onCancel={() => setConfirmDelete(null)}
          onConfirm={() => {
            const post = confirmDelete;
            setConfirmDelete(null);
            if (openPostId && post.group && groupMembers(post, knownPosts(client, brandId)).some((p) => p.id === openPostId)) openPost(null);
            if (!post.group) return toast({ tone: 'error', message: 'This post has no group id yet; wait for it to sync, then delete it.' });
            void actions.deleteGroup(post.group, post.groupSize > 1 ? `the group of ${post.groupSize} posts` : `“${firstLine(post.content) || 'the post'}”`);
          }}
        />
      )}
      <CalendarToasts />
    </section>
  );
}

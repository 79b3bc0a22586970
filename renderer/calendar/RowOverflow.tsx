import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { formatTime } from './format.js';
import { pickedNote, usePickedAmong } from '../bulk/selection-store.js';
import { PostSummary } from './PostBadges.js';
import { PostCellContext } from './PostEventView.js';
import { postAccessibleName, whyNotMovable, type PostEvent } from './posts.js';
import { stateLabel } from '../../shared/posts/names.js';
import type { MoreEvent } from './time-rows.js';

/*
 * A crowded week or day row ends with a "+N" chip; the chip opens a list of every post of the row.
 * From the list a post opens (click, Enter), moves (Alt+arrows, or dragged onto the grid), or is
 * deleted (Delete). The list keeps its own state, so opening it never re-renders the grid.
 */

/** Opens a chip's list beside the chip; stable, so the grid's cells never re-render for it. */
export const OpenOverflowContext = createContext<((more: MoreEvent, chip: HTMLElement) => void) | null>(null);

// Row starts are wall dates (browser-local fields), so no zone here. One formatter for every chip:
// toLocaleDateString builds a new one per call, which cost 60 ms across a busy week; and each day's
// words once, as a week's chips share seven days.
const DAY = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
const dayLabels = new Map<number, string>();
function dateLabel(d: Date): string {
  const key = d.getFullYear() * 10_000 + d.getMonth() * 100 + d.getDate();
  let label = dayLabels.get(key);
  if (label === undefined) {
    label = DAY.format(d);
    if (dayLabels.size >= 1_000) dayLabels.clear();
    dayLabels.set(key, label);
  }
  return label;
}

/** Whether one of `posts` asked for the focus (after a keyboard move); the request is then taken. */
export function takeFocusRequest(cells: PostCellContext, posts: readonly PostEvent[]): boolean {
  const wanted = cells.focusRequest.current;
  if (!wanted || !posts.some((p) => p.id === wanted)) return false;
  cells.focusRequest.current = null;
  return true;
}

/**
 * The chip at the end of a crowded row: one keyboard stop, like a post. It is the row's box itself
 * (cal-post), not a box around a chip: a busy week draws one per row.
 */
export function MoreChip({ more, zone }: { more: MoreEvent; zone: string }) {
  const open = useContext(OpenOverflowContext);
  const cells = useContext(PostCellContext);
  const ref = useRef<HTMLSpanElement>(null);
  // A post moved by keyboard into this row and not drawn in it: the chip takes the focus it asked for.
  useLayoutEffect(() => {
    if (cells && takeFocusRequest(cells, more.posts.slice(more.posts.length - more.hidden)))
      ref.current?.focus();
  }, [cells, more]);
  const first = more.posts[0];
  const time = first ? formatTime(first.post.publishDate, zone) : '';
  const hiddenIds = useMemo(() => more.posts.slice(more.posts.length - more.hidden).map((e) => e.id), [more]);
  const hiddenPicked = usePickedAmong(hiddenIds);
  return (
    <span
      ref={ref}
      className="cal-post cal-more-event more-chip"
      role="button"
      tabIndex={0}
      aria-haspopup="dialog"
      data-more-id={more.id}
      aria-label={`${more.hidden} more posts from ${time}, ${dateLabel(more.start)}${pickedNote(hiddenPicked)}: show all ${more.posts.length}`}
      title={`${more.posts.length} posts in this half hour: show them all`}
      onClick={(e) => open?.(more, e.currentTarget)}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        e.stopPropagation();
        open?.(more, e.currentTarget);
      }}
    >
      +{more.hidden}
      {hiddenPicked > 0 && <span className="more-picked"> · {hiddenPicked}✓</span>}
    </span>
  );
}

interface RowOverflowListProps {
  /** Set to the function that opens a chip's list (the grid calls it through OpenOverflowContext). */
  openerRef: RefObject<((more: MoreEvent, chip: HTMLElement) => void) | null>;
  /** The chips drawn now, by id: an open list follows its row as posts move in and out. */
  chips: ReadonlyMap<string, MoreEvent> | undefined;
  zone: string;
  /** The post being dragged out of the list, for the grid's drop. */
  draggedRef: RefObject<PostEvent | null>;
  onOpen(event: PostEvent): void;
}

/** The open list of a crowded row, anchored beside its chip. */
export function RowOverflowList({ openerRef, chips, zone, draggedRef, onOpen }: RowOverflowListProps) {
  const [open, setOpen] = useState<{ id: string; chip: HTMLElement } | null>(null);
  const [dragging, setDragging] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const ctx = useContext(PostCellContext);

  useLayoutEffect(() => {
    openerRef.current = (more, chip) => setOpen({ id: more.id, chip });
    return () => {
      openerRef.current = null;
    };
  }, [openerRef]);

  const more = open ? chips?.get(open.id) : undefined;
  // The row is no longer crowded (posts moved away, a filter): the list closes for good.
  if (open && !more) setOpen(null);

  const close = (refocus: boolean) => {
    if (refocus && open) chipCell(open)?.focus();
    setOpen(null);
    setDragging(false);
  };

  // Beside the chip, inside the window; first row focused when it opens.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box || !open) return;
    const anchor = (chipCell(open) ?? open.chip).getBoundingClientRect();
    const { width, height } = box.getBoundingClientRect();
    const left = Math.max(8, Math.min(anchor.left, window.innerWidth - width - 8));
    const below = anchor.bottom + 4;
    const top = below + height <= window.innerHeight - 8 ? below : Math.max(8, anchor.top - height - 4);
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  }, [open, more]);
  const openId = open?.id;
  useEffect(() => {
    if (openId) boxRef.current?.querySelector<HTMLElement>('.more-list__row')?.focus();
  }, [openId]);

  // A click elsewhere, a scroll of the grid or a resized window closes it.
  useEffect(() => {
    if (!openId) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node | null;
      if (target && boxRef.current?.contains(target)) return;
      setOpen(null);
    };
    const onScroll = (e: Event) => {
      if (e.target instanceof Node && boxRef.current?.contains(e.target)) return;
      setOpen(null);
    };
    const onResize = () => setOpen(null);
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('scroll', onScroll, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('scroll', onScroll, true);
      window.removeEventListener('resize', onResize);
    };
  }, [openId]);

  if (!open || !more) return null;

  const rows = () => [...(boxRef.current?.querySelectorAll<HTMLElement>('.more-list__row') ?? [])];
  const onRowKeyDown = (e: KeyboardEvent<HTMLElement>, event: PostEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && !e.altKey) {
      e.preventDefault();
      e.stopPropagation();
      const all = rows();
      const at = all.indexOf(e.currentTarget);
      all[Math.min(all.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      close(false);
      onOpen(event);
    } else {
      // Alt+arrows move the post (it takes focus in its new place), Delete asks to delete it.
      ctx?.onKeyDown(e, event);
      if (e.altKey && e.key.startsWith('Arrow')) close(false);
    }
  };
  const onDragStart = (e: DragEvent<HTMLElement>, event: PostEvent) => {
    draggedRef.current = event;
    e.dataTransfer.setData('text/plain', event.id);
    e.dataTransfer.effectAllowed = 'move';
    // Out of the way of the grid once the drag has begun (hiding it at once would cancel the drag).
    setTimeout(() => setDragging(true), 0);
  };
  const onDragEnd = () => {
    draggedRef.current = null;
    close(false);
  };

  const first = more.posts[0]!;
  const last = more.posts[more.posts.length - 1]!;
  const span =
    first === last
      ? formatTime(first.post.publishDate, zone)
      : `${formatTime(first.post.publishDate, zone)} – ${formatTime(last.post.publishDate, zone)}`;
  return (
    <div
      ref={boxRef}
      className={`more-list${dragging ? ' more-list--dragging' : ''}`}
      role="dialog"
      aria-label={`${more.posts.length} posts, ${dateLabel(more.start)}, ${span}`}
    >
      <div className="more-list__header">
        <strong>{dateLabel(more.start)}</strong>
        <span>
          {span} · {more.posts.length} posts
        </span>
        <button type="button" className="more-list__close" aria-label="Close" onClick={() => close(true)}>
          ×
        </button>
      </div>
      <ul className="more-list__rows">
        {more.posts.map((event) => (
          <OverflowRow
            key={event.id}
            event={event}
            zone={zone}
            onClick={() => {
              close(false);
              onOpen(event);
            }}
            onKeyDown={(e) => onRowKeyDown(e, event)}
            onDragStart={(e) => onDragStart(e, event)}
            onDragEnd={onDragEnd}
          />
        ))}
      </ul>
      <p className="more-list__hint">Drag a post onto the calendar to move it · Enter opens it</p>
    </div>
  );
}

/** The open list's chip: the one clicked, or the same row's chip if the grid drew it anew. */
function chipCell(open: { id: string; chip: HTMLElement }): HTMLElement | null {
  if (open.chip.isConnected) return open.chip;
  return document.querySelector<HTMLElement>(`.more-chip[data-more-id="${CSS.escape(open.id)}"]`);
}

interface OverflowRowProps {
  event: PostEvent;
  zone: string;
  onClick(): void;
  onKeyDown(e: KeyboardEvent<HTMLElement>): void;
  onDragStart(e: DragEvent<HTMLElement>): void;
  onDragEnd(): void;
}

function OverflowRow({ event, zone, onClick, onKeyDown, onDragStart, onDragEnd }: OverflowRowProps) {
  const p = event.post;
  const time = formatTime(p.publishDate, zone);
  const fixed = whyNotMovable(p);
  return (
    <li
      className={`more-list__row post-event--${event.state ?? 'unknown'}`}
      role="button"
      tabIndex={0}
      data-list-post-id={p.id}
      aria-label={postAccessibleName(event, time)}
      title={fixed ?? `${stateLabel(p.state)} · drag onto the calendar to move`}
      draggable={fixed === null}
      onClick={onClick}
      onKeyDown={onKeyDown}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
    >
      <PostSummary event={event} time={time} compact={false} />
      <span className="more-list__state">{stateLabel(p.state)}</span>
    </li>
  );
}

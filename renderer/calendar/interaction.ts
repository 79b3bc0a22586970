import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type RefObject,
} from 'react';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { ROW_MINUTES } from './time-rows.js';
import { shiftTarget, type ShiftKey } from './moves.js';
import { whyNotMovable, type PostEvent } from './posts.js';
import type { ViewName } from './range.js';
import type { NewNotice } from '../ui/notice-store.js';

/*
 * How the calendar answers the keyboard and the pointer beyond what react-big-calendar does:
 * moving focus and posts with the keys, undo, the group-move modifier, and saying why a post
 * that cannot move does not follow the mouse.
 */

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

const cellOf = (grid: HTMLElement | null, id: string) =>
  grid?.querySelector<HTMLElement>(`[data-post-id="${CSS.escape(id)}"]`) ?? null;

interface PostKeysOptions {
  gridRef: RefObject<HTMLElement | null>;
  events: PostEvent[];
  view: ViewName;
  zone: string;
  movePost(post: CalendarPost, target: Date, wholeGroup: boolean): boolean;
  openPost(id: string): void;
  askDelete(post: CalendarPost): void;
}

/**
 * The keys of a focused post: arrows move the focus (up and down post by post, left and right to
 * another day), Alt+arrows move the post by a row (30 minutes) or a day (with Shift, its whole group), Enter
 * opens its details, Delete asks to delete it. One stable handler, so cells never re-render for it.
 */
export function usePostKeys(o: PostKeysOptions) {
  const focusRequest = useRef<string | null>(null);
  const latest = useRef(o);
  useLayoutEffect(() => {
    latest.current = o;
  });

  const onCellKeyDown = useCallback((e: KeyboardEvent<HTMLElement>, event: PostEvent) => {
    const { gridRef, events, view, zone, movePost, openPost, askDelete } = latest.current;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openPost(event.id);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      askDelete(event.post);
    } else if (ARROWS.has(e.key)) {
      e.preventDefault();
      e.stopPropagation();
      const key = e.key as ShiftKey;
      if (!e.altKey) return focusNeighbour(gridRef.current, events, event, key);
      focusRequest.current = event.id;
      if (movePost(event.post, shiftTarget(event.post, key, view, ROW_MINUTES, zone), e.shiftKey)) {
        // The cell remounts in its new row and takes focus there (or, behind a crowded row's
        // "+N", that chip does: see MoreChip); if it did not remount, keep it here.
        requestAnimationFrame(() => cellOf(latest.current.gridRef.current, event.id)?.focus());
      }
    }
  }, []);

  return { onCellKeyDown, focusRequest };
}

function focusNeighbour(grid: HTMLElement | null, events: PostEvent[], from: PostEvent, key: ShiftKey): void {
  const ordered = [...events].sort(
    (a, b) => a.start.getTime() - b.start.getTime() || a.id.localeCompare(b.id),
  );
  const at = ordered.findIndex((e) => e.id === from.id);
  const forward = key === 'ArrowDown' || key === 'ArrowRight';
  const sideways = key === 'ArrowLeft' || key === 'ArrowRight';
  for (let i = at + (forward ? 1 : -1); i >= 0 && i < ordered.length; i += forward ? 1 : -1) {
    const candidate = ordered[i]!;
    if (sideways && candidate.start.toDateString() === from.start.toDateString()) continue;
    // Posts behind "+N more" are not on screen; the walk goes on to the next one that is.
    const el = cellOf(grid, candidate.id);
    if (el) {
      el.focus();
      return;
    }
  }
}

/** Ctrl/Cmd+Z undoes main's last change (the last move); Shift or Alt held while dragging asks for a group move (read at drop, never rendered). */
export function useGlobalShortcuts(undo: () => Promise<void>): () => boolean {
  const groupModifier = useRef(false);
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      groupModifier.current = e.shiftKey || e.altKey;
      // On the key's press only: its release, with Ctrl still held, would undo a second move.
      if (
        e.type === 'keydown' &&
        (e.ctrlKey || e.metaKey) &&
        !e.shiftKey &&
        e.key.toLowerCase() === 'z' &&
        !isTyping(e.target)
      ) {
        e.preventDefault();
        void undo();
      }
    };
    const onPointer = (e: MouseEvent) => {
      groupModifier.current = e.shiftKey || e.altKey;
    };
    const pairs = [
      ['keydown', onKey],
      ['keyup', onKey],
      ['mousedown', onPointer],
      ['mousemove', onPointer],
      ['mouseup', onPointer],
    ] as const;
    for (const [name, listener] of pairs) window.addEventListener(name, listener as EventListener, true);
    return () => {
      for (const [name, listener] of pairs) window.removeEventListener(name, listener as EventListener, true);
    };
  }, [undo]);
  return useCallback(() => groupModifier.current, []);
}

/** Trying to drag a post that cannot move says why, instead of silently doing nothing. */
export function useFixedPostHint(posts: readonly CalendarPost[], toast: (t: NewNotice) => number) {
  return useCallback(
    (e: ReactMouseEvent) => {
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
      window.addEventListener('mouseup', () => window.removeEventListener('mousemove', onMove), {
        once: true,
      });
    },
    [posts, toast],
  );
}

/**
 * A post's click in the month or time grid: it opens the post, except the click the browser sends
 * when a drag ends on it (the drag sets `suppressClickRef`).
 */
export function useOpenOnClick(open: (event: PostEvent) => void) {
  const suppressClickRef = useRef(false);
  const onClick = useCallback(
    (e: ReactMouseEvent<HTMLElement>, event: PostEvent) => {
      if (suppressClickRef.current) {
        suppressClickRef.current = false;
        return;
      }
      e.stopPropagation();
      open(event);
    },
    [open],
  );
  return { suppressClickRef, onClick };
}

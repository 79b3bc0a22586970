/*
 * A post dragged with the pointer, the way both grids (MonthGrid onto a day, TimeGrid onto a time)
 * follow it: nothing happens until the pointer has travelled DRAG_THRESHOLD pixels (a click stays
 * a click), Escape cancels, and the click that ends a drag does not open the post.
 */

/** Pixels the pointer must travel before a press on a post becomes a drag. */
export const DRAG_THRESHOLD = 4;

export interface PointerDragHandlers {
  /** The press became a drag (the source already carries `cal-drag-source`). */
  start?(): void;
  /** The pointer moved while dragging. */
  move(x: number, y: number): void;
  /**
   * Released while dragging, before anything is cleaned up (hit-tests see the drag's own classes);
   * what it returns runs once the drag has ended (the drop itself).
   */
  release(x: number, y: number): (() => void) | void;
  /** The drag ended, dropped or cancelled: take its marks away. */
  end(): void;
}

export function followPointerDrag(
  down: { clientX: number; clientY: number },
  source: HTMLElement,
  suppressClick: { current: boolean },
  drag: PointerDragHandlers,
): void {
  const origin = { x: down.clientX, y: down.clientY };
  let dragging = false;
  const finish = () => {
    window.removeEventListener('pointermove', move, true);
    window.removeEventListener('pointerup', up, true);
    window.removeEventListener('pointercancel', cancel, true);
    window.removeEventListener('keydown', key, true);
    source.classList.remove('cal-drag-source');
    drag.end();
  };
  const move = (m: PointerEvent) => {
    if (!dragging) {
      if (Math.hypot(m.clientX - origin.x, m.clientY - origin.y) < DRAG_THRESHOLD) return;
      dragging = true;
      source.classList.add('cal-drag-source');
      drag.start?.();
    }
    m.preventDefault();
    drag.move(m.clientX, m.clientY);
  };
  const up = (u: PointerEvent) => {
    const dropped = dragging ? drag.release(u.clientX, u.clientY) : undefined;
    // The click that follows a drag is not an "open".
    suppressClick.current = dragging;
    finish();
    dropped?.();
  };
  const cancel = () => {
    suppressClick.current = dragging;
    finish();
  };
  const key = (k: KeyboardEvent) => {
    if (k.key !== 'Escape' || !dragging) return;
    k.preventDefault();
    k.stopPropagation();
    cancel();
  };
  window.addEventListener('pointermove', move, true);
  window.addEventListener('pointerup', up, true);
  window.addEventListener('pointercancel', cancel, true);
  window.addEventListener('keydown', key, true);
}

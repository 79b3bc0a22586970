import { create } from 'zustand';

/*
 * The posts picked for a bulk change, in every calendar view: Ctrl/Cmd-click toggles one,
 * Shift-click picks the run from the last picked post to this one (in the order the view lists
 * them), "select all matching" and the search palette hand over a list of ids. Esc clears.
 */

interface SelectionState {
  /** Picked post ids, in the order they were picked. */
  ids: readonly string[];
  /** The same ids as a set, for a cell's quick "am I picked?". */
  picked: ReadonlySet<string>;
  /** Where a Shift-click run starts: the last post picked by a click. */
  anchor: string | null;
  toggle(id: string): void;
  /** Picks every post from the anchor to `id` in `ordered` (the view's order), keeping earlier picks. */
  extendTo(id: string, ordered: readonly string[]): void;
  /** Replaces the selection with these ids (select all matching, search results). */
  selectIds(ids: readonly string[]): void;
  clear(): void;
}

const withIds = (ids: readonly string[], anchor: string | null) => ({ ids, picked: new Set(ids), anchor });

export const useSelection = create<SelectionState>()((set, get) => ({
  ids: [],
  picked: new Set<string>(),
  anchor: null,
  toggle: (id) => {
    const { ids, picked } = get();
    set(withIds(picked.has(id) ? ids.filter((x) => x !== id) : [...ids, id], id));
  },
  extendTo: (id, ordered) => {
    const { ids, anchor } = get();
    const from = anchor ? ordered.indexOf(anchor) : -1;
    const to = ordered.indexOf(id);
    if (from < 0 || to < 0) return get().toggle(id);
    const run = ordered.slice(Math.min(from, to), Math.max(from, to) + 1);
    const { picked } = get();
    set(withIds([...ids, ...run.filter((x) => !picked.has(x))], id));
  },
  selectIds: (ids) => set(withIds([...new Set(ids)], ids[ids.length - 1] ?? null)),
  clear: () => set(withIds([], null)),
}));

/** Whether one post is picked: a cell re-renders only when its own answer changes. */
export const useIsSelected = (id: string) => useSelection((s) => s.picked.has(id));

/**
 * How many of these posts are picked: a "+N more" chip hiding picked posts says so, so a bulk change
 * never touches posts the user cannot see were picked.
 */
export const usePickedAmong = (ids: readonly string[]) =>
  useSelection((s) => ids.reduce((n, id) => n + (s.picked.has(id) ? 1 : 0), 0));

/** The words for picked posts hidden behind a "+N more" chip: "" when none. */
export const pickedNote = (n: number) => (n > 0 ? `, ${n} selected` : '');

/** A click with Ctrl/Cmd or Shift picks posts instead of opening one. */
export const isSelectClick = (e: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }) =>
  e.ctrlKey || e.metaKey || e.shiftKey;

/**
 * Handles a click on a post for the selection: Ctrl/Cmd toggles, Shift extends. Answers whether it
 * did (then the click must not also open the post).
 */
export function selectionClick(
  e: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean },
  id: string,
  ordered: readonly string[],
): boolean {
  if (!isSelectClick(e)) return false;
  const s = useSelection.getState();
  if (e.shiftKey) s.extendTo(id, ordered);
  else s.toggle(id);
  return true;
}

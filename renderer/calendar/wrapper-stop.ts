/**
 * react-big-calendar wraps every event in an element that is a tab stop with role button of its
 * own. A cell that is itself the keyboard stop (a post, a "+N" chip, a free slot) takes the wrapper
 * out, so each is one stop and one button for a screen reader, not two.
 */
export function releaseWrapperStop(cell: HTMLElement | null, wrapperSelector: string): void {
  const outer = cell?.closest<HTMLElement>(wrapperSelector);
  if (!outer || outer === cell || !(outer.hasAttribute('role') || outer.hasAttribute('tabindex'))) return;
  outer.tabIndex = -1;
  outer.removeAttribute('role');
}

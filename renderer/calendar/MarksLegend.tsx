import { ERROR_MARK, GROUP_MARK, PENDING_MARK, THREAD_MARK } from './PostEventView.js';

/** What the marks on a post mean, one click (or Enter) away; each mark's tooltip says the same. */
export function MarksLegend() {
  const rows: [mark: string, className: string, meaning: string][] = [
    ['×3', 'post-mark post-mark--group', GROUP_MARK(3)],
    ['≡4', 'post-mark post-mark--thread', THREAD_MARK(4)],
    // Drawn as a repeat's mark, but not one: nothing looking for a post's repeat mark finds it.
    ['↻ 3/10', 'cal-legend__repeat', 'An evergreen repeat: the 3rd of 10'],
    ['↺ 2/6', 'cal-legend__series', 'A post of a recurring series: the 2nd of 6'],
    ['⟳', 'post-mark post-mark--pending', PENDING_MARK],
    ['!', 'post-mark post-mark--error', ERROR_MARK],
  ];
  return (
    <details className="cal-legend">
      <summary title="What the marks on a post mean">Legend</summary>
      <dl className="cal-legend__list">
        {rows.map(([mark, className, meaning]) => (
          <div key={className}>
            <dt>
              <span className={className}>{mark}</span>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

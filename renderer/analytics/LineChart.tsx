import { useId, useState, type KeyboardEvent } from 'react';
import { metricInfo } from '../../shared/analytics/metric-names.js';
import { addDays, daysBetween, type DayRange } from '../../shared/analytics/ranges.js';
import { axisTicks, plotByDay, type ChartBox, type ChartPoint } from './chart-geometry.js';
import { formatMetric, metricLabel } from './metrics.js';

/*
 * Hand-written on purpose: no charting library is among the app's dependencies (none can be added
 * offline), and the usual ones (Recharts, Chart.js) would still need the same work for what matters
 * here: this one draws axes with units, a tooltip per day that the mouse and the keyboard both open
 * (the arrow keys walk the days, and each day is read out), a dashed line for the period compared
 * with, a description for screen readers and a table view of both periods a key press away, in a
 * few kilobytes and with the app's own colours in light and dark.
 */

const BOX: ChartBox = { width: 360, height: 180, left: 52, right: 12, top: 14, bottom: 28 };

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Daily entries are calendar days (YYYY-MM-DD), not instants: read and written in UTC. */
function dayLabel(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? date : dayFormat.format(ms);
}

/** What the chart shows, in one sentence, for people who cannot see it. */
function summary(metric: string, points: readonly ChartPoint[], range: DayRange, per: string): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'No data.';
  const top = points.reduce((a, b) => (b.value > a.value ? b : a));
  const missing = daysBetween(range) - points.length;
  return (
    `${metricLabel(metric)} ${per} from ${dayLabel(first.date)} to ${dayLabel(last.date)}: ` +
    `${formatMetric(metric, first.value)} at the start, ${formatMetric(metric, last.value)} at the end, ` +
    `highest ${formatMetric(metric, top.value)} on ${dayLabel(top.date)}.` +
    (missing > 0 ? ` ${missing} day${missing === 1 ? ' has' : 's have'} no data.` : '')
  );
}

function pathOf(xy: readonly { x: number; y: number }[]): string {
  return xy.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
}

interface Props {
  metric: string;
  points: readonly ChartPoint[];
  range: DayRange;
  /** The period compared with, drawn dashed day for day under this one. */
  earlier?: { points: readonly ChartPoint[]; range: DayRange; label: string } | null;
  /** What a point is: "per day" (an account's days), "by day published" (a label's posts). */
  per?: string;
}

/** A daily series as an area chart with its axes, titled and described, with a table view. */
export function LineChart({ metric, points, range, earlier, per = 'per day' }: Props) {
  const titleId = useId();
  const descId = useId();
  const [asTable, setAsTable] = useState(false);
  // The day whose tooltip shows: hovered, or reached with the arrow keys.
  const [active, setActive] = useState<number | null>(null);
  // The earlier period's days are moved onto this one's, so day 1 sits above day 1.
  const shift = earlier ? daysBetween({ from: earlier.range.from, to: range.from }) - 1 : 0;
  const earlierHere = (earlier?.points ?? []).map((p) => ({ date: addDays(p.date, shift), value: p.value }));
  const ticks = axisTicks([...points, ...earlierHere].map((p) => p.value));
  const xy = plotByDay(points, ticks, BOX, range);
  const before = plotByDay(earlierHere, ticks, BOX, range);
  const baseline = BOX.height - BOX.bottom;
  const line = pathOf(xy);
  const area = xy.length
    ? `${line} L${xy[xy.length - 1]!.x.toFixed(1)},${baseline} L${xy[0]!.x.toFixed(1)},${baseline} Z`
    : '';
  const yOf = (t: number) => plotByDay([{ date: range.from, value: t }], ticks, BOX, range)[0]!.y;
  const unit = metricInfo(metric).unit;
  const title = `${metricLabel(metric)} ${per}`;
  const earlierOn = new Map(earlierHere.map((p) => [p.date, p.value]));
  const at = active !== null && active < points.length ? active : null;
  const spoken = (i: number) => {
    const p = points[i]!;
    const then = earlier ? earlierOn.get(p.date) : undefined;
    return (
      `${dayLabel(p.date)}: ${formatMetric(metric, p.value)}` +
      (then === undefined ? '' : `; ${earlier!.label}: ${formatMetric(metric, then)}`)
    );
  };
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    if (points.length === 0) return;
    const last = points.length - 1;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? Math.min(last, (at ?? -1) + 1)
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? Math.max(0, (at ?? points.length) - 1)
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : e.key === 'Escape'
                ? null
                : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
  };
  const mid = daysBetween(range) > 4 ? addDays(range.from, Math.floor((daysBetween(range) - 1) / 2)) : null;
  const tip = at !== null ? xy[at]! : null;
  const tipText = at !== null ? spoken(at) : '';
  const tipWidth = Math.min(BOX.width - 4, 12 + tipText.length * 5.4);
  const tipX = tip ? Math.min(Math.max(tip.x - tipWidth / 2, 2), BOX.width - tipWidth - 2) : 0;

  return (
    <figure className="chart">
      <div className="chart-head">
        <figcaption className="chart-title" id={titleId}>
          {title}
          {unit ? <span className="muted chart-unit"> ({unit})</span> : null}
        </figcaption>
        <button
          type="button"
          className="link-button small"
          aria-label={`Show ${title} as a ${asTable ? 'chart' : 'table'}`}
          onClick={() => setAsTable(!asTable)}
        >
          {asTable ? 'Chart' : 'Table'}
        </button>
      </div>
      {asTable ? (
        <div className="table-scroll chart-table">
          <table className="recent-posts">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="numeric">
                  {metricLabel(metric)}
                  {unit ? ` (${unit})` : ''}
                </th>
                {earlier ? (
                  <th scope="col" className="numeric">
                    {earlier.label.charAt(0).toUpperCase() + earlier.label.slice(1)}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => {
                const then = earlierOn.get(p.date);
                return (
                  <tr key={p.date}>
                    <th scope="row">{dayLabel(p.date)}</th>
                    <td className="numeric">{formatMetric(metric, p.value)}</td>
                    {earlier ? (
                      <td className="numeric">{then === undefined ? '—' : formatMetric(metric, then)}</td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <>
          <svg
            className="chart-svg"
            viewBox={`0 0 ${BOX.width} ${BOX.height}`}
            role="img"
            aria-labelledby={titleId}
            aria-describedby={descId}
            data-testid={`chart-${metric}`}
            tabIndex={points.length > 0 ? 0 : undefined}
            onKeyDown={onKey}
            onFocus={() => setActive((a) => a ?? points.length - 1)}
            onBlur={() => setActive(null)}
            onMouseLeave={() => setActive(null)}
          >
            <desc id={descId}>
              {summary(metric, points, range, per)}
              {earlier ? ` The dashed line is ${earlier.label}.` : ''}
              {points.length > 0 ? ' The arrow keys read each day.' : ''}
            </desc>
            <g className="chart-grid" aria-hidden="true">
              {ticks.map((t) => (
                <g key={t}>
                  <line x1={BOX.left} x2={BOX.width - BOX.right} y1={yOf(t)} y2={yOf(t)} />
                  <text x={BOX.left - 6} y={yOf(t)} textAnchor="end" dominantBaseline="middle">
                    {formatMetric(metric, t)}
                  </text>
                </g>
              ))}
            </g>
            <path className="chart-area" d={area} aria-hidden="true" />
            {before.length > 1 ? (
              <path className="chart-line chart-line-earlier" d={pathOf(before)} aria-hidden="true" />
            ) : null}
            <path className="chart-line chart-line-current" d={line} aria-hidden="true" />
            <g className="chart-points" aria-hidden="true">
              {xy.map((p, i) => (
                <circle
                  key={points[i]!.date}
                  cx={p.x}
                  cy={p.y}
                  r={6}
                  className={i === at ? 'chart-point-active' : undefined}
                  onMouseEnter={() => setActive(i)}
                />
              ))}
            </g>
            <g className="chart-axis" aria-hidden="true">
              <text x={BOX.left} y={BOX.height - 8} textAnchor="start">
                {dayLabel(range.from)}
              </text>
              {mid ? (
                <text
                  x={plotByDay([{ date: mid, value: 0 }], ticks, BOX, range)[0]!.x}
                  y={BOX.height - 8}
                  textAnchor="middle"
                >
                  {dayLabel(mid)}
                </text>
              ) : null}
              {range.to !== range.from ? (
                <text x={BOX.width - BOX.right} y={BOX.height - 8} textAnchor="end">
                  {dayLabel(range.to)}
                </text>
              ) : null}
            </g>
            {tip ? (
              <g className="chart-tooltip" aria-hidden="true">
                <line x1={tip.x} x2={tip.x} y1={BOX.top} y2={baseline} />
                <rect x={tipX} y={2} width={tipWidth} height={18} rx={4} />
                <text x={tipX + tipWidth / 2} y={11} textAnchor="middle" dominantBaseline="middle">
                  {tipText}
                </text>
              </g>
            ) : null}
          </svg>
          {/* What the tooltip shows, read out as the arrow keys move (the drawing itself is an image). */}
          <p className="visually-hidden" aria-live="polite">
            {tipText}
          </p>
        </>
      )}
    </figure>
  );
}

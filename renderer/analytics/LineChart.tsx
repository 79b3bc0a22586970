import { useId } from 'react';
import { axisTicks, plot, type ChartBox, type ChartPoint } from './chart-geometry.js';
import { formatMetric, metricLabel } from './metrics.js';

const BOX: ChartBox = { width: 360, height: 180, left: 48, right: 12, top: 12, bottom: 28 };

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Daily entries are calendar days (YYYY-MM-DD), not instants: read and written in UTC. */
function dayLabel(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? date : dayFormat.format(ms);
}

/** What the chart shows, in one sentence, for people who cannot see it. */
function summary(metric: string, points: readonly ChartPoint[]): string {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return 'No data.';
  const top = points.reduce((a, b) => (b.value > a.value ? b : a));
  return (
    `${metricLabel(metric)} per day from ${dayLabel(first.date)} to ${dayLabel(last.date)}: ` +
    `${formatMetric(metric, first.value)} at the start, ${formatMetric(metric, last.value)} at the end, ` +
    `highest ${formatMetric(metric, top.value)} on ${dayLabel(top.date)}.`
  );
}

/** A daily series as an area chart with its axes, titled and described for screen readers. */
export function LineChart({ metric, points }: { metric: string; points: readonly ChartPoint[] }) {
  const titleId = useId();
  const descId = useId();
  const ticks = axisTicks(points.map((p) => p.value));
  const xy = plot(points, ticks, BOX);
  const baseline = BOX.height - BOX.bottom;
  const line = xy.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const area = xy.length
    ? `${line} L${xy[xy.length - 1]!.x.toFixed(1)},${baseline} L${xy[0]!.x.toFixed(1)},${baseline} Z`
    : '';
  const yOf = (t: number) => plot([{ date: '', value: t }], ticks, BOX)[0]!.y;
  const first = points[0];
  const last = points[points.length - 1];
  const title = `${metricLabel(metric)} per day`;

  return (
    <figure className="chart">
      <figcaption className="chart-title" id={titleId}>
        {title}
      </figcaption>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        data-testid={`chart-${metric}`}
      >
        <desc id={descId}>{summary(metric, points)}</desc>
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
        <path className="chart-line" d={line} aria-hidden="true" />
        <g className="chart-axis" aria-hidden="true">
          {first ? (
            <text x={BOX.left} y={BOX.height - 8} textAnchor="start">
              {dayLabel(first.date)}
            </text>
          ) : null}
          {last && last !== first ? (
            <text x={BOX.width - BOX.right} y={BOX.height - 8} textAnchor="end">
              {dayLabel(last.date)}
            </text>
          ) : null}
        </g>
      </svg>
    </figure>
  );
}

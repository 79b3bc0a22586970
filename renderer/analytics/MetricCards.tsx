import type { Comparison, LevelChange } from '../../shared/analytics/rollup.js';
import { metricInfo } from '../../shared/analytics/metric-names.js';
import { formatMetric, metricLabel, trendOf } from './metrics.js';

const ARROWS = { up: '▲', down: '▼', flat: '■' } as const;

interface Props {
  metrics: readonly string[];
  comparisons: Record<string, Comparison>;
  /** Standing values (followers) with their change within the range. */
  levels: Record<string, LevelChange>;
  /** The period compared with, in words ("the period before"); null when none is compared. */
  against: string | null;
  /** Why nothing is compared, when a comparison was asked for but no history reaches it. */
  noComparison: string | null;
  /** The range, in words, for the list's name. */
  rangeLabel: string;
}

function signed(name: string, n: number): string {
  return `${n > 0 ? '+' : n < 0 ? '−' : '±'}${formatMetric(name, Math.abs(n))}`;
}

/** One card per metric over the range, each with its change against the period compared with. */
export function MetricCards({ metrics, comparisons, levels, against, noComparison, rangeLabel }: Props) {
  return (
    <ul className="metric-cards" aria-label={`Metrics, ${rangeLabel}`}>
      {metrics.map((name) => {
        const c = comparisons[name]!;
        const trend = against ? trendOf(name, c.value, c.previous, against) : null;
        const level = levels[name];
        const kind = metricInfo(name).kind;
        return (
          <li key={name} className="card metric-card" data-testid={`metric-${name}`}>
            <p className="metric-card-label">{metricLabel(name)}</p>
            <p className="metric-card-value">{formatMetric(name, c.value)}</p>
            {level ? (
              <p className="metric-card-note muted">{signed(name, level.change)} over the period</p>
            ) : kind === 'ratio' ? (
              <p className="metric-card-note muted">Over the whole period</p>
            ) : null}
            {trend ? (
              <p className={`metric-card-trend trend-${trend.direction}`} title={trend.sentence}>
                <span aria-hidden="true">{ARROWS[trend.direction]} </span>
                {trend.sentence}
              </p>
            ) : against || noComparison ? (
              <p className="metric-card-trend muted">No earlier number to compare with</p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

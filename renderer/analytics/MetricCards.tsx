import type { MetricMap } from '../../shared/api/resources.js';
import { formatMetric, metricLabel, orderedMetricNames, trendOf } from './metrics.js';

const ARROWS = { up: '▲', down: '▼', flat: '■' } as const;

/** One card per profile metric, each with its change against the previous 30 days. */
export function MetricCards({ profile, previous }: { profile: MetricMap; previous: MetricMap | undefined }) {
  return (
    <ul className="metric-cards" aria-label="Profile metrics, last 30 days">
      {orderedMetricNames(profile).map((name) => {
        const value = profile[name]!;
        const trend = trendOf(name, value, previous?.[name]);
        return (
          <li key={name} className="card metric-card" data-testid={`metric-${name}`}>
            <p className="metric-card-label">{metricLabel(name)}</p>
            <p className="metric-card-value">{formatMetric(name, value)}</p>
            {trend ? (
              <p className={`metric-card-trend trend-${trend.direction}`} title={trend.sentence}>
                <span aria-hidden="true">{ARROWS[trend.direction]} </span>
                {trend.sentence}
              </p>
            ) : (
              <p className="metric-card-trend muted">No earlier period to compare with</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

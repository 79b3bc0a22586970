import type { MetricMap } from '../../shared/api/resources.js';
import { metricInfo, metricName, orderMetricKeys } from '../../shared/analytics/metric-names.js';

/*
 * Pure. How a metric is written for people. The service's metric names are open (MetricMap): a
 * name we do not know still gets a readable label (shared/analytics/metric-names.ts) and a plain number.
 */

/** "Engagement rate", "Video views": the shared map of metric names, with its readable fallback. */
export function metricLabel(name: string): string {
  return metricName(name);
}

/** Rates arrive as fractions (0.0345); shown as percentages. */
export function isRateMetric(name: string): boolean {
  return metricInfo(name).kind === 'ratio';
}

const integerFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 2 });

/** A metric's value as people read it: 12,345 or 3.45%. */
export function formatMetric(name: string, value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (isRateMetric(name)) return percentFormat.format(value);
  return Number.isInteger(value) ? integerFormat.format(value) : decimalFormat.format(value);
}

/** Metric names in display order: the usual ones first, then any the service added. */
export function orderedMetricNames(metrics: MetricMap): string[] {
  return orderMetricKeys(Object.keys(metrics));
}

export interface Trend {
  direction: 'up' | 'down' | 'flat';
  /** Relative change (0.12 = +12%), or null when there is nothing to compare with. */
  change: number | null;
  /** What the trend says, in words, for screen readers and the tooltip. */
  sentence: string;
}

/** The change against an earlier period (`against` names it: "the previous 30 days"). */
export function trendOf(
  name: string,
  current: number,
  previous: number | undefined,
  against = 'the previous 30 days',
): Trend | null {
  if (previous === undefined || !Number.isFinite(previous) || !Number.isFinite(current)) return null;
  const delta = current - previous;
  const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
  const change = previous === 0 ? null : delta / Math.abs(previous);
  const was = formatMetric(name, previous);
  if (direction === 'flat') return { direction, change: 0, sentence: `Unchanged from ${against} (${was})` };
  const amount = change === null ? '' : `${percentFormat.format(Math.abs(change))} `;
  return {
    direction,
    change,
    sentence: `${amount}${direction === 'up' ? 'up' : 'down'} from ${was} in ${against}`,
  };
}

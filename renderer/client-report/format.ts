import type { ReportMetric } from '../../shared/reports/model.js';

/*
 * Pure. How the report writes its numbers: whole numbers grouped ("12,345"), rates as percentages
 * ("4.2%"), changes with their sign ("+12.5%"). One locale, so the PDF reads the same everywhere.
 */

const whole = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 2,
});
const signed = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });

export function formatValue(metric: Pick<ReportMetric, 'kind'>, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return metric.kind === 'ratio' ? percent.format(value) : whole.format(value);
}

/** An axis tick: short ("12K"), a rate as a percentage. */
export function formatTick(metric: Pick<ReportMetric, 'kind'>, value: number): string {
  return metric.kind === 'ratio' ? percent.format(value) : compact.format(value);
}

export function formatChange(change: number | null): string {
  return change === null || !Number.isFinite(change) ? '—' : signed.format(change);
}

/** "up", "down" or "no change", for the words beside a change (colour alone says nothing to some readers). */
export function changeWords(change: number | null): string {
  if (change === null || !Number.isFinite(change)) return 'nothing to compare with';
  if (Math.abs(change) < 0.0005) return 'no change';
  return change > 0 ? 'up' : 'down';
}

/**
 * Round axis ticks covering [min, max] in about five steps: from 0 for counts and rates; from just
 * under the lowest value for a standing value (followers), where a change would be a flat line on
 * an axis from 0.
 */
export function niceTicks(min: number, max: number, count = 5, fromZero = true): number[] {
  const low = fromZero ? Math.min(0, min) : min - Math.max((max - min) * 0.1, Math.abs(max) * 0.001, 1);
  const high = max > low ? max : low + 1;
  const rough = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= rough) ?? rough;
  const ticks: number[] = [];
  for (let v = Math.floor(low / step) * step; v < high + step; v += step) {
    ticks.push(Number(v.toPrecision(12)));
    if (v >= high) break;
  }
  return ticks;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "3 Oct" for a YYYY-MM-DD day. */
export function shortDay(day: string): string {
  return dayFormat.format(Date.parse(`${day}T00:00:00Z`));
}

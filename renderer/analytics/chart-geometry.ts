/*
 * Pure. The numbers behind a line chart: where each point goes in the drawing and
 * which values the axis marks, kept apart from the SVG so they can be tested.
 */

export interface ChartPoint {
  date: string;
  value: number;
}

export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * Rounded axis marks around the values. The axis starts at 0 unless the values sit far above it
 * (followers: 20,100 to 20,150 would be a flat line from 0); whole-number series get whole marks.
 */
export function axisTicks(values: readonly number[], count = 4): number[] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, 1];
  const max = Math.max(...finite);
  const lowest = Math.min(...finite);
  const min = lowest > 0 && lowest > max / 2 ? lowest : Math.min(0, lowest);
  if (max === min)
    return max === 0 ? [0, 1] : [niceFloor(min), niceFloor(min) + Math.max(1, Math.abs(min) / 10)];
  const rough = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough;
  if (finite.every(Number.isInteger)) step = Math.max(1, Math.ceil(step));
  const ticks: number[] = [];
  for (let t = Math.floor(min / step) * step; ; t += step) {
    ticks.push(Number(t.toPrecision(12)));
    if (t >= max) break;
  }
  return ticks;
}

function niceFloor(n: number): number {
  if (n <= 0) return Math.floor(n);
  const magnitude = 10 ** Math.floor(Math.log10(n));
  return Math.floor(n / magnitude) * magnitude;
}

/** Each point's x and y inside the box, for values drawn between the first and last tick. */
export function plot(
  points: readonly ChartPoint[],
  ticks: readonly number[],
  box: ChartBox,
): { x: number; y: number }[] {
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const innerW = box.width - box.left - box.right;
  const innerH = box.height - box.top - box.bottom;
  const span = high - low || 1;
  return points.map((p, i) => ({
    x: box.left + (points.length < 2 ? innerW / 2 : (i / (points.length - 1)) * innerW),
    y: box.top + innerH - ((Number.isFinite(p.value) ? p.value - low : 0) / span) * innerH,
  }));
}

const DAY_MS = 86_400_000;

/**
 * Like `plot`, but each point placed by its day within `range` (YYYY-MM-DD, both ends included),
 * so a day with no data leaves its gap instead of pulling the next days closer.
 */
export function plotByDay(
  points: readonly ChartPoint[],
  ticks: readonly number[],
  box: ChartBox,
  range: { from: string; to: string },
): { x: number; y: number }[] {
  const start = Date.parse(`${range.from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${range.to}T00:00:00Z`) - start) / DAY_MS);
  const innerW = box.width - box.left - box.right;
  const ys = plot(points, ticks, box);
  return points.map((p, i) => {
    const index = Math.round((Date.parse(`${p.date}T00:00:00Z`) - start) / DAY_MS);
    return {
      x: box.left + (days <= 0 ? innerW / 2 : (Math.min(Math.max(index, 0), days) / days) * innerW),
      y: ys[i]!.y,
    };
  });
}

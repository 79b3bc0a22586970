import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/*
 * Each benchmark writes its figures to bench/.out/<name>.json;
 * run.mjs turns them all into bench/results.md. A figure keeps every run, so the report shows the
 * median and the spread, and its target beside it.
 */

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const OUT_DIR = join(BENCH_DIR, '.out');

export const Figure = z.object({
  section: z.string(),
  name: z.string(),
  unit: z.string(),
  runs: z.array(z.number()),
  /** The figure reported: the median of runs, unless a single run. */
  value: z.number(),
  /** e.g. "≤ 100 ms" or "≤ FullCalendar (123 ms)"; null when only reported. */
  target: z.string().nullable(),
  pass: z.boolean().nullable(),
  note: z.string().optional(),
});
export type Figure = z.infer<typeof Figure>;

export const BenchOutput = z.object({
  name: z.string(),
  figures: z.array(Figure),
  notes: z.array(z.string()),
  versions: z.record(z.string(), z.string()),
});
export type BenchOutput = z.infer<typeof BenchOutput>;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export class Recorder {
  private readonly out: BenchOutput;

  constructor(name: string) {
    this.out = { name, figures: [], notes: [], versions: {} };
  }

  /** Records a figure; `atMost` makes it a target (PASS when the median is at most that). */
  add(f: {
    section: string;
    name: string;
    unit: string;
    runs: number[];
    atMost?: number;
    target?: string;
    note?: string;
  }): Figure {
    const value = median(f.runs);
    const target = f.target ?? (f.atMost === undefined ? null : `≤ ${f.atMost} ${f.unit}`);
    const figure: Figure = {
      section: f.section,
      name: f.name,
      unit: f.unit,
      runs: f.runs,
      value,
      target,
      pass: f.atMost === undefined ? null : value <= f.atMost,
      ...(f.note ? { note: f.note } : {}),
    };
    this.out.figures.push(figure);
    console.log(`${f.section} · ${f.name}: ${round(value)} ${f.unit}${target ? ` (target ${target})` : ''}`);
    return figure;
  }

  /** The figure added last, to settle a target that is more than one comparison. */
  last(): Figure {
    const figure = this.out.figures.at(-1);
    if (!figure) throw new Error('no figure recorded yet');
    return figure;
  }

  note(text: string): void {
    this.out.notes.push(text);
    console.log(`note: ${text}`);
  }

  version(name: string, value: string): void {
    this.out.versions[name] = value;
  }

  save(): void {
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(join(OUT_DIR, `${this.out.name}.json`), JSON.stringify(this.out, null, 2));
  }
}

export function readOutput(file: string): BenchOutput {
  return BenchOutput.parse(JSON.parse(readFileSync(file, 'utf8')));
}

export function round(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 100) return n.toFixed(0);
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(2);
}

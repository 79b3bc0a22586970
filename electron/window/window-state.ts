import { randomUUID } from 'node:crypto';
import { readFile, rename, writeFile, mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/*
 * The window's size and position between runs, in a small JSON file written
 * atomically (temporary file, then rename), so a crash mid-write never leaves a broken file. A
 * saved position on a screen that is gone is pulled back onto a visible one.
 */

export const WindowBounds = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(200).max(20_000),
  maximized: z.boolean(),
});
export type WindowBounds = z.infer<typeof WindowBounds>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_SIZE = { width: 1280, height: 820 };
/**
 * The smallest window the app allows: the calendar's month still shows each post's time whole and
 * a dozen characters of its text, and its toolbar one row (the sidebar folded to its rail).
 */
export const MIN_SIZE = { width: 960, height: 640 };
const MIN_VISIBLE = 100;

/** The saved bounds, or null when none were saved or the file is unreadable. */
export async function loadWindowBounds(file: string): Promise<WindowBounds | null> {
  try {
    const parsed = WindowBounds.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function saveWindowBounds(file: string, bounds: WindowBounds): Promise<void> {
  const checked = WindowBounds.parse(bounds);
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, JSON.stringify(checked), { encoding: 'utf8', flush: true });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Where to open the window: the saved bounds when enough of them lies on a current display,
 * else the default size centred by the system (no x/y).
 */
export function fitToDisplays(
  saved: WindowBounds | null,
  workAreas: readonly Rect[],
): Partial<Rect> & { width: number; height: number } {
  if (!saved) return { ...DEFAULT_SIZE };
  const visible = workAreas.some((area) => {
    const overlapX = Math.min(saved.x + saved.width, area.x + area.width) - Math.max(saved.x, area.x);
    const overlapY = Math.min(saved.y + saved.height, area.y + area.height) - Math.max(saved.y, area.y);
    return overlapX >= MIN_VISIBLE && overlapY >= MIN_VISIBLE;
  });
  const largest = workAreas.reduce(
    (a, b) => (b.width * b.height > a.width * a.height ? b : a),
    workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE },
  );
  // Never below the minimum (a size saved before it was raised), never beyond the largest screen.
  const width = Math.min(Math.max(saved.width, MIN_SIZE.width), largest.width);
  const height = Math.min(Math.max(saved.height, MIN_SIZE.height), largest.height);
  return visible ? { x: saved.x, y: saved.y, width, height } : { width, height };
}

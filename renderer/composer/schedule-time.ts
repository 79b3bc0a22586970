import { instantToWall, wallToInstant } from '../calendar/time.js';
import { whyTimePassed } from '../../shared/posts/time-passed.js';

/*
 * The composer's date-time field shows the brand's zone (the calendar's conversions, one
 * definition); these turn its `YYYY-MM-DDTHH:mm` value into an instant and back, and refuse the past.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The field's value for an instant, on the clocks of `zone`. */
export function instantToField(iso: string, zone: string): string {
  const w = instantToWall(new Date(iso), zone);
  return `${w.getFullYear()}-${pad(w.getMonth() + 1)}-${pad(w.getDate())}T${pad(w.getHours())}:${pad(w.getMinutes())}`;
}

/** The instant the field's value names in `zone`, or null when it is not a complete date and time. */
export function fieldToInstant(value: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const wall = new Date(y, mo - 1, d, h, mi);
  if (wall.getMonth() !== mo - 1) return null;
  return wallToInstant(wall, zone).toISOString();
}

/** Why this time cannot be used for a schedule, or null when it can. */
export function scheduleProblem(iso: string | null, now: Date): string | null {
  if (iso === null) return 'Pick a date and time to schedule this post.';
  return whyTimePassed(iso, now.getTime(), 'post now');
}

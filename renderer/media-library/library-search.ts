import type { LibraryMedia } from '../../shared/media/ipc.js';

/*
 * Finding media in the library: every word typed must match the name or a
 * tag (case and accents ignored), so "launch video" finds a clip tagged "launch" named "teaser.mp4"
 * only if one of them also says "video". A word starting with # matches tags only.
 */

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function searchLibrary(items: readonly LibraryMedia[], query: string): LibraryMedia[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const name = fold(item.media.name);
    const tags = item.tags.map(fold);
    return words.every((w) =>
      w.startsWith('#') && w.length > 1
        ? tags.some((t) => t.includes(w.slice(1)))
        : name.includes(w) || tags.some((t) => t.includes(w)),
    );
  });
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** "1.4 MB"; "—" when the size is not known (media made from a link). */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? n : n.toFixed(n < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

/** "1200 × 800"; "—" when not known. */
export function formatDimensions(item: Pick<LibraryMedia, 'width' | 'height'>): string {
  return item.width !== null && item.height !== null ? `${item.width} × ${item.height}` : '—';
}

/** "0:42", "12:05", "1:02:03"; "—" when not known. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

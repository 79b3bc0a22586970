import { describe, expect, it } from 'vitest';
import type { LibraryMedia } from '../../shared/media/ipc.js';
import { formatDimensions, formatDuration, formatSize, searchLibrary } from './library-search.js';

const item = (name: string, tags: string[]): LibraryMedia => ({
  media: {
    id: `media_${name}`,
    name,
    path: `https://cdn.example/${name}`,
    thumbnail: 'https://cdn.example/t.png',
    alt: null,
  },
  kind: 'image',
  size: 10,
  width: null,
  height: null,
  durationMs: null,
  source: 'file',
  sourceUrl: null,
  addedAt: '2026-11-23T10:00:00.000Z',
  tags,
  usedIn: [],
});

describe('media library search', () => {
  const items = [
    item('Café-launch.png', ['spring']),
    item('teaser.mp4', ['Launch', 'video']),
    item('logo.png', []),
  ];
  it('matches every word against the name or a tag, ignoring case and accents', () => {
    expect(searchLibrary(items, '').map((i) => i.media.name)).toHaveLength(3);
    expect(searchLibrary(items, 'launch').map((i) => i.media.name)).toEqual([
      'Café-launch.png',
      'teaser.mp4',
    ]);
    expect(searchLibrary(items, 'cafe SPRING').map((i) => i.media.name)).toEqual(['Café-launch.png']);
    expect(searchLibrary(items, '#launch').map((i) => i.media.name)).toEqual(['teaser.mp4']);
    expect(searchLibrary(items, 'nothing')).toEqual([]);
  });
  it('formats sizes and dimensions, with a dash when unknown', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatDimensions({ width: 1200, height: 800 })).toBe('1200 × 800');
    expect(formatDimensions({ width: null, height: null })).toBe('—');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(41_600)).toBe('0:42');
    expect(formatDuration(725_000)).toBe('12:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });
});

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ALL_BRANDS } from '../../shared/brands/ipc.js';
import { readAllBrandsOnce } from './server-events.js';

const range = { start: '2026-11-01T00:00:00.000Z', end: '2026-11-08T00:00:00.000Z' };

describe("the all-brands view's reads after brands' changes", () => {
  it('reads its range once for a round of brands, not once per brand', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      const read = vi.fn(async () => ({ posts: [], source: 'server', syncedAt: null }));
      const observer = new QueryObserver(client, {
        queryKey: ['listPosts', range, ALL_BRANDS],
        queryFn: read,
      });
      const unsubscribe = observer.subscribe(() => undefined);
      await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
      const gathering = { current: null as ReturnType<typeof setTimeout> | null };
      // Ten brands announce their changes one after another: each marks the range stale.
      for (let b = 0; b < 10; b++) {
        await client.invalidateQueries({ queryKey: ['listPosts'], refetchType: 'none' });
        readAllBrandsOnce(client, gathering);
        await vi.advanceTimersByTimeAsync(20);
      }
      expect(read).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(400);
      expect(read).toHaveBeenCalledTimes(2);
      // Nothing more changed: nothing more is read.
      await vi.advanceTimersByTimeAsync(1_000);
      expect(read).toHaveBeenCalledTimes(2);
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for a read on its way, then reads again what changed after it started', async () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      let finish: (() => void) | null = null;
      const read = vi.fn(
        () =>
          new Promise<{ posts: never[]; source: 'server'; syncedAt: null }>((resolve) => {
            finish = () => resolve({ posts: [], source: 'server', syncedAt: null });
          }),
      );
      const observer = new QueryObserver(client, {
        queryKey: ['listPosts', range, ALL_BRANDS],
        queryFn: read,
      });
      const unsubscribe = observer.subscribe(() => undefined);
      await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
      // A change arrives while the first read is still on its way.
      await client.invalidateQueries({ queryKey: ['listPosts'], refetchType: 'none' });
      const gathering = { current: null as ReturnType<typeof setTimeout> | null };
      readAllBrandsOnce(client, gathering);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(read).toHaveBeenCalledTimes(1);
      // It ends: the change it may have missed is read now, though the answer left the range fresh.
      finish!();
      await vi.advanceTimersByTimeAsync(400);
      expect(read).toHaveBeenCalledTimes(2);
      finish!();
      unsubscribe();
    } finally {
      vi.useRealTimers();
    }
  });
});

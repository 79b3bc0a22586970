import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { AppError, call, onEvent } from '../lib/ipc.js';
import { formatDateTime } from './format.js';
import { reverseMoves, type PostMove } from './moves.js';
import { ALL_POSTS, applyMovesToCache, removeGroupFromCache, restorePostsToCache } from './queries.js';
import { useToasts } from './toasts.js';

/** An operation queued in main's outbox that the calendar undoes on screen if the service refuses it. */
interface Tracked {
  what: string;
  rollback: () => void;
}

const POLL_MS = 1_500;
const UNDO_DEPTH = 20;

function reasonOf(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return error instanceof Error ? error.message : 'Something went wrong.';
}

function describeMoves(moves: readonly PostMove[], zone: string): string {
  const first = moves[0]!;
  const what = moves.length === 1 ? `“${first.title || 'Post'}”` : `${moves.length} posts`;
  return `Moved ${what} to ${formatDateTime(first.to, zone)}`;
}

/**
 * Reschedule, undo and delete, each shown on screen at once and queued in main's outbox. Main tells
 * when the queue changes; a queued operation that failed is taken back on screen with its reason.
 */
export function useCalendarActions(brandId: string | null, zone: string) {
  const client = useQueryClient();
  const toast = useToasts((s) => s.show);
  const tracked = useRef(new Map<string, Tracked>());
  const undoStack = useRef<PostMove[][]>([]);
  const checking = useRef(false);

  const checkOutbox = useCallback(async () => {
    if (tracked.current.size === 0 || checking.current) return;
    checking.current = true;
    try {
      const items = new Map((await call('listOutbox', {})).map((i) => [i.id, i]));
      for (const [outboxId, t] of tracked.current) {
        const item = items.get(outboxId);
        if (!item) {
          tracked.current.delete(outboxId); // confirmed by the service
        } else if (item.status === 'failed') {
          tracked.current.delete(outboxId);
          t.rollback();
          const reason = (item.lastError ?? 'the service refused it').replace(/[.\s]+$/, '');
          toast({ tone: 'error', message: `${t.what} did not go through: ${reason}. It was put back.` });
          // The refused operation is dropped so main's copy shows the post where it really is.
          await call('discardOutbox', { id: outboxId }).catch(() => undefined);
          void client.invalidateQueries({ queryKey: ALL_POSTS });
        }
      }
    } catch {
      // Main is busy or restarting; the next event or poll checks again.
    } finally {
      checking.current = false;
    }
  }, [client, toast]);

  useEffect(() => {
    const offOutbox = onEvent('outboxChanged', () => void checkOutbox());
    const offSync = onEvent('syncStatus', () => void checkOutbox());
    const timer = setInterval(() => void checkOutbox(), POLL_MS);
    return () => {
      offOutbox();
      offSync();
      clearInterval(timer);
    };
  }, [checkOutbox]);

  /** Moves posts on screen now and queues each reschedule; returns whether all were queued. */
  const queueMoves = useCallback(
    async (moves: readonly PostMove[]): Promise<boolean> => {
      await client.cancelQueries({ queryKey: ALL_POSTS });
      applyMovesToCache(client, brandId, moves);
      const results = await Promise.all(
        moves.map(async (move) => {
          const rollback = () => applyMovesToCache(client, brandId, reverseMoves([move]));
          try {
            const { outboxId } = await call('reschedulePost', { id: move.id, date: move.to });
            tracked.current.set(outboxId, { what: `Moving “${move.title || 'the post'}”`, rollback });
            return true;
          } catch (error) {
            rollback();
            toast({
              tone: 'error',
              message: `Could not move “${move.title || 'the post'}”: ${reasonOf(error)}`,
            });
            return false;
          }
        }),
      );
      return results.every(Boolean);
    },
    [client, brandId, toast],
  );

  const undo = useCallback(async () => {
    const last = undoStack.current.pop();
    if (!last) {
      toast({ tone: 'info', message: 'Nothing to undo.' });
      return;
    }
    if (await queueMoves(reverseMoves(last))) {
      toast({ tone: 'info', message: `Undone: back to ${formatDateTime(last[0]!.from, zone)}` });
    }
  }, [queueMoves, toast, zone]);

  const move = useCallback(
    async (moves: readonly PostMove[], note?: string) => {
      if (moves.length === 0) return;
      if (!(await queueMoves(moves))) return;
      undoStack.current = [...undoStack.current.slice(-(UNDO_DEPTH - 1)), [...moves]];
      toast({
        tone: 'success',
        message: note ? `${describeMoves(moves, zone)}. ${note}` : describeMoves(moves, zone),
        action: { label: 'Undo', run: () => void undo() },
      });
    },
    [queueMoves, toast, undo, zone],
  );

  const deleteGroup = useCallback(
    async (group: string, what: string) => {
      await client.cancelQueries({ queryKey: ALL_POSTS });
      const removed = removeGroupFromCache(client, brandId, group);
      const rollback = () => restorePostsToCache(client, brandId, removed);
      try {
        const { outboxId } = await call('deleteGroup', { group });
        tracked.current.set(outboxId, { what: `Deleting ${what}`, rollback });
        toast({ tone: 'success', message: `Deleted ${what}.` });
      } catch (error) {
        rollback();
        toast({ tone: 'error', message: `Could not delete ${what}: ${reasonOf(error)}` });
      }
    },
    [client, brandId, toast],
  );

  return useMemo(() => ({ move, undo, deleteGroup }), [move, undo, deleteGroup]);
}

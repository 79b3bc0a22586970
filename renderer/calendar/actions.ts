import { useCallback, useMemo } from 'react';
import { AppError } from '../ipc/ipc.js';
import { formatDateTime } from './format.js';
import type { MoveOrigin, PostMove } from './moves.js';
import { useDeleteGroup, useMovePosts } from './queries.js';
import { useNotices } from '../ui/notice-store.js';
import { useUndoChange } from '../bulk/queries.js';

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
 * Move, undo and delete: each shown at once, queued in main's outbox, and main's answer shown. A
 * move (one post, or a whole group) is one change in main, so its Undo, Ctrl/Cmd+Z on any screen
 * and the bulk bar's all take back main's batch; the window keeps no moves of its own to reverse.
 */
export function useCalendarActions(brandId: string | null, zone: string) {
  const toast = useNotices((s) => s.show);
  const { mutateAsync: moveAsync } = useMovePosts(brandId);
  const { mutateAsync: removeAsync } = useDeleteGroup(brandId);
  const undoChange = useUndoChange(brandId);

  /** Takes back main's last change: the last move, wherever it was made. */
  const undo = useCallback(() => undoChange(), [undoChange]);

  const move = useCallback(
    async (moves: readonly PostMove[], note?: string, how?: MoveOrigin) => {
      if (moves.length === 0) return;
      let batchId: string;
      try {
        batchId = (await moveAsync({ moves, how })).batchId;
      } catch (error) {
        const what = moves.length === 1 ? `“${moves[0]!.title || 'the post'}”` : `the ${moves.length} posts`;
        toast({ tone: 'error', message: `Could not move ${what}: ${reasonOf(error)}` });
        return;
      }
      toast({
        tone: 'success',
        message: note ? `${describeMoves(moves, zone)}. ${note}` : describeMoves(moves, zone),
        action: { label: 'Undo', run: () => void undoChange(batchId) },
        about: moves.map((m) => m.id),
      });
    },
    [moveAsync, toast, undoChange, zone],
  );

  const deleteGroup = useCallback(
    async (group: string, what: string) => {
      try {
        await removeAsync(group);
        toast({ tone: 'success', message: `Deleted ${what}.` });
      } catch (error) {
        toast({ tone: 'error', message: `Could not delete ${what}: ${reasonOf(error)}` });
      }
    },
    [removeAsync, toast],
  );

  return useMemo(() => ({ move, undo, deleteGroup }), [move, undo, deleteGroup]);
}

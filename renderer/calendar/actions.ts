import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import type { CalendarPost, PostsNow, WriteResult } from '../../shared/ipc/models.js';
import { AppError, call } from '../ipc/ipc.js';
import { formatDateTime } from './format.js';
import { reverseMoves, type PostMove } from './moves.js';
import { ALL_POSTS, applyPostsNow, applyWritten, knownPosts } from '../ipc/posts-in-cache.js';
import { movedPosts, postsAsShown } from './queries.js';
import { useNotices } from '../ui/notice-store.js';

const UNDO_DEPTH = 20;

/** The brand posts belong to, as a write names it; nothing when the posts do not say. */
function brandOfPosts(posts: readonly CalendarPost[]): { brand?: { profileId: string; brandId: string } } {
  const p = posts[0];
  return p?.profileId && p.brandId ? { brand: { profileId: p.profileId, brandId: p.brandId } } : {};
}

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
 * One optimistic write in TanStack Query's own shape: `onMutate` saves how the posts show and
 * writes the guess, `onError` puts the saved posts back, and main's answer (the posts as it now
 * shows them) replaces the guess. A refusal that comes later, from the service, arrives from main
 * as a change event and an `outboxFailed` notice, whichever screen is open.
 */
function useCalendarWrite<V>(
  brandId: string | null,
  write: (vars: V) => Promise<WriteResult>,
  guess: (vars: V) => PostsNow,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onMutate: async (vars: V) => {
      await client.cancelQueries({ queryKey: ALL_POSTS });
      const next = guess(vars);
      const ids = [...next.hidden, ...next.posts.map((p) => p.id)];
      const saved = postsAsShown(client, brandId, ids);
      applyPostsNow(client, brandId, next);
      return { saved };
    },
    onError: (_error, _vars, context) => {
      if (context) applyPostsNow(client, brandId, context.saved);
    },
    onSuccess: (result) => applyWritten(client, brandId, result),
  });
}

/** Reschedule, undo and delete: each shown at once, queued in main's outbox, and main's answer shown. */
export function useCalendarActions(brandId: string | null, zone: string) {
  const client = useQueryClient();
  const toast = useNotices((s) => s.show);
  const undoStack = useRef<PostMove[][]>([]);

  // Each write names its post's own brand (the all-brands view mixes them), so main sends it with
  // that connection's key and that brand's x-brand-id.
  const reschedule = useCalendarWrite(
    brandId,
    (move: PostMove) =>
      call('reschedulePost', {
        id: move.id,
        date: move.to,
        ...brandOfPosts(knownPosts(client, brandId).filter((p) => p.id === move.id)),
      }),
    (move) => movedPosts(client, brandId, [move]),
  );
  const remove = useCalendarWrite(
    brandId,
    (group: string) =>
      call('deleteGroup', {
        group,
        ...brandOfPosts(knownPosts(client, brandId).filter((p) => p.group === group)),
      }),
    (group) => ({
      posts: [],
      hidden: knownPosts(client, brandId)
        .filter((p) => p.group === group)
        .map((p) => p.id),
    }),
  );
  const { mutateAsync: rescheduleAsync } = reschedule;
  const { mutateAsync: removeAsync } = remove;

  /** Queues each move (one call each); returns whether all were queued. */
  const queueMoves = useCallback(
    async (moves: readonly PostMove[]): Promise<boolean> => {
      const results = await Promise.all(
        moves.map((move) =>
          rescheduleAsync(move).then(
            () => true,
            (error: unknown) => {
              toast({
                tone: 'error',
                message: `Could not move “${move.title || 'the post'}”: ${reasonOf(error)}`,
              });
              return false;
            },
          ),
        ),
      );
      return results.every(Boolean);
    },
    [rescheduleAsync, toast],
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
        about: moves.map((m) => m.id),
      });
    },
    [queueMoves, toast, undo, zone],
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

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { create } from 'zustand';
import { applyInputOf, BULK_DELETE_GRACE_SECONDS, type BulkPlan } from '../../shared/bulk/plan.js';
import { formatDateTime } from '../calendar/format.js';
import { useNotices } from '../ui/notice-store.js';
import { AppError, call } from '../ipc/ipc.js';
import type { PostsWritten } from '../../shared/ipc/models.js';
import { applyWritten } from '../ipc/posts-in-cache.js';

/*
 * Applying a shown plan: ONE call to main, which queues every change in one outbox transaction and
 * answers the posts as they show now; the outbox then sends them in the background, and main's
 * change events keep the calendar and the outbox counts current. Undo is one call too.
 */

const reasonOf = (e: unknown) =>
  e instanceof AppError || e instanceof Error ? e.message : 'Something went wrong.';
const posts = (n: number) => (n === 1 ? '1 post' : `${n} posts`);

/** What undo can do for deletes, said wherever a delete is planned or done. */
export const DELETE_UNDO_NOTE = `Deletes wait ${BULK_DELETE_GRACE_SECONDS} seconds before they are sent, so Undo can bring the posts back; once sent they are gone for good.`;

/** The last bulk change applied in this window, while it can still be undone in one step. */
export const useLastBatch = create<{ batch: { id: string; label: string } | null }>(() => ({ batch: null }));

export function useBulkApply(brandId: string | null, zone: string) {
  const client = useQueryClient();
  const toast = useNotices((s) => s.show);

  const show = useCallback(
    (result: PostsWritten) => applyWritten(client, brandId, result),
    [client, brandId],
  );

  const undo = useCallback(
    async (batchId: string) => {
      try {
        const result = await call('undoBulkChange', { batchId });
        if (useLastBatch.getState().batch?.id === batchId) useLastBatch.setState({ batch: null });
        show(result);
        const not = result.notRestored.length;
        toast({
          tone: not > 0 ? 'error' : 'info',
          message:
            `Undone: ${posts(result.restored)} back as they were.` +
            (not > 0 ? ` Not restored (${not}): ${result.notRestored[0]!.reason}` : ''),
        });
      } catch (e) {
        toast({ tone: 'error', message: `Could not undo: ${reasonOf(e)}` });
      }
    },
    [show, toast],
  );

  const apply = useCallback(
    async (plan: BulkPlan): Promise<boolean> => {
      // Each change names its post's brand: a selection of the all-brands view spans brands.
      const input = applyInputOf(plan.changes);
      const moves = input.moves;
      try {
        const result = await call('applyBulkChange', input);
        show(result);
        const first = plan.changes[0];
        const what =
          plan.action.kind === 'delete'
            ? `Deleting ${posts(plan.changes.length)}. ${DELETE_UNDO_NOTE}`
            : `Moved ${posts(moves.length)}${moves.length === 1 && first?.to ? ` to ${formatDateTime(first.to, zone)}` : ''}.`;
        const refused =
          result.refused.length > 0
            ? ` Not changed (${result.refused.length}): ${result.refused[0]!.reason}`
            : '';
        toast({
          tone: result.refused.length > 0 ? 'error' : 'success',
          message: what + refused,
          action: { label: 'Undo', run: () => void undo(result.batchId) },
        });
        useLastBatch.setState({ batch: { id: result.batchId, label: what.split('.')[0]! } });
        return true;
      } catch (e) {
        toast({ tone: 'error', message: `Nothing was changed: ${reasonOf(e)}` });
        return false;
      }
    },
    [show, toast, undo, zone],
  );

  return { apply, undo };
}

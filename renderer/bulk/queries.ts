import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { create } from 'zustand';
import { applyInputOf, BULK_DELETE_GRACE_SECONDS, refusalOf, type BulkPlan } from '../../shared/bulk/plan.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { formatDateTime } from '../calendar/format.js';
import { useNotices } from '../ui/notice-store.js';
import { AppError, call } from '../ipc/ipc.js';
import { applyWritten } from '../ipc/posts-in-cache.js';

/*
 * The bulk feature's calls to main. A change (a bulk plan, a calendar drag, a grid swap) is ONE
 * call, which queues every part in one outbox transaction as one batch, all or nothing, and
 * answers the posts as they show now; the outbox then sends them in the background, and main's
 * change events keep the calendar and the outbox counts current. Undo is one call too: of a named
 * batch (a notice's Undo, the bar's), or of main's last change (Ctrl/Cmd+Z on any screen).
 */

const reasonOf = (e: unknown) =>
  e instanceof AppError || e instanceof Error ? e.message : 'Something went wrong.';
const posts = (n: number) => (n === 1 ? '1 post' : `${n} posts`);

/** What undo can do for deletes, said wherever a delete is planned or done. */
export const DELETE_UNDO_NOTE = `Deletes wait ${BULK_DELETE_GRACE_SECONDS} seconds before they are sent, so Undo can bring the posts back; once sent they are gone for good.`;

/** The last bulk change applied in this window, while it can still be undone in one step. */
export const useLastBatch = create<{ batch: { id: string; label: string } | null }>(() => ({ batch: null }));

/**
 * Undo, through main: `undo(batchId)` takes back that change, `undo()` main's last change still
 * to undo (the one Ctrl/Cmd+Z takes back on every screen). Either way the answer shows the posts
 * as they are again, and the notice says how many came back and why any did not.
 */
export function useUndoChange(brandId: string | null) {
  const client = useQueryClient();
  const toast = useNotices((s) => s.show);
  return useCallback(
    async (batchId?: string) => {
      try {
        const result = await call('undoBulkChange', batchId ? { batchId } : {});
        applyWritten(client, brandId, result);
        if (result.batchId === null) {
          toast({ tone: 'info', message: 'Nothing to undo.' });
          return;
        }
        if (useLastBatch.getState().batch?.id === result.batchId) useLastBatch.setState({ batch: null });
        // The free slots main proposes (the grid) depend on the posts.
        void client.invalidateQueries({ queryKey: ['previewQueue'] });
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
    [client, brandId, toast],
  );
}

export function useBulkApply(brandId: string | null, zone: string) {
  const client = useQueryClient();
  const toast = useNotices((s) => s.show);
  const undo = useUndoChange(brandId);

  const apply = useCallback(
    async (plan: BulkPlan): Promise<boolean> => {
      // Each change names its post's brand: a selection of the all-brands view spans brands.
      const input = applyInputOf(plan.changes);
      const moves = input.moves;
      try {
        const result = await call('applyBulkChange', input);
        applyWritten(client, brandId, result);
        if (result.refused.length > 0) {
          // All or nothing: main queued none of it, so there is nothing to undo either.
          const titles = new Map(plan.changes.map((c) => [c.id, c.title]));
          toast({
            tone: 'error',
            message: `Nothing was changed: ${refusalOf(result.refused, (id) => titles.get(id))}`,
          });
          return false;
        }
        const first = plan.changes[0];
        const what =
          plan.action.kind === 'delete'
            ? `Deleting ${posts(plan.changes.length)}. ${DELETE_UNDO_NOTE}`
            : `Moved ${posts(moves.length)}${moves.length === 1 && first?.to ? ` to ${formatDateTime(first.to, zone)}` : ''}.`;
        toast({
          tone: 'success',
          message: what,
          action: { label: 'Undo', run: () => void undo(result.batchId) },
        });
        useLastBatch.setState({ batch: { id: result.batchId, label: what.split('.')[0]! } });
        return true;
      } catch (e) {
        toast({ tone: 'error', message: `Nothing was changed: ${reasonOf(e)}` });
        return false;
      }
    },
    [client, brandId, toast, undo, zone],
  );

  return { apply, undo };
}

/** What a bulk plan reads from main: the posts around the selection, the clash gaps, the queue slots. */
export async function readPlanInputs(args: {
  range: { start: string; end: string };
  brands: readonly (readonly [string, BrandRef])[];
  slotsOf: readonly { integrationId: string; brand?: BrandRef }[];
}) {
  return Promise.all([
    call('listPosts', args.range),
    call('getClashSettings', {}),
    Promise.all(
      args.brands.map(
        async ([key, brand]) => [key, (await call('getClashSettings', { brand })).gapMinutes] as const,
      ),
    ),
    Promise.all(
      args.slotsOf.map(({ integrationId, brand }) =>
        call('getQueueSlots', { integrationId, ...(brand ? { brand } : {}) }),
      ),
    ),
  ]);
}

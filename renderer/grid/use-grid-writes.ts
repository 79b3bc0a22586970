import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { BulkApplyInput } from '../../shared/bulk/plan.js';
import { errorMessage } from '../ui/feedback.js';
import { useNotices } from '../ui/notice-store.js';
import { useBulkApply, useLastBatch } from '../bulk/use-bulk-apply.js';
import { formatDateTime } from '../calendar/format.js';
import { call } from '../ipc/ipc.js';
import { applyWritten } from '../ipc/posts-in-cache.js';

/*
 * The grid's writes, through the one door in main: a swap is ONE bulk change (both reschedules in
 * one outbox transaction, one batch), so one undo (the notice's, Ctrl/Cmd+Z on the grid, or the
 * calendar's) puts both posts back; a placed draft goes out through the composer's own send path.
 */

const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

export function useGridWrites(brandId: string | null, zone: string) {
  const client = useQueryClient();
  const toast = useNotices((s) => s.show);
  const { undo } = useBulkApply(brandId, zone);
  // The free slots main proposes depend on the posts: ask again after any write.
  const slotsChanged = useCallback(
    () => void client.invalidateQueries({ queryKey: ['previewQueue'] }),
    [client],
  );

  const swap = useCallback(
    async (moves: BulkApplyInput['moves'], titles: ReadonlyMap<string, string>): Promise<boolean> => {
      try {
        const result = await call('applyBulkChange', { moves, deleteGroups: [] });
        applyWritten(client, brandId, result);
        slotsChanged();
        if (result.refused.length > 0) {
          // Half a swap would leave two posts at one time: take the part that went through back.
          if (result.queued > 0)
            applyWritten(client, brandId, await call('undoBulkChange', { batchId: result.batchId }));
          toast({ tone: 'error', message: `Nothing was swapped: ${result.refused[0]!.reason}` });
          return false;
        }
        const said = moves
          .map((m) => `${quoted(titles.get(m.id) ?? 'The post')} now at ${formatDateTime(m.to, zone)}`)
          .join('; ');
        const label = moves.length === 2 ? 'Swapped 2 posts' : 'Moved 1 post';
        useLastBatch.setState({ batch: { id: result.batchId, label } });
        toast({
          tone: 'success',
          message: `${label}: ${said}.`,
          about: moves.map((m) => m.id),
          action: { label: 'Undo', run: () => void undo(result.batchId).then(slotsChanged) },
        });
        return true;
      } catch (e) {
        toast({ tone: 'error', message: `Nothing was swapped: ${errorMessage(e)}` });
        return false;
      }
    },
    [client, brandId, zone, toast, undo, slotsChanged],
  );

  /** Takes the last swap back, if it is still the last bulk change of this window. */
  const undoLast = useCallback(async () => {
    const batch = useLastBatch.getState().batch;
    if (!batch) {
      toast({ tone: 'info', message: 'There is no swap to undo.' });
      return;
    }
    await undo(batch.id);
    slotsChanged();
  }, [toast, undo, slotsChanged]);

  const placeDraft = useCallback(
    async (draftId: string, title: string, at: number): Promise<boolean> => {
      const date = new Date(at).toISOString();
      try {
        const result = await call('sendDraft', { draftId, type: 'schedule', date });
        applyWritten(client, brandId, result);
        slotsChanged();
        toast({
          tone: 'success',
          message: `Scheduled ${quoted(title)} for ${formatDateTime(date, zone)}.`,
        });
        return true;
      } catch (e) {
        toast({ tone: 'error', message: `The draft was not scheduled: ${errorMessage(e)}` });
        return false;
      }
    },
    [client, brandId, zone, toast, slotsChanged],
  );

  return { swap, undoLast, placeDraft };
}

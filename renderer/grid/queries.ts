import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refusalOf, type BulkApplyInput } from '../../shared/bulk/plan.js';
import { errorMessage } from '../ui/feedback.js';
import { useNotices } from '../ui/notice-store.js';
import { useLastBatch, useUndoChange } from '../bulk/queries.js';
import { formatDateTime } from '../calendar/format.js';
import { postsKey } from '../calendar/queries.js';
import { call } from '../ipc/ipc.js';
import { applyWritten, type InstantRange } from '../ipc/posts-in-cache.js';

/*
 * The grid's calls to main, through the one door there: a swap is ONE change (both reschedules in
 * one outbox transaction, one batch, all or nothing: if main refuses one post's move, neither
 * moves), so one undo (the notice's, Ctrl/Cmd+Z on any screen, or the one above the calendar) puts
 * both posts back; a placed draft goes out through the composer's own send path.
 */

const quoted = (text: string) => `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”`;

/** The posts the grid lays out: the brand's, in the range it reads (the calendar's cache key). */
export function useGridPosts(brandId: string | null, range: InstantRange, enabled: boolean) {
  return useQuery({
    queryKey: postsKey(brandId, range),
    queryFn: () => call('listPosts', range),
    enabled,
  });
}

export function useGridWrites(brandId: string | null, zone: string) {
  const client = useQueryClient();
  const toast = useNotices((s) => s.show);
  const undo = useUndoChange(brandId);
  // The free slots main proposes depend on the posts: ask again after any write.
  const slotsChanged = useCallback(
    () => void client.invalidateQueries({ queryKey: ['previewQueue'] }),
    [client],
  );

  const swap = useCallback(
    async (moves: BulkApplyInput['moves'], titles: ReadonlyMap<string, string>): Promise<boolean> => {
      try {
        const result = await call('applyBulkChange', { moves, deleteGroups: [], origin: 'grid' });
        applyWritten(client, brandId, result);
        slotsChanged();
        if (result.refused.length > 0) {
          // Main moved neither post: half a swap would leave two posts at one time.
          toast({
            tone: 'error',
            message: `Nothing was swapped: ${refusalOf(result.refused, (id) => titles.get(id))}`,
          });
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
          action: { label: 'Undo', run: () => void undo(result.batchId) },
        });
        return true;
      } catch (e) {
        toast({ tone: 'error', message: `Nothing was swapped: ${errorMessage(e)}` });
        return false;
      }
    },
    [client, brandId, zone, toast, undo, slotsChanged],
  );

  /** Takes main's last change back (Ctrl/Cmd+Z): the last swap, or whatever change came after it. */
  const undoLast = useCallback(() => undo(), [undo]);

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

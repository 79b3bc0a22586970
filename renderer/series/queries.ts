import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { PostsWritten } from '../../shared/posts/ipc.js';
import { call, onEvent, type AppError } from '../ipc/ipc.js';
import { applyWritten, shownBrandId } from '../ipc/posts-in-cache.js';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';

/*
 * Recurring series as hooks: main keeps them and makes their posts; these read them, ask for
 * changes (whose posts come back in the answer and are applied), and read again when posts arrive.
 */

type SeriesWrite = 'createSeries' | 'editSeries' | 'skipSeriesDate' | 'deleteSeries';

/** One listener for however many screens read the series. */
let readers = 0;
let stopListening: (() => void) | null = null;

/** The brand's series with their dates; read again when new posts arrive or a date's post is confirmed. */
export function useSeriesList() {
  const client = useQueryClient();
  const query = useIpcQuery('listSeries', {}, { staleTime: 30_000 });
  useEffect(() => {
    readers += 1;
    // A move or an edit of posts already shown changes no series: it costs no call (one drag
    // stays one call). A pull, a new local post, or a date still waiting for its post does.
    // A brand without a series never reads again on its own: its first series comes from
    // createSeries, whose answer reads the list.
    stopListening ??= onEvent('postsChanged', (change) => {
      const known = client.getQueryData<IpcOutput<'listSeries'>>(ipcKey('listSeries', {}));
      if (!known || known.series.length === 0) return;
      const waiting = known.series.some((s) =>
        s.occurrences.some((o) => o.state === 'made' && o.postIds.length === 0),
      );
      const created = change.update?.posts.some((p) => p.localOnly) ?? false;
      if (change.update === null || waiting || created)
        void client.invalidateQueries({ queryKey: ['listSeries'] });
    });
    return () => {
      readers -= 1;
      if (readers === 0) {
        stopListening?.();
        stopListening = null;
      }
    };
  }, [client]);
  return query;
}

/** A series write: the posts it made or took off are applied, and the series read again. */
export function useSeriesWrite<K extends SeriesWrite>(name: K) {
  const client = useQueryClient();
  return useMutation<IpcOutput<K>, AppError, IpcInput<K>>({
    mutationFn: (input) => call(name, input),
    onSuccess: (written) => {
      applyWritten(client, shownBrandId(client), written as PostsWritten);
      void client.invalidateQueries({ queryKey: ['listSeries'] });
    },
  });
}

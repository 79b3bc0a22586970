import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { repeatLabel, type RepeatView } from '../../shared/evergreen/model.js';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { onEvent } from '../ipc/ipc.js';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';
import './evergreen.css';

/*
 * The mark a repeat of an evergreen post carries in the calendar ("↻ 3/10").
 * A chip places <RepeatMark post={post} />; it renders nothing for other posts.
 */

/** Repeats by the ids the calendar knows a post by: the service's id, or the outbox's local one. */
function indexRepeats(repeats: readonly RepeatView[]): Map<string, RepeatView> {
  const byId = new Map<string, RepeatView>();
  for (const r of repeats) {
    if (r.postId) byId.set(r.postId, r);
    // A repeat is one account's create: the calendar shows it as `local:<outbox id>:0` until confirmed.
    if (r.outboxId) byId.set(`local:${r.outboxId}:0`, r);
  }
  return byId;
}

/** One listener for however many chips are mounted (a month can hold hundreds). */
let mounted = 0;
let stopListening: (() => void) | null = null;

/** Every repeat made, read once and shared by every chip; read again when posts change. */
export function useRepeats(): Map<string, RepeatView> {
  const client = useQueryClient();
  const query = useIpcQuery('listRepeats', {}, { staleTime: 30_000 });
  useEffect(() => {
    mounted += 1;
    // Repeats change when posts arrive (a pull: no `update`; an evergreen run: new local posts)
    // or when a repeat still waiting in the outbox is confirmed. A move or edit of posts already shown changes
    // none, so it costs no IPC call (one drag stays one call: e2e/calendar-calls.spec.ts).
    stopListening ??= onEvent('postsChanged', (change) => {
      const known = client.getQueryData<RepeatView[]>(ipcKey('listRepeats', {}));
      const waiting = known?.some((r) => r.postId === null && r.outboxId !== null) ?? true;
      const created = change.update?.posts.some((p) => p.localOnly) ?? false;
      if (change.update === null || waiting || created)
        void client.invalidateQueries({ queryKey: ['listRepeats'] });
    });
    return () => {
      mounted -= 1;
      if (mounted === 0) {
        stopListening?.();
        stopListening = null;
      }
    };
  }, [client]);
  return useMemo(() => indexRepeats(query.data ?? []), [query.data]);
}

export function repeatOf(repeats: ReadonlyMap<string, RepeatView>, post: Pick<CalendarPost, 'id'>) {
  return repeats.get(post.id) ?? null;
}

/*
 * The repeats are read once per screen (RepeatsProvider around the calendar) and each chip only
 * looks its post up: a month of 10,000 chips holds no query observer per chip. Where no provider
 * is mounted (the benchmark page), no post is a repeat.
 */
const RepeatsContext = createContext<ReadonlyMap<string, RepeatView>>(new Map());

export function RepeatsProvider({ children }: { children: ReactNode }) {
  return <RepeatsContext.Provider value={useRepeats()}>{children}</RepeatsContext.Provider>;
}

export function RepeatMark({ post }: { post: Pick<CalendarPost, 'id'> }) {
  const repeat = repeatOf(useContext(RepeatsContext), post);
  if (!repeat) return null;
  const label = repeatLabel(repeat);
  return (
    <span
      className="repeat-mark glyph"
      role="img"
      data-glyph={`↻ ${repeat.of === null ? repeat.repeat : `${repeat.repeat}/${repeat.of}`}`}
      title={`Evergreen ${label}`}
      aria-label={`Evergreen ${label}`}
    />
  );
}

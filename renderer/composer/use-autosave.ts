import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../ui/feedback.js';
import type { WorkingDraft } from './draft-model.js';
import { rememberOpenDraft } from './open-draft.js';
import { saveDraft } from './queries.js';

export type SaveState = {
  status: 'idle' | 'saving' | 'saved' | 'error';
  savedAt: Date | null;
  error: string | null;
};

const DEBOUNCE_MS = 400;

/**
 * Saves the draft locally as the user types (debounced, one save at a time, the latest always
 * last), and remembers it as the open one so a closed or crashed window comes back to it.
 * `enabled` stays false until the user changes something, so merely opening saves nothing.
 */
export function useAutosave(draft: WorkingDraft, enabled: boolean) {
  const [state, setState] = useState<SaveState>({ status: 'idle', savedAt: null, error: null });
  const latest = useRef(draft);
  const running = useRef<Promise<void> | null>(null);
  const dirty = useRef(false);
  const stopped = useRef(false);

  const saveLoop = useCallback((): Promise<void> => {
    if (running.current) return running.current;
    const run = async () => {
      while (dirty.current && !stopped.current) {
        dirty.current = false;
        setState((s) => ({ ...s, status: 'saving' }));
        try {
          await saveDraft(latest.current);
          if (!stopped.current) rememberOpenDraft(latest.current.id);
          setState({ status: 'saved', savedAt: new Date(), error: null });
        } catch (e) {
          setState((s) => ({ ...s, status: 'error', error: errorMessage(e) }));
          return;
        }
      }
    };
    running.current = run().finally(() => {
      running.current = null;
    });
    return running.current;
  }, []);

  const on = useRef(enabled);
  useEffect(() => {
    latest.current = draft;
    on.current = enabled;
  }, [draft, enabled]);

  useEffect(() => {
    if (!enabled || stopped.current) return;
    dirty.current = true;
    // A change not saved yet is said at once: "Saved" must never stay on screen over newer typing
    // (a window closed on its word would lose that typing).
    setState((s) => (s.status === 'saving' ? s : { ...s, status: 'saving' }));
    const timer = window.setTimeout(() => void saveLoop(), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, enabled, saveLoop]);

  /** Saves now what is typed (if anything was), waiting for any save under way. */
  const flush = useCallback(async () => {
    if (running.current) await running.current;
    if (!on.current || stopped.current) return;
    dirty.current = true;
    await saveLoop();
  }, [saveLoop]);

  /** No more saves: the draft was sent or discarded. */
  const stop = useCallback(() => {
    stopped.current = true;
  }, []);

  return { state, flush, stop };
}

import { lazy, Suspense, useEffect } from 'react';
import { Loading } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { readOpenDraft } from './open-draft.js';
import './composer.css';

// The composer's code (forms, counters, twitter-text) loads the first time it opens.
const Composer = lazy(() => import('./Composer.js').then((m) => ({ default: m.Composer })));

/** Mounts the composer when asked, opens it on Ctrl/Cmd+N, and brings back a draft left open. */
export function ComposerHost() {
  const request = useUi((s) => s.composer);
  const isOpen = request !== null;

  // Closing gives the keyboard focus back to what opened the composer ("New post", a calendar post).
  useEffect(() => {
    if (!isOpen) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [isOpen]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'n') {
        e.preventDefault();
        if (!useUi.getState().composer) useUi.getState().openComposer();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A window closed (or crashed) with the composer open reopens on that draft.
  useEffect(() => {
    const draftId = readOpenDraft();
    if (draftId && !useUi.getState().composer) useUi.getState().openComposer({ draftId });
  }, []);

  if (!request) return null;
  return (
    <Suspense
      fallback={
        <div className="composer-backdrop">
          <Loading label="Opening the composer…" />
        </div>
      }
    >
      <Composer request={request} />
    </Suspense>
  );
}

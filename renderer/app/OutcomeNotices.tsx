import { useCallback, useEffect } from 'react';
import { normalizePostState } from '../../shared/api/resources.js';
import { useIpcEvent } from '../lib/use-ipc.js';
import { useOutcomeNotices, type OutcomeNotice } from './outcome-notices.js';

/** How long a success stays; a failure stays until dismissed, since it needs the user. */
const PUBLISHED_VISIBLE_MS = 10_000;

/** Tells the user when a scheduled post went out, or failed and why, wherever they are in the app. */
export function OutcomeNotices() {
  const notices = useOutcomeNotices((s) => s.notices);
  const add = useOutcomeNotices((s) => s.add);
  useIpcEvent(
    'postOutcome',
    useCallback((outcome) => add(outcome), [add]),
  );

  return (
    <section className="notices" aria-label="Notifications" role="status">
      {notices.map((notice) => (
        <Notice key={notice.key} notice={notice} />
      ))}
    </section>
  );
}

function Notice({ notice }: { notice: OutcomeNotice }) {
  const dismiss = useOutcomeNotices((s) => s.dismiss);
  const failed = normalizePostState(notice.state) === 'error';
  const excerpt = notice.content.length > 80 ? `${notice.content.slice(0, 80)}…` : notice.content;

  useEffect(() => {
    if (failed) return;
    const timer = setTimeout(() => dismiss(notice.key), PUBLISHED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [failed, dismiss, notice.key]);

  return (
    <div className={failed ? 'notice-card notice-card-failed' : 'notice-card'}>
      <p className="notice-title">{failed ? 'A post could not be published' : 'Published'}</p>
      <p className="notice-text">“{excerpt || 'A post without text'}”</p>
      {failed && notice.error ? <p className="notice-text">{notice.error}</p> : null}
      {failed ? (
        <p className="notice-text">Open it in the calendar to fix it and schedule it again.</p>
      ) : null}
      <button type="button" className="button button-small" onClick={() => dismiss(notice.key)}>
        Dismiss
      </button>
    </div>
  );
}

import { useCallback } from 'react';
import { normalizePostState } from '../../shared/api/resources.js';
import type { IpcEventPayload } from '../../shared/ipc/contract.js';
import { NOT_APPROVED_OUTCOME } from '../../shared/review/model.js';
import { useIpcEvent } from '../ipc/use-ipc.js';
import { useNotices, type NewNotice } from '../ui/notice-store.js';

/** The app's notices, over every screen; errors are announced assertively. */
export function Notices() {
  const notices = useNotices((s) => s.notices);
  const dismiss = useNotices((s) => s.dismiss);
  const show = useNotices((s) => s.show);
  useIpcEvent(
    'postOutcome',
    useCallback((outcome) => void show(outcomeNotice(outcome)), [show]),
  );
  return (
    <section className="notices" aria-label="Notifications" role="status">
      {notices.map((n) => (
        <div
          key={n.id}
          className={`notice-card notice-card--${n.tone}`}
          role={n.tone === 'error' ? 'alert' : undefined}
        >
          {n.title ? <p className="notice-card__title">{n.title}</p> : null}
          <p className="notice-card__message">{n.message}</p>
          {n.details?.map((line) => (
            <p key={line} className="notice-card__detail">
              {line}
            </p>
          ))}
          <div className="notice-card__actions">
            {n.action ? (
              <button
                type="button"
                className="button button-small"
                onClick={() => {
                  n.action?.run();
                  dismiss(n.id);
                }}
              >
                {n.action.label}
              </button>
            ) : null}
            <button type="button" className="button button-small button-quiet" onClick={() => dismiss(n.id)}>
              Dismiss
            </button>
          </div>
        </div>
      ))}
    </section>
  );
}

/** A post the user scheduled went out, or failed with the platform's reason. */
function outcomeNotice(outcome: IpcEventPayload<'postOutcome'>): NewNotice {
  const failed = normalizePostState(outcome.state) === 'error';
  const excerpt = outcome.content.length > 80 ? `${outcome.content.slice(0, 80)}…` : outcome.content;
  const quoted = `“${excerpt || 'A post without text'}”`;
  if (outcome.state === NOT_APPROVED_OUTCOME)
    return {
      tone: 'error',
      title: 'Not sent: not approved in time',
      message: quoted,
      details: [...(outcome.error ? [outcome.error] : [])],
    };
  if (!failed) return { tone: 'success', title: 'Published', message: quoted };
  return {
    tone: 'error',
    title: 'A post could not be published',
    message: quoted,
    details: [
      ...(outcome.error ? [outcome.error] : []),
      'Open it in the calendar to fix it and schedule it again.',
    ],
  };
}

import { useState } from 'react';
import { fieldToInstant, instantToField, scheduleProblem } from './schedule-time.js';

export type SendKind = 'schedule' | 'now' | 'server-draft' | 'queue';

/** Where "Add to queue" would put the post, shown before sending; null while nothing is chosen. */
export interface QueuePreview {
  /** One line per account: its name and the time of its next free slot. */
  lines: string[];
  /** Why the queue cannot be used now (no slots, no accounts), with what to do. */
  problem: string | null;
  /** True when the problem is a chosen account without posting slots: the Queue page fixes it. */
  noSlots: boolean;
  loading: boolean;
}

/** The time (in the brand's zone; remount it with the zone as key) and the three ways to send; the past is refused here, before main. */
export function SendBar({
  zone,
  date,
  busy,
  error,
  problemCount,
  isEdit,
  queue,
  onDate,
  onSend,
  onOpenQueue,
  onRepeat,
}: {
  zone: string;
  date: string | null;
  busy: SendKind | null;
  error: string | null;
  problemCount: number;
  isEdit: boolean;
  queue: QueuePreview | null;
  onDate(date: string | null): void;
  onSend(kind: SendKind, date: string | null): void;
  /** Keeps the post as a local draft and opens the Queue page. */
  onOpenQueue(): void;
  /** Opens "Repeat this post" (a recurring series); absent where a post cannot repeat. */
  onRepeat?: () => void;
}) {
  const [field, setField] = useState(() => (date ? instantToField(date, zone) : ''));
  const [dateError, setDateError] = useState<string | null>(null);

  const schedule = () => {
    const instant = fieldToInstant(field, zone);
    const problem = scheduleProblem(instant, new Date());
    setDateError(problem);
    if (!problem) onSend('schedule', instant);
  };

  return (
    <footer className="composer-footer">
      <div className="composer-when field">
        <label htmlFor="composer-date">Publish at ({zone})</label>
        <input
          id="composer-date"
          type="datetime-local"
          value={field}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? 'composer-date-error' : undefined}
          onChange={(e) => {
            setField(e.target.value);
            setDateError(null);
            onDate(fieldToInstant(e.target.value, zone));
          }}
        />
        {dateError ? (
          <p id="composer-date-error" className="field-error">
            {dateError}
          </p>
        ) : null}
      </div>
      <div className="composer-send">
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : problemCount > 0 ? (
          <p className="muted composer-problems">
            {problemCount === 1
              ? '1 problem to fix before sending'
              : `${problemCount} problems to fix before sending`}
          </p>
        ) : null}
        {queue && !isEdit ? (
          <p className="muted composer-queue" id="composer-queue-preview" aria-live="polite">
            {queue.loading
              ? 'Finding the next free slots…'
              : queue.problem
                ? queue.problem
                : `Add to queue: ${queue.lines.join('; ')}`}
            {queue.noSlots ? (
              <>
                {' '}
                <button type="button" className="button button-small button-quiet" onClick={onOpenQueue}>
                  Open the Queue
                </button>
              </>
            ) : null}
          </p>
        ) : null}
        <div className="composer-send-buttons">
          {queue && !isEdit ? (
            <button
              type="button"
              className="button"
              aria-describedby="composer-queue-preview"
              disabled={busy !== null || queue.loading || queue.problem !== null}
              onClick={() => onSend('queue', null)}
            >
              {busy === 'queue' ? 'Queueing…' : 'Add to queue'}
            </button>
          ) : null}
          {isEdit || !onRepeat ? null : (
            <button type="button" className="button" disabled={busy !== null} onClick={onRepeat}>
              Repeat…
            </button>
          )}
          {isEdit ? null : (
            <button
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => onSend('server-draft', null)}
            >
              {busy === 'server-draft' ? 'Saving…' : 'Save as server draft'}
            </button>
          )}
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            onClick={() => onSend('now', null)}
          >
            {busy === 'now' ? 'Posting…' : 'Post now'}
          </button>
          <button type="button" className="button button-primary" disabled={busy !== null} onClick={schedule}>
            {busy === 'schedule' ? 'Scheduling…' : isEdit ? 'Save changes' : 'Schedule'}
          </button>
        </div>
      </div>
    </footer>
  );
}

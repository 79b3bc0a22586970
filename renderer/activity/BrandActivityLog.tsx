import { useDeferredValue, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_RETENTION_DAYS } from '../../shared/activity/model.js';
import { EmptyState, ErrorState, errorMessage, Loading } from '../ui/feedback.js';
import { ActivityItem } from './ActivityTimeline.js';
import {
  exportActivity,
  setActivityRetention,
  useActiveZone,
  useActivityRetention,
  useBrandActivity,
} from './queries.js';
import './activity.css';

/** How long the log may be kept: the choices offered (days; null keeps it forever). */
const KEEP: { days: number | null; label: string }[] = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: 'One year' },
  { days: 730, label: 'Two years' },
  { days: null, label: 'Forever' },
];

/**
 * The brand's activity log in the Outbox, shown when asked for (the Outbox opens on what waits):
 * every change, newest first, searched as you type, saved as CSV, kept as long as the user chooses
 * (one year unless changed).
 */
export function BrandActivityLog() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="activity-log" aria-labelledby={`${id}-title`}>
      <div className="activity-log__head">
        <h3 id={`${id}-title`}>Activity</h3>
        <button
          type="button"
          className="button button-small"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Hide activity' : 'Show activity'}
        </button>
      </div>
      {open && (
        <div id={`${id}-body`} className="activity-log">
          <ActivityLogBody />
        </div>
      )}
    </section>
  );
}

function ActivityLogBody() {
  const id = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const log = useBrandActivity(deferred);
  const zone = useActiveZone();
  const retention = useActivityRetention();
  const client = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const entries = log.data?.entries ?? [];
  const keptDays = retention.data ? retention.data.days : DEFAULT_RETENTION_DAYS;

  const save = async () => {
    setBusy(true);
    setNote(null);
    try {
      const done = await exportActivity(query);
      if (done.path)
        setNote(
          `Saved ${done.rows.toLocaleString()} ${done.rows === 1 ? 'entry' : 'entries'} to ${done.path}.`,
        );
    } catch (error) {
      setNote(`Could not save the log: ${errorMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const keep = async (value: string) => {
    setNote(null);
    try {
      await setActivityRetention(value === 'forever' ? null : Number(value));
      void client.invalidateQueries({ queryKey: ['getActivityRetention'] });
      void client.invalidateQueries({ queryKey: ['listBrandActivity'] });
    } catch (error) {
      setNote(`Could not change how long the log is kept: ${errorMessage(error)}`);
    }
  };

  return (
    <>
      <p className="muted">Every change to this brand’s posts, kept on this computer.</p>
      <div className="activity-log__tools">
        <label htmlFor={`${id}-search`} className="visually-hidden">
          Search the activity
        </label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Search: a text, a name, a reason…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="button" className="button button-small" onClick={() => void save()} disabled={busy}>
          Export CSV
        </button>
      </div>
      <label className="activity-log__keep">
        Keep for{' '}
        <select
          value={keptDays === null ? 'forever' : String(keptDays)}
          onChange={(e) => void keep(e.target.value)}
          disabled={!retention.isSuccess}
        >
          {KEEP.map((k) => (
            <option key={k.label} value={k.days === null ? 'forever' : String(k.days)}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {note && (
        <p role="status" className="muted">
          {note}
        </p>
      )}
      {log.isPending ? (
        <Loading label="Reading the activity…" />
      ) : log.isError ? (
        <ErrorState
          title="Could not read the activity"
          error={log.error}
          onRetry={() => void log.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState title={deferred.trim() ? 'Nothing matches' : 'No changes recorded yet'}>
          <p>
            {deferred.trim()
              ? 'Try fewer words, or a name or a reason as it was written.'
              : 'Moves, edits, reviews and the service’s answers show here as they happen.'}
          </p>
        </EmptyState>
      ) : (
        <>
          <ol className="activity-log__list" tabIndex={0} aria-label="Changes, newest first">
            {entries.map((e) => (
              <ActivityItem key={e.id} entry={e} zone={zone} />
            ))}
          </ol>
          {log.data?.next !== null && (
            <button type="button" className="button button-small" onClick={log.more}>
              Show older
            </button>
          )}
        </>
      )}
    </>
  );
}

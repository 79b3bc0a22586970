import { useId } from 'react';
import { formatDistanceToNowStrict } from 'date-fns';
import type { ActivityEntry } from '../../shared/activity/model.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { describeChange, describeOrigin, describeWho } from '../../shared/activity/words.js';
import { formatDateTime, formatFull } from '../calendar/format.js';
import { EmptyState, ErrorState, Loading } from '../ui/feedback.js';
import { usePostActivity } from './queries.js';
import './activity.css';

/**
 * A post group's history in the post's details: each change in words, from where, who made it
 * and when, oldest first. Kept on this computer; "who" says which kind of name it is.
 */
export function ActivityTimeline({
  postId,
  brand,
  zone,
}: {
  postId: string;
  brand?: BrandRef | undefined;
  zone: string;
}) {
  const history = usePostActivity(postId, brand);
  const id = useId();
  const entries = history.data?.entries ?? [];
  return (
    <section className="activity-timeline" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>History</h3>
      {history.isPending ? (
        <Loading label="Reading the history…" />
      ) : history.isError ? (
        <ErrorState
          title="Could not read the history"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : entries.length === 0 ? (
        <EmptyState title="No changes recorded yet">
          <p>Moves, edits, reviews and the service’s answers show here as they happen.</p>
        </EmptyState>
      ) : (
        // Part of the panel's own scroll; each entry is read as one sentence.
        <ol className="activity-timeline__list" aria-label="Changes, oldest first">
          {entries.map((e) => (
            <ActivityItem key={e.id} entry={e} zone={zone} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** One entry: the change and where it came from, then who and when. */
export function ActivityItem({ entry, zone }: { entry: ActivityEntry; zone: string }) {
  const time = (iso: string) => formatDateTime(iso, zone);
  return (
    <li className={`activity-item activity-item--${tone(entry)}`} data-testid="activity-entry">
      <p className="activity-item__what">
        {describeChange(entry.change, time)} {describeOrigin(entry.origin, time)}
      </p>
      <p className="activity-item__meta">
        <span>{describeWho(entry.who)}</span>
        {' · '}
        <time dateTime={entry.at} title={formatFull(entry.at, zone)}>
          {ago(entry.at)}
        </time>
      </p>
    </li>
  );
}

function ago(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return Math.abs(Date.now() - ms) < 45_000 ? 'just now' : formatDistanceToNowStrict(ms, { addSuffix: true });
}

/** The dot's colour: the service's refusals stand out, its confirmations read as done. */
function tone(entry: ActivityEntry): 'refused' | 'confirmed' | 'plain' {
  if (entry.change.kind === 'refused') return 'refused';
  if (entry.change.kind === 'confirmed') return 'confirmed';
  return 'plain';
}

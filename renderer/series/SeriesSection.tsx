import { useState, type FormEvent } from 'react';
import type { CalendarPost } from '../../shared/posts/ipc.js';
import { dayWords } from '../../shared/series/describe.js';
import type { SeriesView } from '../../shared/series/model.js';
import { ConfirmDialog } from '../calendar/ConfirmDialog.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { Modal } from '../ui/Modal.js';
import { errorMessage } from '../ui/feedback.js';
import { useSeriesWrite } from './queries.js';
import { placeWords, useSeriesMember } from './SeriesMark.js';

/*
 * In a post's details: which series it belongs to, in words, and what can be done to the series
 * from here: skip this date, change this date and the following or all dates to come, delete the
 * series. Changing only this date is the post's own Edit (the series keeps the date as it is left).
 */

type Scope = 'all' | 'following';

export function SeriesSection({ post }: { post: CalendarPost }) {
  const member = useSeriesMember(post);
  const [editing, setEditing] = useState<Scope | null>(null);
  const [confirm, setConfirm] = useState<'skip' | 'delete' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const skip = useSeriesWrite('skipSeriesDate');
  const remove = useSeriesWrite('deleteSeries');
  if (!member) return null;
  const { series, occurrence } = member;
  const when = dayWords(occurrence.date);

  const act = async (what: 'skip' | 'delete') => {
    setConfirm(null);
    setError(null);
    try {
      if (what === 'skip') {
        await skip.mutateAsync({ id: series.id, date: occurrence.date });
        setMessage(`${when} is skipped; the series makes no post that day.`);
      } else {
        const gone = await remove.mutateAsync({ id: series.id });
        setMessage(
          `Series deleted: ${gone.removed === 1 ? '1 post still to come was' : `${gone.removed} posts still to come were`} taken off${gone.kept > 0 ? `; ${gone.kept} already sent ${gone.kept === 1 ? 'stays' : 'stay'}` : ''}.`,
        );
      }
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section aria-label="Series" className="series-section">
      <h3>Series</h3>
      <p data-testid="details-series">
        Part of a series: {series.description.charAt(0).toLowerCase() + series.description.slice(1)} (
        {placeWords(member)}).
      </p>
      {series.note ? <p className="muted">{series.note}</p> : null}
      {series.warning ? <p className="series-warning">{series.warning}</p> : null}
      <p className="muted">To change only this date, use Edit: the series keeps the date as you leave it.</p>
      <div className="series-actions series-actions--start">
        <button type="button" className="button button-small" onClick={() => setEditing('following')}>
          Edit this and the following…
        </button>
        <button type="button" className="button button-small" onClick={() => setEditing('all')}>
          Edit the whole series…
        </button>
        <button type="button" className="button button-small" onClick={() => setConfirm('skip')}>
          Skip this date
        </button>
        <button type="button" className="button button-small cal-danger" onClick={() => setConfirm('delete')}>
          Delete the series
        </button>
      </div>
      {message ? (
        <p className="muted" role="status">
          {message}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={confirm === 'skip' ? 'Skip this date?' : 'Delete the series?'}
          message={
            confirm === 'skip'
              ? `The post of ${when} is deleted and the series makes none that day.`
              : 'Every post of this series still to come is deleted; posts already sent stay.'
          }
          confirmLabel={confirm === 'skip' ? 'Skip the date' : 'Delete the series'}
          onConfirm={() => void act(confirm)}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
      {editing ? (
        <SeriesEditDialog
          series={series}
          scope={editing}
          from={occurrence.date}
          onDone={(done) => {
            setEditing(null);
            if (done) setMessage(done);
          }}
        />
      ) : null}
    </section>
  );
}

function SeriesEditDialog({
  series,
  scope,
  from,
  onDone,
}: {
  series: SeriesView;
  scope: Scope;
  from: string;
  onDone(message: string | null): void;
}) {
  const accounts = useIpcQuery('listIntegrations', {});
  const [variants, setVariants] = useState(series.variants);
  const [time, setTime] = useState(series.rule.time);
  const [kept, setKept] = useState(series.accounts.map((a) => a.integrationId));
  const [error, setError] = useState<string | null>(null);
  const edit = useSeriesWrite('editSeries');
  const nameOf = (id: string) => accounts.data?.find((a) => a.id === id)?.name ?? 'An account';
  const title = scope === 'all' ? 'Edit the whole series' : `Edit from ${dayWords(from)} on`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const done = await edit.mutateAsync({
        id: series.id,
        scope,
        ...(scope === 'following' ? { from } : {}),
        variants: variants.map((v) => v.trim()).filter((v) => v.length > 0),
        time,
        integrationIds: kept,
      });
      onDone(
        `Series changed: ${done.remade === 1 ? '1 post' : `${done.remade} posts`} made again${done.kept > 0 ? `; ${done.kept} already sent or on the way ${done.kept === 1 ? 'stays' : 'stay'} as ${done.kept === 1 ? 'it was' : 'they were'}` : ''}.`,
      );
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Modal title={title} onClose={() => onDone(null)} className="series-dialog">
      <form aria-label={title} onSubmit={(e) => void submit(e)}>
        <p className="muted">
          {scope === 'all'
            ? 'Every date still to come is made again with these changes; sent posts stay as they are.'
            : `The dates from ${dayWords(from)} on are made again with these changes; earlier ones stay.`}
        </p>
        <fieldset className="series-variants">
          <legend>Texts that take turns</legend>
          {variants.map((v, i) => (
            <div className="series-variant" key={i}>
              <label className="field">
                <span>Text {i + 1}</span>
                <textarea
                  rows={3}
                  value={v}
                  onChange={(e) => setVariants((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
                />
              </label>
              {variants.length > 1 ? (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => setVariants((all) => all.filter((_, j) => j !== i))}
                >
                  Remove text {i + 1}
                </button>
              ) : null}
            </div>
          ))}
          <button
            type="button"
            className="button button-small"
            onClick={() => setVariants((all) => [...all, ''])}
          >
            Add a text
          </button>
        </fieldset>
        <label className="field">
          <span>At ({series.timezone})</span>
          <input type="time" required value={time} onChange={(e) => setTime(e.target.value)} />
        </label>
        <fieldset className="series-days">
          <legend>Accounts</legend>
          {series.accounts.map((a) => (
            <label key={a.integrationId} className="series-day">
              <input
                type="checkbox"
                checked={kept.includes(a.integrationId)}
                onChange={() =>
                  setKept((ids) =>
                    ids.includes(a.integrationId)
                      ? ids.filter((x) => x !== a.integrationId)
                      : [...ids, a.integrationId],
                  )
                }
              />
              {nameOf(a.integrationId)}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="series-actions">
          <button type="button" className="button" onClick={() => onDone(null)}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={edit.isPending}>
            {edit.isPending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

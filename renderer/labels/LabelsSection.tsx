import { useId, useState } from 'react';
import { CampaignRange, LabelName, type Label, type LabelColor } from '../../shared/labels/model.js';
import { useNotices } from '../ui/notice-store.js';
import { LabelColorSelect, LabelPill } from './LabelPill.js';
import { useDeleteLabel, useLabels, useSaveLabel } from './queries.js';
import './labels.css';

/** Settings: the brand's labels, renamed, recoloured, given days (a campaign) or deleted. */
export function LabelsSection() {
  const view = useLabels();
  return (
    <section className="card" aria-labelledby="labels-title">
      <h2 id="labels-title">Labels and campaigns</h2>
      <p className="muted">
        Labels group posts on this computer (they are never posted). Give a label days to make it a campaign:
        it shows as a band over the calendar. New labels are made where you pick them, in the composer or on a
        post.
      </p>
      {view.labels.length === 0 && <p className="muted">This brand has no labels yet.</p>}
      {view.labels.map((l) => (
        <LabelRow key={`${l.id}:${l.name}:${l.color}:${l.campaign?.start}:${l.campaign?.end}`} label={l} />
      ))}
    </section>
  );
}

function LabelRow({ label }: { label: Label }) {
  const id = useId();
  const save = useSaveLabel();
  const remove = useDeleteLabel();
  const toast = useNotices((s) => s.show);
  const [name, setName] = useState(label.name);
  const [color, setColor] = useState<LabelColor>(label.color);
  const [start, setStart] = useState(label.campaign?.start ?? '');
  const [end, setEnd] = useState(label.campaign?.end ?? '');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const submit = () => {
    const parsedName = LabelName.safeParse(name);
    if (!parsedName.success) return setError(parsedName.error.issues[0]?.message ?? 'Check the name.');
    let campaign: CampaignRange | null = null;
    if (start || end) {
      const parsed = CampaignRange.safeParse({ start, end });
      if (!parsed.success)
        return setError(
          !start || !end
            ? 'A campaign needs a first and a last day.'
            : (parsed.error.issues[0]?.message ?? 'Check the days.'),
        );
      campaign = parsed.data;
    }
    save.mutate(
      { id: label.id, name: parsedName.data, color, campaign },
      {
        onSuccess: () => {
          setError(null);
          toast({ tone: 'success', message: `Saved the label “${parsedName.data}”.` });
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <form
      className="labels-settings__row"
      aria-label={`Label ${label.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <LabelPill label={{ name: label.name, color }} />
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-color`}>Colour</label>
        <LabelColorSelect id={`${id}-color`} value={color} onChange={setColor} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-start`}>Campaign from</label>
        <input id={`${id}-start`} type="date" value={start} onChange={(e) => setStart(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-end`}>to</label>
        <input id={`${id}-end`} type="date" value={end} onChange={(e) => setEnd(e.target.value)} />
      </div>
      <button type="submit" className="button button-small" disabled={save.isPending}>
        Save
      </button>
      {confirming ? (
        <>
          <button
            type="button"
            className="button button-small button-danger"
            onClick={() =>
              remove.mutate(label.id, {
                onError: (e) => setError(e.message),
              })
            }
          >
            Delete “{label.name}” from every post
          </button>
          <button type="button" className="button button-small" onClick={() => setConfirming(false)}>
            Keep it
          </button>
        </>
      ) : (
        <button
          type="button"
          className="button button-small button-danger"
          onClick={() => setConfirming(true)}
        >
          Delete
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { LABEL_COLOR_NAMES, LABEL_COLORS, LabelName, type LabelColor } from '../../shared/labels/model.js';
import { useNotices } from '../app/notices.js';
import { LabelPill } from './LabelPill.js';
import { labelsOf, useLabels, useSaveLabel, useSetPostLabels } from './labels-queries.js';
import './labels.css';

/**
 * Chooses the labels of one post group (the composer, the post's details) or of many (the bulk
 * bar): a box per label, ticked when every one carries it; and a new label made on the spot.
 * Labels are kept on this computer and never sent.
 */
export function LabelPicker({ subjects, title = 'Labels' }: { subjects: string[]; title?: string }) {
  const view = useLabels();
  const set = useSetPostLabels();
  const save = useSaveLabel();
  const toast = useNotices((s) => s.show);
  const id = useId();
  const [name, setName] = useState('');
  const [color, setColor] = useState<LabelColor>('blue');
  const [error, setError] = useState<string | null>(null);
  const carried = (labelId: string) => subjects.filter((s) => view.assignments[s]?.includes(labelId)).length;
  const shown = subjects.length === 1 ? labelsOf(view, subjects[0] ?? '') : [];

  const toggle = (labelId: string) => {
    const all = carried(labelId) === subjects.length;
    set.mutate(
      { subjects, add: all ? [] : [labelId], remove: all ? [labelId] : [] },
      { onError: (e) => toast({ tone: 'error', message: `Could not change the labels: ${e.message}` }) },
    );
  };

  const create = (e: FormEvent) => {
    e.preventDefault();
    const parsed = LabelName.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the name.');
    save.mutate(
      { name: parsed.data, color, campaign: null },
      {
        onSuccess: (label) => {
          setName('');
          setError(null);
          set.mutate({ subjects, add: [label.id], remove: [] });
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <div className="label-picker">
      {shown.length > 0 && (
        <ul className="label-list" aria-label={title}>
          {shown.map((l) => (
            <li key={l.id}>
              <LabelPill label={l} />
            </li>
          ))}
        </ul>
      )}
      <details className="label-picker__menu">
        <summary>{title}</summary>
        <div className="label-picker__body">
          <fieldset>
            <legend>{subjects.length > 1 ? 'Labels of the picked posts' : 'Choose labels'}</legend>
            {view.labels.length === 0 && <p className="muted">No labels yet: make the first one below.</p>}
            {view.labels.map((l) => {
              const n = carried(l.id);
              return (
                <label key={l.id} className="label-picker__option">
                  <input
                    type="checkbox"
                    checked={n === subjects.length}
                    ref={(el) => {
                      if (el) el.indeterminate = n > 0 && n < subjects.length;
                    }}
                    onChange={() => toggle(l.id)}
                  />
                  <LabelPill label={l} />
                </label>
              );
            })}
          </fieldset>
          <form className="label-picker__new" onSubmit={create}>
            <label htmlFor={`${id}-name`}>New label</label>
            <input
              id={`${id}-name`}
              value={name}
              maxLength={60}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <label htmlFor={`${id}-color`} className="visually-hidden">
              Colour of the new label
            </label>
            <select id={`${id}-color`} value={color} onChange={(e) => setColor(e.target.value as LabelColor)}>
              {LABEL_COLORS.map((c) => (
                <option key={c} value={c}>
                  {LABEL_COLOR_NAMES[c]}
                </option>
              ))}
            </select>
            <button type="submit" className="button button-small" disabled={save.isPending}>
              Create label
            </button>
            {error && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {error}
              </p>
            )}
          </form>
        </div>
      </details>
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import type { BrandRef } from '../../shared/ipc/models.js';
import { LabelName, type LabelColor, type LabelsView } from '../../shared/labels/model.js';
import { useNotices } from '../ui/notice-store.js';
import { FieldError } from '../ui/feedback.js';
import { LabelColorSelect, LabelPill } from './LabelPill.js';
import {
  labelsOf,
  useBrandsLabels,
  useLabels,
  useSaveLabel,
  useSetPostLabels,
  useSetPostLabelsAcrossBrands,
} from './queries.js';
import { labelsByName } from './label-filter.js';
import './labels.css';

/** Picked post groups of one brand (a bulk selection of the all-brands view spans several). */
export interface BrandSubjects {
  brand: BrandRef;
  subjects: string[];
}

/**
 * How many of `groups`' subjects carry a label named `name` (any case) in their own brand's
 * labels: the same label, as a person sees it, across brands.
 */
function carriedAcross(
  groups: readonly BrandSubjects[],
  views: readonly (LabelsView | undefined)[],
  name: string,
) {
  let n = 0;
  groups.forEach((g, i) => {
    const view = views[i];
    if (!view) return;
    const ids = new Set(
      view.labels.filter((l) => l.name.toLowerCase() === name.toLowerCase()).map((l) => l.id),
    );
    n += g.subjects.filter((s) => view.assignments[s]?.some((id) => ids.has(id))).length;
  });
  return n;
}

/**
 * Chooses the labels of one post group (the composer, the post's details) or of many (the bulk
 * bar): a box per label, ticked when every one carries it; and a new label made on the spot.
 * Labels are kept on this computer and never sent. With `across` (a bulk selection of the
 * all-brands view), the labels of the active brand and of every picked post's brand are offered (one
 * a name), and each group is labelled under its own brand, with that brand's label of the same name.
 */
export function LabelPicker({
  subjects,
  across,
  title = 'Labels',
}: {
  subjects: string[];
  across?: BrandSubjects[] | undefined;
  title?: string;
}) {
  const view = useLabels();
  const single = useSetPostLabels();
  const spanning = useSetPostLabelsAcrossBrands();
  const brandViews = useBrandsLabels((across ?? []).map(({ brand }) => brand));
  // Across brands, every picked brand's labels are offered, one a name (the active brand's first).
  const offered = across ? labelsByName([view, ...brandViews].flatMap((v) => v?.labels ?? [])) : view.labels;
  const set = {
    isPending: single.isPending || spanning.isPending,
    mutate: (change: { add: string[]; remove: string[] }, opts: { onError?: (e: Error) => void } = {}) =>
      across
        ? spanning.mutate({ groups: across, ...change }, opts)
        : single.mutate({ subjects, ...change }, opts),
  };
  const save = useSaveLabel();
  const toast = useNotices((s) => s.show);
  const id = useId();
  const [name, setName] = useState('');
  const [color, setColor] = useState<LabelColor>('blue');
  const [error, setError] = useState<string | null>(null);
  const carried = (labelId: string) => {
    if (!across) return subjects.filter((s) => view.assignments[s]?.includes(labelId)).length;
    const name = offered.find((l) => l.id === labelId)?.name;
    return name ? carriedAcross(across, brandViews, name) : 0;
  };
  // One post: the labels it carries, read in its own brand's view when it names one.
  const ownView = across?.length === 1 ? brandViews[0] : view;
  const shown = subjects.length === 1 && ownView ? labelsOf(ownView, subjects[0] ?? '') : [];

  const toggle = (labelId: string) => {
    const all = carried(labelId) === subjects.length;
    set.mutate(
      { add: all ? [] : [labelId], remove: all ? [labelId] : [] },
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
          set.mutate({ add: [label.id], remove: [] });
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
            {offered.length === 0 && <p className="muted">No labels yet: make the first one below.</p>}
            {offered.map((l) => {
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
            <LabelColorSelect id={`${id}-color`} value={color} onChange={setColor} />
            <button type="submit" className="button button-small" disabled={save.isPending}>
              Create label
            </button>
            <FieldError id={`${id}-error`} error={error} />
          </form>
        </div>
      </details>
    </div>
  );
}

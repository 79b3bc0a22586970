import type { LabelsView } from '../../shared/labels/model.js';
import { LabelPill } from './LabelPill.js';
import { labelsByName, useLabelFilter, useLabelFilterOf } from './label-filter.js';
import './labels.css';

/**
 * A chip per label of the calendar's labels (the brand's, or in the all-brands view every shown
 * brand's, one chip a name): pressed ones keep only the posts carrying them.
 */
export function LabelFilters({ brandId, view }: { brandId: string | null; view: LabelsView }) {
  const chosen = useLabelFilterOf(brandId);
  const { toggle, clear } = useLabelFilter.getState();
  const chips = labelsByName(view.labels);
  if (!brandId || chips.length === 0) return null;
  return (
    <div className="label-filters" role="group" aria-label="Labels">
      {chips.map((l) => (
        <button
          key={l.id}
          type="button"
          className="label-filter"
          aria-pressed={chosen.includes(l.id)}
          onClick={() => toggle(brandId, l.id)}
        >
          <LabelPill label={l} />
        </button>
      ))}
      {chosen.length > 0 && (
        <button type="button" className="cal-link" onClick={() => clear(brandId)}>
          All labels
        </button>
      )}
    </div>
  );
}

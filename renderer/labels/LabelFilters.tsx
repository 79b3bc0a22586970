import { LabelPill } from './LabelPill.js';
import { useLabels } from './labels-queries.js';
import { useLabelFilter, useLabelFilterOf } from './label-filter.js';
import './labels.css';

/** A chip per label of the brand: pressed ones keep only the posts carrying them. */
export function LabelFilters({ brandId }: { brandId: string | null }) {
  const view = useLabels();
  const chosen = useLabelFilterOf(brandId);
  const { toggle, clear } = useLabelFilter.getState();
  if (!brandId || view.labels.length === 0) return null;
  return (
    <div className="label-filters" role="group" aria-label="Labels">
      {view.labels.map((l) => (
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

import { LABEL_COLOR_NAMES, LABEL_COLORS, type Label, type LabelColor } from '../../shared/labels/model.js';

/** A label as every screen shows it: its name on its colour (labels.css keeps the text readable). */
export function LabelPill({ label }: { label: Pick<Label, 'name' | 'color'> }) {
  return (
    <span className={`label-pill label--${label.color}`} data-label={label.name}>
      <span className="label-pill__dot" aria-hidden="true" />
      {label.name}
    </span>
  );
}

/** A label's colour alone, for a calendar chip with no room for words (its name is in the chip's name). */
export function LabelDot({ label }: { label: Pick<Label, 'name' | 'color'> }) {
  return <span className={`label-dot label--${label.color}`} data-label={label.name} aria-hidden="true" />;
}

/** The colour choice of a label being made or edited, in the colours' names. */
export function LabelColorSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: LabelColor;
  onChange: (color: LabelColor) => void;
}) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as LabelColor)}>
      {LABEL_COLORS.map((c) => (
        <option key={c} value={c}>
          {LABEL_COLOR_NAMES[c]}
        </option>
      ))}
    </select>
  );
}

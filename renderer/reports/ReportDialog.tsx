import { useId, useState } from 'react';
import type { BrandEntry } from '../../shared/brands/ipc.js';
import type { BrandRef } from '../../shared/ipc/models.js';
import { isDayKey, RANGE_KINDS, type DayRange } from '../../shared/analytics/ranges.js';
import type { ReportFormat, ReportPeriod } from '../../shared/reports/ipc.js';
import { ALL_SECTIONS, SECTION_TITLES, type ReportSection } from '../../shared/reports/model.js';
import { Modal } from '../ui/Modal.js';
import { useExportClientReport } from './queries.js';
import './reports.css';

/*
 * "Client report…": which brands, which period, which sections, which format; then main asks where
 * to save and writes it. The dialog says what it is doing, and why it could not, in words.
 */

const FORMATS: { value: ReportFormat; label: string; hint: string }[] = [
  { value: 'pdf', label: 'PDF', hint: 'to send or print' },
  { value: 'html', label: 'Web page', hint: 'one file that opens offline in any browser' },
  { value: 'csv', label: 'Numbers as CSV', hint: 'for a spreadsheet' },
];

export function ReportDialog({
  brands,
  chosen,
  today,
  onClose,
}: {
  /** Every brand the window can show. */
  brands: readonly BrandEntry[];
  /** The brands chosen at first: those the Analytics screen shows. */
  chosen: readonly BrandRef[];
  /** Today in the screen's zone, the latest day a custom period may end. */
  today: string;
  onClose: () => void;
}) {
  const ids = useId();
  const key = (b: BrandRef) => `${b.profileId}\u0000${b.brandId}`;
  const [picked, setPicked] = useState<Set<string>>(() => new Set(chosen.map(key)));
  const [kind, setKind] = useState<ReportPeriod['kind']>('lastMonth');
  const [custom, setCustom] = useState<DayRange>({ from: today.slice(0, 8) + '01', to: today });
  const [sections, setSections] = useState<Set<ReportSection>>(() => new Set(ALL_SECTIONS));
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const save = useExportClientReport();

  const toggle = <T,>(set: Set<T>, value: T, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  };
  const chosenBrands = brands.filter((b) => picked.has(key(b)));
  const problem =
    chosenBrands.length === 0
      ? 'Choose at least one brand.'
      : sections.size === 0
        ? 'Keep at least one section.'
        : kind === 'custom' && !(isDayKey(custom.from) && isDayKey(custom.to))
          ? 'Write both days of the period.'
          : null;

  const submit = () => {
    if (problem || save.isPending) return;
    save.mutate({
      brands: chosenBrands.map(({ profileId, brandId }) => ({ profileId, brandId })),
      period: kind === 'custom' ? { kind, from: custom.from, to: custom.to } : { kind },
      sections: ALL_SECTIONS.filter((s) => sections.has(s)),
      format,
    });
  };
  const savedName = save.data?.path ? save.data.path.split(/[\\/]/).pop() : null;

  return (
    <Modal title="Client report" onClose={onClose} className="report-dialog">
      <form
        className="report-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend>Brands</legend>
          {brands.length === 0 ? <p className="muted">No brand is connected yet.</p> : null}
          <div className="report-options">
            {brands.map((b) => (
              <label key={key(b)}>
                <input
                  type="checkbox"
                  checked={picked.has(key(b))}
                  onChange={(e) => setPicked((s) => toggle(s, key(b), e.target.checked))}
                />
                {b.name}
              </label>
            ))}
          </div>
          {chosenBrands.length > 1 ? (
            <p className="muted report-note">The brands chosen are added up in one report.</p>
          ) : null}
        </fieldset>
        <div className="report-row">
          <label htmlFor={`${ids}-period`}>Period</label>
          <select
            id={`${ids}-period`}
            value={kind}
            onChange={(e) => setKind(e.target.value as ReportPeriod['kind'])}
          >
            {RANGE_KINDS.map((r) => (
              <option key={r.kind} value={r.kind}>
                {r.label}
              </option>
            ))}
          </select>
          {kind === 'custom' ? (
            <>
              <label htmlFor={`${ids}-from`}>From</label>
              <input
                id={`${ids}-from`}
                type="date"
                value={custom.from}
                max={today}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
              />
              <label htmlFor={`${ids}-to`}>To</label>
              <input
                id={`${ids}-to`}
                type="date"
                value={custom.to}
                max={today}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
              />
            </>
          ) : null}
        </div>
        <p className="muted report-note">Each number is compared with the period before.</p>
        <fieldset>
          <legend>Sections to keep</legend>
          <div className="report-options">
            {ALL_SECTIONS.map((s) => (
              <label key={s}>
                <input
                  type="checkbox"
                  checked={sections.has(s)}
                  onChange={(e) => setSections((set) => toggle(set, s, e.target.checked))}
                />
                {SECTION_TITLES[s]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>Save as</legend>
          <div className="report-options">
            {FORMATS.map((f) => (
              <label key={f.value}>
                <input
                  type="radio"
                  name={`${ids}-format`}
                  value={f.value}
                  checked={format === f.value}
                  onChange={() => setFormat(f.value)}
                />
                {f.label} <span className="muted">({f.hint})</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="report-status" role="status" aria-live="polite">
          {save.isPending ? 'Making the report…' : null}
          {savedName ? `Saved as “${savedName}”.` : null}
          {save.data && save.data.path === null ? 'Not saved: no place was chosen.' : null}
        </div>
        {save.isError ? (
          <p className="report-error" role="alert">
            The report could not be saved: {save.error.message}
          </p>
        ) : null}
        {problem ? <p className="report-hint">{problem}</p> : null}
        <div className="report-actions">
          <button type="button" className="button" onClick={onClose}>
            {savedName ? 'Done' : 'Cancel'}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={problem !== null || save.isPending}
          >
            {save.isPending ? 'Saving…' : 'Save report…'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

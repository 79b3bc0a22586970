import { useId, useState } from 'react';
import { Modal } from '../ui/Modal.js';
import {
  useReportProgress,
  useReportSettings,
  useSaveReportSettings,
  useWriteMonthlyReports,
} from './queries.js';
import './reports.css';

/*
 * "Monthly reports…": last month's PDF report of every brand, written into one folder (asked for
 * the first time), with a progress bar while it runs and, at the end, what was written and which
 * brands failed and why. The option writes them by themselves on the first of each month.
 */

export function MonthlyReportsDialog({ onClose }: { onClose: () => void }) {
  const ids = useId();
  const settings = useReportSettings();
  const saveSettings = useSaveReportSettings();
  const write = useWriteMonthlyReports();
  const [progress, resetProgress] = useReportProgress();
  // The option as just ticked, shown at once while main saves it.
  const [ticked, setTicked] = useState<boolean | null>(null);
  const folder = settings.data?.monthlyFolder ?? null;
  const result = write.data;

  const run = (chooseFolder: boolean) => {
    resetProgress();
    write.mutate({ chooseFolder });
  };

  return (
    <Modal title="Monthly reports" onClose={onClose} className="report-dialog report-monthly">
      <p>
        Writes last month’s report of every brand as a PDF into one folder, each named by brand and month (for
        example “Harbor Coffee report 2026-10.pdf”).
      </p>
      <p className="muted" data-testid="monthly-folder">
        {folder ? `Folder: ${folder}` : 'You choose the folder the first time.'}
      </p>
      <label className="report-check">
        <input
          type="checkbox"
          checked={ticked ?? settings.data?.onFirstOfMonth ?? false}
          disabled={!settings.data}
          onChange={(e) => {
            setTicked(e.target.checked);
            saveSettings.mutate({ onFirstOfMonth: e.target.checked }, { onSettled: () => setTicked(null) });
          }}
        />
        Write them on the first of each month (when Postdeck runs that day or later, with a notification)
      </label>
      {saveSettings.isError ? (
        <p className="report-error" role="alert">
          The option could not be saved: {saveSettings.error.message}
        </p>
      ) : null}
      {write.isPending || (progress && !result) ? (
        <div className="report-progress">
          <label htmlFor={`${ids}-progress`}>
            {progress?.brand
              ? `Writing ${progress.brand}’s report (${progress.done + 1} of ${progress.total})…`
              : 'Starting…'}
          </label>
          <progress id={`${ids}-progress`} max={progress?.total || 1} value={progress?.done ?? 0} />
        </div>
      ) : null}
      <div role="status" aria-live="polite" className="report-status">
        {result && result.folder === null ? 'Nothing written: no folder was chosen.' : null}
        {result && result.folder !== null
          ? `${result.month}: ${result.written.length} ${result.written.length === 1 ? 'report' : 'reports'} written${
              result.failed.length ? `, ${result.failed.length} could not be written` : ''
            }.`
          : null}
      </div>
      {result && result.written.length > 0 ? (
        <ul className="report-list" aria-label="Reports written">
          {result.written.map((w) => (
            <li key={w.file}>{w.file}</li>
          ))}
        </ul>
      ) : null}
      {result && result.failed.length > 0 ? (
        <ul className="report-list report-error" aria-label="Reports not written">
          {result.failed.map((f) => (
            <li key={f.brand}>
              {f.brand}: {f.message}
            </li>
          ))}
        </ul>
      ) : null}
      {write.isError ? (
        <p className="report-error" role="alert">
          The reports could not be written: {write.error.message}
        </p>
      ) : null}
      <div className="report-actions">
        <button type="button" className="button" onClick={onClose}>
          {result ? 'Done' : 'Cancel'}
        </button>
        {folder ? (
          <button type="button" className="button" disabled={write.isPending} onClick={() => run(true)}>
            Choose another folder…
          </button>
        ) : null}
        <button
          type="button"
          className="button button-primary"
          disabled={write.isPending}
          onClick={() => run(false)}
        >
          {write.isPending
            ? 'Writing…'
            : folder
              ? 'Write last month’s reports'
              : 'Choose a folder and write…'}
        </button>
      </div>
    </Modal>
  );
}

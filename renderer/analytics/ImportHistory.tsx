import { useState } from 'react';
import type { HistoryImportResult } from '../../shared/analytics/ipc.js';
import { AppError } from '../ipc/ipc.js';
import { FieldError } from '../ui/feedback.js';
import { importSummary } from './import-history.js';
import { useImportHistory } from './queries.js';

/** The state of "Import history…": kept by the screen, so its result stays as the page fills in. */
export function useHistoryImport() {
  const run = useImportHistory();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<HistoryImportResult | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setResult(null);
    // Main gives a token for the chosen file (the page never names a path) and reads it once.
    const token = await window.api.fileToken(file).catch(() => null);
    if (!token) {
      setError(`${file.name} has no file on this computer to read; save it as a file, then choose it.`);
      return;
    }
    try {
      setResult(await run.mutateAsync(token));
    } catch (err) {
      setError(
        err instanceof AppError ? err.message : 'The file could not be imported; nothing was changed.',
      );
    }
  };
  return { choose, busy: run.isPending, error, result, dismiss: () => (setResult(null), setError(null)) };
}

export type HistoryImportState = ReturnType<typeof useHistoryImport>;

/** The "Import history…" action: a CSV of past results, one row per account per day. */
export function ImportHistoryButton({
  state,
  brandName,
}: {
  state: HistoryImportState;
  brandName: string | null;
}) {
  return (
    <label
      className="button button-small analytics-import"
      title={`Past results of ${brandName ?? 'this brand'} from a CSV: a Date column, an Account column, and one column per metric`}
      aria-disabled={state.busy || undefined}
    >
      {state.busy ? 'Importing…' : 'Import history…'}
      <input
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
        aria-label="Import history from a CSV file"
        disabled={state.busy}
        onChange={(e) => {
          void state.choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </label>
  );
}

/** What the last import did, or why it could not. */
export function ImportHistoryResult({ state }: { state: HistoryImportState }) {
  if (state.error) return <FieldError error={`The history was not imported: ${state.error}`} />;
  if (!state.result) return null;
  const s = importSummary(state.result);
  return (
    <div className="analytics-import-result" role="status" data-testid="history-import-result">
      <p>{s.headline}</p>
      {s.skipped.length > 0 ? (
        <ul aria-label="Rows skipped">
          {s.skipped.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      {s.notes.map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
      <button type="button" className="button button-small" onClick={state.dismiss}>
        Dismiss
      </button>
    </div>
  );
}

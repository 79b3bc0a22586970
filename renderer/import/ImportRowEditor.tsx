import { useState } from 'react';
import type { ImportRowView } from '../../shared/import/ipc.js';
import { AppError } from '../ipc/ipc.js';
import { editImportRow } from './queries.js';
import { FieldError } from '../ui/feedback.js';

/** Edits the cells of one previewed row; main checks it again and answers its new problems. */
export function ImportRowEditor(props: {
  importId: string;
  row: ImportRowView;
  columns: string[];
  onSaved: (row: ImportRowView) => void;
  onCancel: () => void;
}) {
  const columns = props.columns.length > 0 ? props.columns : ['text', 'accounts', 'date'];
  const [cells, setCells] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((c) => [c, props.row.cells[c] ?? ''])),
  );
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="import-editor"
      aria-label={`Edit row ${props.row.index + 1}`}
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        editImportRow({ importId: props.importId, index: props.row.index, cells })
          .then(props.onSaved)
          .catch((err: unknown) =>
            setError(err instanceof AppError ? err.message : 'This row could not be checked.'),
          );
      }}
    >
      {columns.map((c) => (
        <label key={c} className="import-cell">
          {c}
          {c === 'text' ? (
            <textarea
              value={cells[c] ?? ''}
              rows={3}
              onChange={(e) => setCells({ ...cells, [c]: e.target.value })}
            />
          ) : (
            <input value={cells[c] ?? ''} onChange={(e) => setCells({ ...cells, [c]: e.target.value })} />
          )}
        </label>
      ))}
      <div className="import-editor-actions">
        <button type="submit" className="button button-primary">
          Check row
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      <FieldError error={error} />
    </form>
  );
}

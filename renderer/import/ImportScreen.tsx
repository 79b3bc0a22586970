import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { IpcEventPayload } from '../../shared/ipc/contract.js';
import type { ImportPreview, ImportResult, ImportRowView } from '../../shared/import/ipc.js';
import { AppError } from '../ipc/ipc.js';
import { applyWritten, shownBrandId } from '../ipc/posts-in-cache.js';
import { useIpcEvent, useIpcQuery } from '../ipc/use-ipc.js';
import { accountWithPlatform } from '../../shared/platforms/names.js';
import { ImportRowEditor } from './ImportRowEditor.js';
import { useImportClashes } from '../clash/import-clashes.js';
import '../queue/queue.css';
import './import.css';
import { previewImport, runImport } from './queries.js';
import { FieldError } from '../ui/feedback.js';

/** Rows shown per page: 5,000 rows stay quick to draw. */
const PAGE = 100;
const PHASE: Record<IpcEventPayload<'importProgress'>['phase'], string> = {
  reading: 'Reading the file',
  checking: 'Checking rows',
  importing: 'Importing',
};

/** Bulk import: choose a CSV or JSON file, review every row with its problems, fix or drop, import. */
export function ImportScreen() {
  const client = useQueryClient();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [dropped, setDropped] = useState<Set<number>>(new Set());
  const [page, setPage] = useState(0);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [progress, setProgress] = useState<IpcEventPayload<'importProgress'> | null>(null);
  // Each account's platform, so "Harbor Coffee (X)" and "Harbor Coffee (Instagram)" read apart.
  const integrations = useIpcQuery('listIntegrations', {});
  const platformOf = useMemo(() => {
    const byId = new Map((integrations.data ?? []).map((i) => [i.id, i.platform]));
    return (id: string) => byId.get(id) ?? null;
  }, [integrations.data]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);

  useIpcEvent(
    'importProgress',
    useCallback((p: IpcEventPayload<'importProgress'>) => setProgress(p), []),
  );

  const open = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    setPreview(null);
    try {
      // Main gives a token for the chosen file (the page never names a path); it reads it once.
      const token = await window.api.fileToken(file);
      if (!token) {
        setError(`${file.name} has no file on this computer to read; save it as a file, then choose it.`);
        return;
      }
      const next = await previewImport({ file: token });
      setPreview(next);
      setDropped(new Set());
      setPage(0);
    } catch (err) {
      setError(err instanceof AppError ? err.message : 'This file could not be read.');
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const run = async () => {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      const done = await runImport({ importId: preview.importId, drop: [...dropped] });
      applyWritten(client, shownBrandId(client), done);
      setResult(done);
      // Rows just imported now count as imported: a second click creates nothing.
      const again = new Set(
        preview.rows.filter((r) => !dropped.has(r.index) && r.problems.length === 0).map((r) => r.index),
      );
      const failed = new Set(done.failed.map((f) => f.index));
      setPreview({
        ...preview,
        rows: preview.rows.map((r) =>
          again.has(r.index) && !failed.has(r.index) ? { ...r, alreadyImported: true } : r,
        ),
      });
    } catch (err) {
      setError(err instanceof AppError ? err.message : 'The import stopped; nothing already queued is lost.');
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  const rows = useMemo(
    () => (preview?.rows ?? []).filter((r) => !onlyProblems || r.problems.length > 0),
    [preview, onlyProblems],
  );
  const counts = useMemo(() => {
    const all = preview?.rows ?? [];
    const kept = all.filter((r) => !dropped.has(r.index));
    return {
      total: all.length,
      // A row already there is skipped whatever its problems (a past post exported from the calendar).
      problems: kept.filter((r) => r.problems.length > 0 && !r.alreadyImported).length,
      already: kept.filter((r) => r.alreadyImported).length,
      ready: kept.filter((r) => r.problems.length === 0 && !r.alreadyImported).length,
      dropped: dropped.size,
    };
  }, [preview, dropped]);
  const clashes = useImportClashes(preview?.rows, dropped, preview?.timezone ?? 'UTC');
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const shown = rows.slice(page * PAGE, page * PAGE + PAGE);

  const replaceRow = (row: ImportRowView) =>
    setPreview((p) => (p ? { ...p, rows: p.rows.map((r) => (r.index === row.index ? row : r)) } : p));
  const toggleDrop = (index: number) =>
    setDropped((d) => {
      const next = new Set(d);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div className="import-screen">
      <section
        className="card import-drop"
        aria-labelledby="import-title"
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          void open(e.dataTransfer.files[0]);
        }}
      >
        <h2 id="import-title">Import posts from a file</h2>
        <p className="muted">
          A CSV or JSON file with the columns text, accounts, date (or queue), media, and settings. Drop it
          here or choose it. Nothing is sent before you press Import.
        </p>
        <label className="button button-primary import-choose">
          Choose a file…
          <input
            type="file"
            accept=".csv,.json,text/csv,application/json"
            aria-label="Import file"
            disabled={busy}
            onChange={(e) => {
              void open(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        {progress ? (
          <div className="import-progress" role="status">
            <span>
              {PHASE[progress.phase]}
              {progress.total > 0
                ? ` ${progress.done.toLocaleString()} of ${progress.total.toLocaleString()}`
                : '…'}
            </span>
            <progress
              aria-label={PHASE[progress.phase]}
              max={Math.max(1, progress.total)}
              value={progress.total > 0 ? progress.done : undefined}
            />
          </div>
        ) : null}
        <FieldError error={error} />
        {result ? (
          <p className="import-result" role="status">
            {result.created.toLocaleString()} post{result.created === 1 ? '' : 's'} queued
            {result.alreadyImported > 0
              ? `, ${result.alreadyImported.toLocaleString()} already imported`
              : ''}
            {result.dropped > 0 ? `, ${result.dropped} dropped` : ''}
            {result.failed.length > 0 ? `, ${result.failed.length} not imported (see their problems)` : ''}.
          </p>
        ) : null}
      </section>

      {preview ? (
        <section className="card" aria-labelledby="import-preview-title">
          <h2 id="import-preview-title">
            {preview.fileName}: {counts.total.toLocaleString()} rows
          </h2>
          <p className="import-counts">
            <span>{counts.ready.toLocaleString()} ready</span> · <span>{counts.problems} with problems</span>{' '}
            · <span>{counts.already.toLocaleString()} already imported</span> ·{' '}
            <span>{counts.dropped} dropped</span> · times in {preview.timezone} ·{' '}
            <span data-testid="import-read-as">{readAs(preview.encoding, preview.delimiter)}</span>
          </p>
          <div className="import-tools">
            <label>
              <input
                type="checkbox"
                checked={onlyProblems}
                onChange={(e) => {
                  setOnlyProblems(e.target.checked);
                  setPage(0);
                }}
              />{' '}
              Only rows with problems
            </label>
            <button
              type="button"
              className="button button-primary"
              disabled={busy || counts.ready === 0}
              onClick={() => void run()}
            >
              Import {counts.ready.toLocaleString()} post{counts.ready === 1 ? '' : 's'}
            </button>
          </div>
          <table className="import-table">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Text</th>
                <th scope="col">Accounts</th>
                <th scope="col">When</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <ImportRow
                  key={r.index}
                  row={r}
                  dropped={dropped.has(r.index)}
                  clashes={clashes.get(r.index)}
                  timezone={preview.timezone}
                  platformOf={platformOf}
                  editing={editing === r.index}
                  onEdit={() => setEditing(editing === r.index ? null : r.index)}
                  onDrop={() => toggleDrop(r.index)}
                  editor={
                    editing === r.index ? (
                      <ImportRowEditor
                        importId={preview.importId}
                        row={r}
                        columns={preview.columns}
                        onSaved={(row) => {
                          replaceRow(row);
                          setEditing(null);
                        }}
                        onCancel={() => setEditing(null)}
                      />
                    ) : null
                  }
                />
              ))}
            </tbody>
          </table>
          <nav className="import-pages" aria-label="Pages">
            <button
              type="button"
              className="button button-small"
              disabled={page === 0}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            <span>
              Page {page + 1} of {pages}
            </span>
            <button
              type="button"
              className="button button-small"
              disabled={page + 1 >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </nav>
        </section>
      ) : null}
    </div>
  );
}

function whenOf(row: ImportRowView, timezone: string): string {
  if (row.queue) return 'Next free slot';
  if (!row.date) return '—';
  return new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  }).format(new Date(row.date));
}

const ENCODINGS: Record<string, string> = {
  'utf-8': 'UTF-8',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
  'windows-1252': 'Windows-1252',
};
const DELIMITERS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/** "read as Windows-1252, semicolon-separated": a wrong guess shows before anything is imported. */
function readAs(encoding: string, delimiter: string | null): string {
  const enc = ENCODINGS[encoding] ?? encoding;
  return delimiter === null
    ? `read as ${enc}`
    : `read as ${enc}, ${DELIMITERS[delimiter] ?? delimiter}-separated`;
}

function ImportRow(props: {
  row: ImportRowView;
  dropped: boolean;
  /** Clash warnings (never blocking): another post of the account too close, or the same text. */
  clashes?: readonly { message: string }[];
  timezone: string;
  platformOf: (integrationId: string) => string | null;
  editing: boolean;
  onEdit: () => void;
  onDrop: () => void;
  editor: ReactNode;
}) {
  const { row, dropped } = props;
  // A row already there is skipped: its problems (a past time, say) do not matter.
  const problems = row.alreadyImported ? [] : row.problems;
  const status = dropped
    ? 'Dropped'
    : row.alreadyImported
      ? 'Already imported'
      : row.problems.length > 0
        ? `${row.problems.length} problem${row.problems.length === 1 ? '' : 's'}`
        : 'Ready';
  return (
    <>
      <tr
        className={
          dropped
            ? 'import-row import-row-dropped'
            : problems.length > 0
              ? 'import-row import-row-bad'
              : 'import-row'
        }
        data-row={row.index + 1}
      >
        <td>{row.index + 1}</td>
        <td className="import-text">{row.text.slice(0, 140) || <span className="muted">(no text)</span>}</td>
        <td>
          {row.accounts.map((a) => accountWithPlatform(a.name, props.platformOf(a.id))).join(', ') || '—'}
        </td>
        <td>{whenOf(row, props.timezone)}</td>
        <td>
          <strong>{status}</strong>
          {!dropped && problems.length > 0 ? (
            <ul className="import-problems">
              {problems.map((p, i) => (
                <li key={i}>
                  <code>{p.field}</code>: {p.message}
                </li>
              ))}
            </ul>
          ) : null}
          {!dropped && props.clashes?.length ? (
            <ul className="import-clashes" aria-label={`Clash warnings of row ${row.index + 1}`}>
              {props.clashes.map((c, i) => (
                <li key={i}>⚠ {c.message}</li>
              ))}
            </ul>
          ) : null}
        </td>
        <td className="import-actions">
          <button
            type="button"
            className="button button-small"
            onClick={props.onEdit}
            aria-expanded={props.editing}
          >
            Edit row {row.index + 1}
          </button>
          <button type="button" className="button button-small" onClick={props.onDrop}>
            {dropped ? `Keep row ${row.index + 1}` : `Drop row ${row.index + 1}`}
          </button>
        </td>
      </tr>
      {props.editor ? (
        <tr>
          <td colSpan={6}>{props.editor}</td>
        </tr>
      ) : null}
    </>
  );
}

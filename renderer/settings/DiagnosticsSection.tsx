import { useEffect, useRef, useState } from 'react';
import { ErrorState, Loading } from '../ui/feedback.js';
import { useUi } from '../ui/ui-store.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import { openLogsFolder } from './queries.js';

/**
 * About and diagnostics: which build runs on what, and the last lines of the log, so a user can
 * tell us what went wrong (the lines are redacted in main: no key is ever in them).
 */
export function DiagnosticsSection() {
  const diagnostics = useIpcQuery('getDiagnostics', {});
  const requested = useUi((s) => s.diagnosticsRequested);
  const shown = useUi((s) => s.diagnosticsShown);
  const heading = useRef<HTMLHeadingElement>(null);
  const [folderNote, setFolderNote] = useState<string | null>(null);

  // Help → About and Diagnostics lands here: bring the section into view and focus its title, after
  // the shell has focused the page's title (its effect runs after this one, on the same render).
  useEffect(() => {
    if (!requested) return;
    const frame = requestAnimationFrame(() => {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus();
      shown();
    });
    return () => cancelAnimationFrame(frame);
  }, [requested, shown]);

  const openFolder = async () => {
    try {
      const { opened } = await openLogsFolder({});
      setFolderNote(opened ? null : 'This window cannot open folders; the path is shown above.');
    } catch {
      setFolderNote('The folder could not be opened; the path is shown above.');
    }
  };

  return (
    <section className="card" aria-labelledby="diagnostics-title" id="diagnostics">
      <h2 id="diagnostics-title" ref={heading} tabIndex={-1}>
        About and diagnostics
      </h2>
      {diagnostics.isPending ? <Loading label="Reading the log…" /> : null}
      {diagnostics.isError ? (
        <ErrorState
          title="The diagnostics could not be read"
          error={diagnostics.error}
          onRetry={() => void diagnostics.refetch()}
        />
      ) : null}
      {diagnostics.data ? (
        <>
          <dl className="facts" aria-label="Versions">
            <dt>Postdeck</dt>
            <dd data-testid="version-app">{diagnostics.data.versions.app}</dd>
            <dt>Electron</dt>
            <dd>{diagnostics.data.versions.electron ?? 'not running in Electron'}</dd>
            <dt>Chromium</dt>
            <dd>{diagnostics.data.versions.chromium ?? 'not running in Electron'}</dd>
            <dt>Node.js</dt>
            <dd>{diagnostics.data.versions.node}</dd>
            <dt>System</dt>
            <dd>{diagnostics.data.versions.os}</dd>
            <dt>Log files</dt>
            <dd className="mono" data-testid="log-folder">
              {diagnostics.data.logFolder ?? 'none written'}
            </dd>
          </dl>
          <h3 className="diagnostics-subtitle">Last lines of the log</h3>
          {diagnostics.data.logLines.length > 0 ? (
            <pre className="log-tail" tabIndex={0} aria-label="Last lines of the log" data-testid="log-tail">
              {diagnostics.data.logLines.join('\n')}
            </pre>
          ) : (
            <p className="muted">Nothing has been written to the log yet.</p>
          )}
          <div className="diagnostics-actions">
            <button type="button" className="button" onClick={() => void diagnostics.refetch()}>
              Refresh
            </button>
            {diagnostics.data.logFolder ? (
              <button type="button" className="button" onClick={() => void openFolder()}>
                Open logs folder
              </button>
            ) : null}
          </div>
          {folderNote ? <p className="muted">{folderNote}</p> : null}
        </>
      ) : null}
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { ipcKey, useIpcQuery } from '../ipc/use-ipc.js';
import { EmptyState, ErrorState, Loading, errorMessage } from '../ui/feedback.js';
import { useState } from 'react';
import { MakeEvergreenButton } from '../evergreen/MakeEvergreenButton.js';
import { deleteDraft } from './queries.js';

/** The brand's local drafts, newest first, to open or delete. */
export function DraftsPanel({
  currentId,
  accountName,
  onOpen,
}: {
  currentId: string;
  accountName(id: string): string;
  onOpen(id: string): Promise<void>;
}) {
  const client = useQueryClient();
  const drafts = useIpcQuery('listDrafts', {});
  const [error, setError] = useState<string | null>(null);

  const remove = async (id: string) => {
    setError(null);
    try {
      await deleteDraft({ id });
      await client.invalidateQueries({ queryKey: ipcKey('listDrafts', {}) });
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <section className="composer-drafts card" aria-label="Local drafts">
      {drafts.isPending ? (
        <Loading label="Loading drafts…" />
      ) : drafts.isError ? (
        <ErrorState
          title="Drafts could not be read"
          error={drafts.error}
          onRetry={() => void drafts.refetch()}
        />
      ) : drafts.data.filter((d) => d.id !== currentId).length === 0 ? (
        <EmptyState title="No other drafts on this device" />
      ) : (
        <ul className="composer-drafts-list">
          {drafts.data
            .filter((d) => d.id !== currentId)
            .map((d) => {
              const text = d.blocks[0]?.content.trim() || '(no text yet)';
              const who =
                d.targets.map((t) => accountName(t.integrationId)).join(', ') || 'no account chosen';
              return (
                <li key={d.id} className="composer-draft-row">
                  <span className="composer-draft-text">{text.slice(0, 120)}</span>
                  <span className="muted">
                    {who} · {new Date(d.updatedAt).toLocaleString()}
                  </span>
                  <span className="composer-draft-actions">
                    <button type="button" className="button button-small" onClick={() => void onOpen(d.id)}>
                      Open<span className="visually-hidden"> draft “{text.slice(0, 40)}”</span>
                    </button>
                    <button
                      type="button"
                      className="button button-small button-danger"
                      onClick={() => void remove(d.id)}
                    >
                      Delete<span className="visually-hidden"> draft “{text.slice(0, 40)}”</span>
                    </button>
                    <MakeEvergreenButton
                      draftId={d.id}
                      className="button button-small"
                      what={`draft “${text.slice(0, 40)}”`}
                    />
                  </span>
                </li>
              );
            })}
        </ul>
      )}
      {error ? <p className="field-error">{error}</p> : null}
    </section>
  );
}

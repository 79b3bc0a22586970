import { useId, useRef, useState } from 'react';
import type { DraftMedia } from '../../shared/drafts/ipc.js';
import type { MediaObject } from '../../shared/api/resources.js';
import { useIpcQuery } from '../ipc/use-ipc.js';
import type { UploadView } from './use-uploads.js';
import { writeDraggedMedia } from '../media-library/media-drag.js';

/** A block's media: thumbnails with upload progress, and the four ways to add more. */
export function MediaTray({
  label,
  media,
  uploads,
  previews,
  issues,
  notice,
  onFiles,
  onUrl,
  onReuse,
  onRemove,
  onCancel,
}: {
  label: string;
  media: readonly DraftMedia[];
  uploads: Record<string, UploadView>;
  previews: ReadonlyMap<string, string>;
  issues: readonly string[];
  notice: string | null;
  onFiles(files: File[]): void;
  onUrl(url: string): Promise<string | null>;
  onReuse(media: MediaObject): void;
  onRemove(index: number): void;
  onCancel(localPath: string): void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [panel, setPanel] = useState<'none' | 'url' | 'library'>('none');
  const id = useId();

  return (
    <div className="composer-media">
      {media.length > 0 ? (
        <ul className="composer-media-list" aria-label={`Media of ${label}`}>
          {media.map((m, i) => {
            const upload = m.localPath && !m.mediaId ? uploads[m.localPath] : undefined;
            const src = m.thumbnail ?? (m.localPath ? previews.get(m.localPath) : undefined);
            const waiting = m.mediaId === null;
            return (
              <li key={`${m.localPath ?? m.mediaId ?? m.name}-${i}`} className="composer-media-item">
                {src && !(m.kind === 'video' && !m.thumbnail) ? (
                  <img src={src} alt="" className="composer-thumb" />
                ) : (
                  <span className="composer-thumb composer-thumb-video" aria-hidden="true">
                    ▶
                  </span>
                )}
                <span className="composer-media-name" title={m.name}>
                  {m.name}
                </span>
                {waiting ? <UploadState name={m.name} upload={upload} /> : null}
                {waiting && m.localPath && upload?.state !== 'failed' ? (
                  <button
                    type="button"
                    className="button button-small button-quiet"
                    onClick={() => onCancel(m.localPath ?? '')}
                  >
                    Cancel upload<span className="visually-hidden"> of {m.name}</span>
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button button-small button-quiet"
                    onClick={() => onRemove(i)}
                  >
                    Remove<span className="visually-hidden"> {m.name}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="composer-media-actions">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept="image/*,video/*"
          className="visually-hidden"
          tabIndex={-1}
          aria-label={`Files for ${label}`}
          onChange={(e) => {
            onFiles([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
        <button type="button" className="button button-small" onClick={() => fileInput.current?.click()}>
          Add files<span className="visually-hidden"> to {label}</span>
        </button>
        <button
          type="button"
          className="button button-small button-quiet"
          aria-expanded={panel === 'url'}
          onClick={() => setPanel(panel === 'url' ? 'none' : 'url')}
        >
          From a link<span className="visually-hidden"> for {label}</span>
        </button>
        <button
          type="button"
          className="button button-small button-quiet"
          aria-expanded={panel === 'library'}
          onClick={() => setPanel(panel === 'library' ? 'none' : 'library')}
        >
          Uploaded media<span className="visually-hidden"> for {label}</span>
        </button>
        <span className="muted composer-drop-hint">or drop files here</span>
      </div>
      {panel === 'url' ? (
        <UrlForm id={id} label={label} onUrl={onUrl} onDone={() => setPanel('none')} />
      ) : null}
      {panel === 'library' ? (
        <MediaLibrary
          label={label}
          onPick={(m) => {
            onReuse(m);
            setPanel('none');
          }}
        />
      ) : null}
      {notice ? (
        <p className="field-hint" role="status">
          {notice}
        </p>
      ) : null}
      {issues.length > 0 ? (
        <ul className="composer-issues" aria-label={`Media problems of ${label}`}>
          {issues.map((m) => (
            <li key={m} className="field-error">
              {m}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function UploadState({ name, upload }: { name: string; upload: UploadView | undefined }) {
  if (!upload || upload.state === 'queued') {
    return <span className="muted composer-upload-state">Waiting to upload…</span>;
  }
  if (upload.state === 'failed') {
    return <span className="field-error composer-upload-state">{upload.error ?? 'The upload failed.'}</span>;
  }
  const pct = upload.total > 0 ? Math.round((upload.sent / upload.total) * 100) : 0;
  return (
    <span className="composer-upload-state">
      <progress max={100} value={pct} aria-label={`Uploading ${name}`} />
      <span className="muted">{pct}%</span>
    </span>
  );
}

function UrlForm({
  id,
  label,
  onUrl,
  onDone,
}: {
  id: string;
  label: string;
  onUrl(url: string): Promise<string | null>;
  onDone(): void;
}) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="composer-url-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        void onUrl(url.trim()).then((problem) => {
          setBusy(false);
          setError(problem);
          if (!problem) onDone();
        });
      }}
    >
      <label htmlFor={`${id}-url`}>Media link for {label}</label>
      <input
        id={`${id}-url`}
        type="url"
        placeholder="https://…"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-url-error` : undefined}
      />
      <button type="submit" className="button button-small" disabled={busy}>
        {busy ? 'Fetching…' : 'Add'}
      </button>
      {error ? (
        <p id={`${id}-url-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function MediaLibrary({ label, onPick }: { label: string; onPick(media: MediaObject): void }) {
  const media = useIpcQuery('listMedia', {});
  if (media.isPending) return <p className="muted">Loading your media…</p>;
  if (media.isError) return <p className="field-error">{media.error.message}</p>;
  if (media.data.length === 0) return <p className="muted">Nothing uploaded yet for this brand.</p>;
  return (
    <ul className="composer-library" aria-label={`Uploaded media to reuse in ${label}`}>
      {media.data.map((m) => (
        <li key={m.id}>
          <button
            type="button"
            className="composer-library-item"
            onClick={() => onPick(m)}
            title={m.name}
            draggable
            onDragStart={(e) => writeDraggedMedia(e.dataTransfer, m)}
          >
            <img src={m.thumbnail} alt="" className="composer-thumb" />
            <span className="visually-hidden">Use {m.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

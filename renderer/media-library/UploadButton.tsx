import { useCallback, useRef, useState } from 'react';
import type { IpcEventPayload } from '../../shared/ipc/contract.js';
import { errorMessage } from '../ui/feedback.js';
import { useIpcEvent } from '../ipc/use-ipc.js';
import { uploadMedia } from './queries.js';

interface Upload {
  name: string;
  state: 'uploading' | 'done' | 'failed' | 'cancelled';
  error: string | null;
}

/**
 * Upload to the library without writing a post: the same path as the composer's "Add files"
 * (main gives a token for each chosen file, the page never holds a path; the upload goes through
 * the outbox); the library lists the media once the service has it.
 */
export function UploadButton() {
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<ReadonlyMap<string, Upload>>(new Map());
  const [refused, setRefused] = useState<string[]>([]);

  useIpcEvent(
    'uploadProgress',
    useCallback((p: IpcEventPayload<'uploadProgress'>) => {
      setUploads((all) => {
        const known = all.get(p.uploadId);
        if (!known) return all;
        return new Map(all).set(p.uploadId, { ...known, state: p.state, error: p.error ?? null });
      });
    }, []),
  );

  const start = async (files: File[]) => {
    const problems: string[] = [];
    for (const file of files) {
      const token = await window.api.fileToken(file).catch(() => null);
      if (!token) {
        problems.push(`${file.name || 'This file'} has no file on this computer to upload.`);
        continue;
      }
      try {
        const { uploadId } = await uploadMedia({ file: token });
        setUploads((all) => new Map(all).set(uploadId, { name: file.name, state: 'uploading', error: null }));
      } catch (e) {
        problems.push(`${file.name}: ${errorMessage(e)}`);
      }
    }
    setRefused(problems);
  };

  const list = [...uploads.values()];
  const busy = list.filter((u) => u.state === 'uploading');
  const failed = [...uploads].filter(([, u]) => u.state === 'failed');
  return (
    <div className="media-upload">
      <input
        ref={input}
        type="file"
        multiple
        accept="image/*,video/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Files to upload to the media library"
        onChange={(e) => {
          void start([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <button type="button" className="button button-primary" onClick={() => input.current?.click()}>
        Upload
      </button>
      <span className="muted" role="status">
        {busy.length > 0 ? `Uploading ${busy.length === 1 ? busy[0]!.name : `${busy.length} files`}…` : ''}
      </span>
      {failed.length > 0 || refused.length > 0 ? (
        <ul className="field-error media-upload-problems" role="alert">
          {refused.map((p) => (
            <li key={p}>{p}</li>
          ))}
          {failed.map(([id, u]) => (
            <li key={id}>
              {u.name}: {u.error ?? 'the upload failed.'}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

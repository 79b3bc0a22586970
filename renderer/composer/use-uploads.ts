import { useCallback, useEffect, useRef, useState } from 'react';
import type { IpcEventPayload } from '../../shared/ipc/contract.js';
import type { DraftMedia } from '../../shared/drafts/ipc.js';
import { useIpcEvent } from '../ipc/use-ipc.js';
import { errorMessage } from '../ui/feedback.js';
import { uploadMedia } from '../media-library/queries.js';
import { cancelUpload } from './queries.js';

/** One file on its way to the service, as the media tray shows it. */
export interface UploadView {
  uploadId: string;
  localPath: string;
  sent: number;
  total: number;
  state: 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';
  error: string | null;
}

/**
 * Starts streamed uploads (main reads the file by its path) and follows their progress events.
 * `onDone` receives the service's media for the file; `onGone` is told when one was cancelled.
 */
export function useUploads(o: {
  onDone(localPath: string, media: NonNullable<IpcEventPayload<'uploadProgress'>['media']>): void;
  onGone(localPath: string): void;
}) {
  const [uploads, setUploads] = useState<Record<string, UploadView>>({});
  const byId = useRef(new Map<string, string>());
  const handlers = useRef(o);
  useEffect(() => {
    handlers.current = o;
  });

  const onProgress = useCallback((p: IpcEventPayload<'uploadProgress'>) => {
    const localPath = byId.current.get(p.uploadId);
    if (!localPath) return;
    setUploads((all) => ({
      ...all,
      [localPath]: {
        uploadId: p.uploadId,
        localPath,
        sent: p.sent,
        total: p.total,
        state: p.state,
        error: p.error ?? null,
      },
    }));
    if (p.state === 'done' && p.media) handlers.current.onDone(localPath, p.media);
    if (p.state === 'cancelled') handlers.current.onGone(localPath);
  }, []);
  useIpcEvent('uploadProgress', onProgress);

  /** Queues the upload of a file on disk; answers an error sentence when main refuses it. */
  const start = useCallback(async (media: DraftMedia): Promise<string | null> => {
    const localPath = media.localPath;
    if (!localPath) return null;
    try {
      const { uploadId } = await uploadMedia({ file: localPath });
      byId.current.set(uploadId, localPath);
      setUploads((all) => ({
        ...all,
        [localPath]:
          all[localPath]?.uploadId === uploadId
            ? all[localPath]
            : { uploadId, localPath, sent: 0, total: 0, state: 'queued', error: null },
      }));
      return null;
    } catch (e) {
      return errorMessage(e);
    }
  }, []);

  const cancel = useCallback(
    async (localPath: string) => {
      const upload = uploads[localPath];
      if (upload) await cancelUpload({ uploadId: upload.uploadId }).catch(() => undefined);
      handlers.current.onGone(localPath);
    },
    [uploads],
  );

  return { uploads, start, cancel };
}

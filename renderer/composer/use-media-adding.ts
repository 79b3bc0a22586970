import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DraftMedia } from '../../shared/drafts/ipc.js';
import type { MediaObject } from '../../shared/api/resources.js';
import { errorMessage } from '../ui/feedback.js';
import { draftMediaOf } from '../media-library/media-drag.js';
import { kindOfFile } from './checks.js';
import * as model from './draft-model.js';
import { useUploads } from './use-uploads.js';
import { uploadMediaFromUrl } from './queries.js';

type DraftChange = (f: (d: model.WorkingDraft) => model.WorkingDraft) => void;

/**
 * Putting media on a block of the draft: files (picked, dropped or pasted)
 * start their upload at once and show a local picture meanwhile; a link is fetched by the
 * service; a library item is reused. `edit` is a change by the user, `update` one that comes back
 * from an upload (it does not count as typing).
 */
export function useMediaAdding({
  scope,
  edit,
  update,
}: {
  scope: model.Scope;
  edit: DraftChange;
  update: DraftChange;
}) {
  const client = useQueryClient();
  // Why a block's last files could not be added, shown under its media.
  const [notices, setNotices] = useState<Record<number, string>>({});
  // Local pictures shown before their upload ends (object URLs of the files the user gave).
  const [previews, setPreviews] = useState<ReadonlyMap<string, string>>(new Map());
  const previewUrls = useRef(previews);
  useEffect(() => {
    previewUrls.current = previews;
  }, [previews]);
  useEffect(() => () => previewUrls.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const uploads = useUploads({
    onDone: (localPath, media) =>
      update((d) =>
        model.updateLocalMedia(d, localPath, (m) => ({
          ...m,
          mediaId: media.id,
          path: media.path,
          thumbnail: media.thumbnail,
        })),
      ),
    onGone: (localPath) => update((d) => model.updateLocalMedia(d, localPath, () => null)),
  });

  const addFiles = async (block: number, files: File[]) => {
    const unreadable: string[] = [];
    // Main gives a token for each file the user chose; the page never holds a path.
    const tokens = await Promise.all(files.map((file) => window.api.fileToken(file).catch(() => null)));
    for (const [i, file] of files.entries()) {
      const localPath = tokens[i];
      if (!localPath) {
        unreadable.push(file.name || 'pasted image');
        continue;
      }
      if (!previews.has(localPath) && file.type.startsWith('image/')) {
        const url = URL.createObjectURL(file);
        setPreviews((p) => new Map(p).set(localPath, url));
      }
      const media: DraftMedia = {
        localPath,
        mediaId: null,
        path: null,
        thumbnail: null,
        name: file.name,
        kind: kindOfFile(file.type, file.name),
      };
      edit((d) => model.addMedia(d, scope, block, media));
      void uploads.start(media).then((problem) => {
        if (!problem) return;
        update((d) => model.updateLocalMedia(d, localPath, () => null));
        setNotices((n) => ({ ...n, [block]: problem }));
      });
    }
    setNotices((n) => {
      const { [block]: _, ...rest } = n;
      return unreadable.length > 0
        ? {
            ...rest,
            [block]: `${unreadable.join(', ')} has no file on this computer to upload; save it as a file, then add it with "Add files".`,
          }
        : rest;
    });
  };

  /** Answers why the link could not be added, or null when it was. */
  const addUrl = async (block: number, url: string): Promise<string | null> => {
    if (!/^https?:\/\/\S+$/i.test(url)) return 'Enter a full http(s) link to an image or a video.';
    try {
      const m = await uploadMediaFromUrl({ url });
      edit((d) => model.addMedia(d, scope, block, draftMediaOf(m)));
      void client.invalidateQueries({ queryKey: ['listMedia'] });
      return null;
    } catch (e) {
      return errorMessage(e);
    }
  };

  const reuse = (block: number, m: MediaObject) =>
    edit((d) => model.addMedia(d, scope, block, draftMediaOf(m)));

  return {
    uploads: uploads.uploads,
    previews,
    noticeOf: (block: number) => notices[block] ?? null,
    addFiles: (block: number, files: File[]) => void addFiles(block, files),
    addUrl,
    reuse,
    cancel: (localPath: string) => void uploads.cancel(localPath),
  };
}

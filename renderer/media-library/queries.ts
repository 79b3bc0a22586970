import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { LibraryMedia } from '../../shared/media/ipc.js';
import { call, type AppError } from '../ipc/ipc.js';

/* The media library's writes: uploads (progress comes as events) and tags. */

/** Starts uploading a file the user picked; progress arrives as events. */
export function uploadMedia(input: IpcInput<'uploadMedia'>): Promise<IpcOutput<'uploadMedia'>> {
  return call('uploadMedia', input);
}

/** Sets a library item's tags; the library is read again so searches see them. */
export function useSetMediaTags(mediaId: string) {
  const client = useQueryClient();
  return useMutation<LibraryMedia, AppError, string[]>({
    mutationFn: (tags) => call('setMediaTags', { mediaId, tags }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['listMediaLibrary'] }),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { IpcInput, IpcOutput } from '../../shared/ipc/contract.js';
import type { ExportFormat, ExportResult, ExportScope } from '../../shared/export/ipc.js';
import { call, type AppError } from '../ipc/ipc.js';

/* Exports: main writes the file and answers with its token, never a path the window chose. */

/** A file of posts, or a review pack for the client (electron/review/). */
export type ExportChoice = ExportFormat | 'pack-html' | 'pack-pdf';

/** What an export wrote: a file of posts, or a review pack. */
export type Exported = ExportResult | { path: string | null; posts: number; skipped: number; pack: true };

/** Exports the posts in scope in the chosen format (main shows the save dialog and writes the file). */
export function useExport(scope: ExportScope | null) {
  return useMutation<Exported, AppError, ExportChoice>({
    mutationFn: async (format) => {
      if (!scope) throw new Error('There are no posts to export here.');
      if (format === 'pack-html' || format === 'pack-pdf') {
        const pack = await call('exportReviewPack', {
          format: format === 'pack-html' ? 'html' : 'pdf',
          scope,
        });
        return { ...pack, pack: true as const };
      }
      return call('exportPosts', { format, scope });
    },
  });
}

/** Writes the posts in scope to a file in the chosen format. */
export function exportPosts(input: IpcInput<'exportPosts'>): Promise<IpcOutput<'exportPosts'>> {
  return call('exportPosts', input);
}

/** Shows the file an export just wrote in the system's file manager, by the export's token. */
export function useShowExportedFile(fileToken: string) {
  return useMutation<{ shown: boolean }, AppError>({
    mutationFn: () => call('showExportedFile', { fileToken }),
  });
}

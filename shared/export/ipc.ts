import { z } from 'zod';
import { IsoDateTime } from '../api/resources.js';
import { m } from '../ipc/method.js';

/*
 * Export: main writes the file (after a save dialog) in the format import reads back.
 */

/** Export: which posts (the calendar's range, or chosen ids such as a selection or search results), in which format. */
export const ExportFormat = z.enum(['ics', 'csv', 'json']);
export type ExportFormat = z.infer<typeof ExportFormat>;
export const ExportScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('range'), start: IsoDateTime, end: IsoDateTime }),
  z.object({ kind: z.literal('posts'), postIds: z.array(z.string().min(1).max(200)).min(1).max(20_000) }),
]);
export type ExportScope = z.infer<typeof ExportScope>;
export const ExportResult = z.object({
  /** Where the file was written; null when the user closed the save dialog. */
  path: z.string().nullable(),
  /** Rows (CSV, JSON) or events (.ics) written: one per set of accounts sharing time and text. */
  count: z.number().int(),
  /** Posts written in full, and those written from the calendar's copy (first block only) because offline. */
  posts: z.number().int(),
  partial: z.number().int(),
  /** Posts not written: created offline and not yet confirmed by the service. */
  skipped: z.number().int(),
  /**
   * Names the file just written for "Show in folder" (showExportedFile): the window hands back this
   * token, never a path, so it can only ever show a file main itself wrote. Null when nothing was written.
   */
  fileToken: z.string().nullable(),
});
export type ExportResult = z.infer<typeof ExportResult>;

export const exportMethods = {
  exportPosts: m(
    z.object({ format: ExportFormat, scope: ExportScope }),
    ExportResult,
    'Writes posts of the active brand as .ics, CSV or JSON where the user chooses; CSV and JSON import back unchanged.',
  ),
  showExportedFile: m(
    z.object({ fileToken: z.string().min(1).max(100) }),
    z.object({ shown: z.boolean() }),
    'Shows the file the last export wrote in the system file manager, by the token exportPosts answered (never a path from the window).',
  ),
} as const;

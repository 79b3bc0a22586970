import { app, dialog, type BrowserWindow } from 'electron';
import { existsSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import type { ExportFormat } from '../../shared/export/ipc.js';
import type { ChooseSavePath } from './export-service.js';

/* The system's save dialog for an export, over the window when there is one. */

const FILTERS: Record<ExportFormat | 'html' | 'pdf', Electron.FileFilter> = {
  ics: { name: 'Calendar (iCalendar)', extensions: ['ics'] },
  csv: { name: 'CSV (spreadsheet)', extensions: ['csv'] },
  json: { name: 'JSON', extensions: ['json'] },
  html: { name: 'Review pack (web page)', extensions: ['html'] },
  pdf: { name: 'PDF', extensions: ['pdf'] },
};

export function saveDialog(window: () => BrowserWindow | null): ChooseSavePath {
  return async ({ defaultName, format, title }) => {
    const options: Electron.SaveDialogOptions = {
      title: title ?? (format === 'html' || format === 'pdf' ? 'Save review pack' : 'Export posts'),
      defaultPath: join(app.getPath('documents'), defaultName),
      filters: [FILTERS[format]],
      properties: ['showOverwriteConfirmation', 'createDirectory'],
    };
    const parent = window();
    const { canceled, filePath } = parent
      ? await dialog.showSaveDialog(parent, options)
      : await dialog.showSaveDialog(options);
    if (canceled || !filePath) return null;
    if (extname(filePath) !== '') return filePath;
    // The dialog asked about overwriting the name as typed; the file written gets the extension,
    // so a file of that name is asked about here, before anything is written.
    const target = `${filePath}.${FILTERS[format].extensions[0] ?? format}`;
    if (!existsSync(target)) return target;
    const question: Electron.MessageBoxOptions = {
      type: 'question',
      buttons: ['Replace', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: `"${basename(target)}" already exists. Do you want to replace it?`,
    };
    const { response } = parent
      ? await dialog.showMessageBox(parent, question)
      : await dialog.showMessageBox(question);
    return response === 0 ? target : null;
  };
}

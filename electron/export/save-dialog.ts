import { app, dialog, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { ExportFormat } from '../../shared/ipc/models.js';
import type { ChooseSavePath } from './export-service.js';

/* The system's save dialog for an export, over the window when there is one. */

const FILTERS: Record<ExportFormat, Electron.FileFilter> = {
  ics: { name: 'Calendar (iCalendar)', extensions: ['ics'] },
  csv: { name: 'CSV (spreadsheet)', extensions: ['csv'] },
  json: { name: 'JSON', extensions: ['json'] },
};

export function saveDialog(window: () => BrowserWindow | null): ChooseSavePath {
  return async ({ defaultName, format }) => {
    const options: Electron.SaveDialogOptions = {
      title: 'Export posts',
      defaultPath: join(app.getPath('documents'), defaultName),
      filters: [FILTERS[format]],
      properties: ['showOverwriteConfirmation', 'createDirectory'],
    };
    const parent = window();
    const { canceled, filePath } = parent
      ? await dialog.showSaveDialog(parent, options)
      : await dialog.showSaveDialog(options);
    return canceled || !filePath ? null : filePath;
  };
}

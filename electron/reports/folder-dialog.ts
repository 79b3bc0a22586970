import { app, dialog, type BrowserWindow } from 'electron';

/** Asks for the folder monthly reports go into (Electron's open dialog); null when the user cancels. */
export function folderDialog(window: () => BrowserWindow | null): () => Promise<string | null> {
  return async () => {
    const options: Electron.OpenDialogOptions = {
      title: 'Choose the folder for monthly reports',
      buttonLabel: 'Use this folder',
      defaultPath: app.getPath('documents'),
      properties: ['openDirectory', 'createDirectory'],
    };
    const parent = window();
    const { canceled, filePaths } = parent
      ? await dialog.showOpenDialog(parent, options)
      : await dialog.showOpenDialog(options);
    return canceled ? null : (filePaths[0] ?? null);
  };
}

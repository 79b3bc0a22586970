import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/desktop/ipc.js';

/*
 * No Electron value imported (only its types), so it is tested under plain Node.
 * The native menu as data: the app's own commands with their shortcuts, then the standard Edit,
 * View and Window menus built from Electron roles, in each platform's usual order.
 */

/** The app's commands as the menu shows them; `CmdOrCtrl` is Cmd on macOS and Ctrl elsewhere. */
export const MENU_COMMANDS: readonly {
  command: MenuCommand;
  label: string;
  accelerator?: string;
  menu: 'file' | 'go' | 'help';
}[] = [
  { command: 'newPost', label: 'New Post', accelerator: 'CmdOrCtrl+N', menu: 'file' },
  { command: 'today', label: 'Today', accelerator: 'CmdOrCtrl+T', menu: 'go' },
  { command: 'viewMonth', label: 'Month', accelerator: 'CmdOrCtrl+1', menu: 'go' },
  { command: 'viewWeek', label: 'Week', accelerator: 'CmdOrCtrl+2', menu: 'go' },
  { command: 'viewDay', label: 'Day', accelerator: 'CmdOrCtrl+3', menu: 'go' },
  { command: 'viewAgenda', label: 'Agenda', accelerator: 'CmdOrCtrl+4', menu: 'go' },
  { command: 'openCalendar', label: 'Calendar', accelerator: 'CmdOrCtrl+Shift+C', menu: 'go' },
  { command: 'openAnalytics', label: 'Analytics', accelerator: 'CmdOrCtrl+Shift+A', menu: 'go' },
  { command: 'openOutbox', label: 'Outbox', accelerator: 'CmdOrCtrl+Shift+O', menu: 'go' },
  { command: 'importReview', label: 'Import Review…', menu: 'file' },
  { command: 'openSettings', label: 'Settings…', accelerator: 'CmdOrCtrl+,', menu: 'file' },
  { command: 'openDiagnostics', label: 'About Postdeck and Diagnostics', menu: 'help' },
];

export interface MenuTemplateOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Sends a command to the window (main forwards it as a menuCommand event). */
  send(command: MenuCommand): void;
  /** Shows the log files' folder in the file manager (main does it; the window may be closed). */
  openLogsFolder(): void;
  /** Looks for a newer version and says what it found (main, with electron-updater). */
  checkForUpdates(): void;
}

export function buildMenuTemplate(opts: MenuTemplateOptions): MenuItemConstructorOptions[] {
  const mac = opts.platform === 'darwin';
  const item = (command: MenuCommand): MenuItemConstructorOptions => {
    const spec = MENU_COMMANDS.find((c) => c.command === command)!;
    const shortcut = spec.accelerator ? { accelerator: spec.accelerator } : {};
    return { id: command, label: spec.label, ...shortcut, click: () => opts.send(command) };
  };
  const views: MenuCommand[] = ['viewMonth', 'viewWeek', 'viewDay', 'viewAgenda'];
  const pages: MenuCommand[] = ['openCalendar', 'openAnalytics', 'openOutbox'];

  // On macOS, Settings and Quit live in the app menu; elsewhere they end the File menu.
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: opts.appName,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            item('openSettings'),
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: mac
      ? [item('newPost'), item('importReview'), { type: 'separator' }, { role: 'close' }]
      : [
          item('newPost'),
          item('importReview'),
          { type: 'separator' },
          item('openSettings'),
          { type: 'separator' },
          { role: 'quit' },
        ],
  };
  const edit: MenuItemConstructorOptions = { label: '&Edit', role: 'editMenu' };
  const go: MenuItemConstructorOptions = {
    label: '&Go',
    submenu: [
      item('today'),
      { type: 'separator' },
      ...views.map(item),
      { type: 'separator' },
      ...pages.map(item),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      { role: 'reload' },
      { role: 'forceReload' },
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const window: MenuItemConstructorOptions = { label: '&Window', role: 'windowMenu' };
  const help: MenuItemConstructorOptions = {
    label: '&Help',
    role: 'help',
    submenu: [
      item('openDiagnostics'),
      { id: 'openLogsFolder', label: 'Open Logs Folder', click: () => opts.openLogsFolder() },
      { type: 'separator' },
      { id: 'checkForUpdates', label: 'Check for Updates…', click: () => opts.checkForUpdates() },
    ],
  };
  return [...appMenu, file, edit, go, view, window, help];
}

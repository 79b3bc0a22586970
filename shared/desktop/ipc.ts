import { z } from 'zod';
import { Id, m, None } from '../ipc/method.js';

/*
 * The desktop app: settings main applies (tray, login item), the clock preference, what main asks
 * the window to open, the native menu, the window's own health, and About / diagnostics.
 */

/** How Postdeck behaves as a desktop app; main applies them (tray, login item). */
export const DesktopSettings = z.object({
  /** Closing the last window leaves Postdeck in the tray (menu bar) so the outbox keeps sending. */
  keepRunningInBackground: z.boolean(),
  openAtLogin: z.boolean(),
});
export type DesktopSettings = z.infer<typeof DesktopSettings>;

/** The OS's 12/24-hour clock where it is set apart from the language; null: the language decides. */
export const ClockPreference = z.object({ hour12: z.boolean().nullable() });
export type ClockPreference = z.infer<typeof ClockPreference>;

/** What main asks the window to open: a post (notification, postdeck://post/…), the composer, the outbox. */
export const OpenRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), postId: Id }),
  z.object({ kind: z.literal('compose'), text: z.string().max(100_000) }),
  z.object({ kind: z.literal('outbox') }),
]);
export type OpenRequest = z.infer<typeof OpenRequest>;

/** What the About / diagnostics view shows: which build runs where, and the log's last lines. */
export const Diagnostics = z.object({
  versions: z.object({
    app: z.string(),
    /** Null outside Electron (the browser test bridge). */
    electron: z.string().nullable(),
    chromium: z.string().nullable(),
    node: z.string(),
    os: z.string(),
  }),
  /** The folder of the log files, the home folder shown as ~; null where nothing is written. */
  logFolder: z.string().nullable(),
  logLines: z.array(z.string()),
});
export type Diagnostics = z.infer<typeof Diagnostics>;

/** What the native menu can ask the window to do; main builds the menu from this list. */
export const MenuCommand = z.enum([
  'newPost',
  'today',
  'viewMonth',
  'viewWeek',
  'viewDay',
  'viewAgenda',
  'openCalendar',
  'openAnalytics',
  'openSettings',
  'openDiagnostics',
  'openOutbox',
  'importReview',
]);
export type MenuCommand = z.infer<typeof MenuCommand>;

export const desktopMethods = {
  getDesktopSettings: m(None, DesktopSettings, 'Keep running in the background, open at login.'),
  setDesktopSettings: m(
    DesktopSettings.partial().strict(),
    DesktopSettings,
    'Changes desktop settings; main applies them at once.',
  ),
  getClockPreference: m(
    None,
    ClockPreference,
    "The OS's 12/24-hour setting, which every time on screen follows over the language's default.",
  ),
  takeOpenRequest: m(
    None,
    z.object({ request: OpenRequest.nullable() }),
    'The post or composer main asked the window to open (a notification, a link), once.',
  ),

  // The window's own health.
  takeRecoveryNotice: m(
    None,
    z.object({ message: z.string().nullable() }),
    'Why the window was just reloaded (a crash, a hang), once; null when it was not.',
  ),

  // About / diagnostics.
  getDiagnostics: m(None, Diagnostics, 'Versions and the last lines of the log file.'),
  openLogsFolder: m(
    None,
    z.object({ opened: z.boolean() }),
    'Shows the folder of the log files in the file manager.',
  ),

  // Shell.
  openExternal: m(
    z.object({ url: z.url({ protocol: /^https?$/ }) }),
    z.object({ opened: z.boolean() }),
    'Opens an http(s) link in the system browser.',
  ),
} as const;

export const desktopEvents = {
  /** The user chose an item of the native menu (or pressed its shortcut). */
  menuCommand: z.object({ command: MenuCommand }),
  /** Main has something for the window to open: it asks with takeOpenRequest. */
  openRequested: z.object({}),
} as const;

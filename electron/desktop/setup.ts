import type { ClockPreference, DesktopSettings, OpenRequest } from '../../shared/desktop/ipc.js';
import type { AppContext, FeatureSetup } from '../context/app-context.js';
import { readDiagnostics, type DiagnosticsSource } from '../logs/diagnostics.js';
import { DesktopSettingsStore } from './desktop-settings.js';
import { readSystemClock, systemClockSources } from './system-clock.js';

type DesktopMethod =
  | 'getDesktopSettings'
  | 'getClockPreference'
  | 'setDesktopSettings'
  | 'takeOpenRequest'
  | 'takeRecoveryNotice'
  | 'getDiagnostics'
  | 'openLogsFolder'
  | 'openExternal';

export interface DesktopFeature extends FeatureSetup<DesktopMethod> {
  /** Keeps the sentence the reloaded window shows (takeRecoveryNotice answers it once). */
  noteRecovery(message: string): void;
  desktopSettings(): DesktopSettings;
  /** Asks the window to open a post or the composer (it takes the request with takeOpenRequest). */
  requestOpen(request: OpenRequest): void;
}

/**
 * The desktop around the calendar: settings, the clock preference, diagnostics and the logs folder,
 * links opened in the browser, and what the window is asked to open or to say after a reload.
 */
export function setupDesktop({ repos, host, events }: AppContext): DesktopFeature {
  const diagnostics: DiagnosticsSource = host.diagnostics ?? {
    appVersion: 'development',
    versions: { node: process.versions.node },
    logFile: null,
  };
  const desktop = new DesktopSettingsStore(repos.settings);
  // Read once, while the window loads; the window asks for it before its first paint.
  const clock = (host.systemClock ?? (() => readSystemClock(systemClockSources())))().catch(
    (): ClockPreference => ({ hour12: null }),
  );
  let recoveryNotice: string | null = null;
  // The latest only: a second click on a notification replaces the first.
  let openRequest: OpenRequest | null = null;
  return {
    noteRecovery: (message) => {
      recoveryNotice = message;
    },
    desktopSettings: () => desktop.get(),
    requestOpen: (request) => {
      openRequest = request;
      events.emit('openRequested', {});
    },
    handlers: {
      getDesktopSettings: async () => desktop.get(),
      getClockPreference: () => clock,
      setDesktopSettings: async (patch) => {
        const next = desktop.set(patch);
        host.applyDesktopSettings?.(next);
        return next;
      },
      takeOpenRequest: async () => {
        const request = openRequest;
        openRequest = null;
        return { request };
      },
      takeRecoveryNotice: async () => {
        const message = recoveryNotice;
        recoveryNotice = null;
        return { message };
      },
      getDiagnostics: () => readDiagnostics(diagnostics),
      openLogsFolder: async () => {
        if (!host.openFolder || !diagnostics.logFile) return { opened: false };
        await host.openFolder(diagnostics.logFile.folder);
        return { opened: true };
      },
      openExternal: async ({ url }) => {
        if (!host.openExternal) return { opened: false };
        await host.openExternal(url);
        return { opened: true };
      },
    },
  };
}

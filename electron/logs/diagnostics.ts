import { arch, release, type } from 'node:os';
import type { Diagnostics } from '../../shared/desktop/ipc.js';
import { describe } from '../log.js';
import type { LogFile } from './log-file.js';

/*
 * Also used by the browser test bridge (e2e/support/bridge.ts). What the About / diagnostics view
 * shows: the versions a support request needs, and the last lines of the log file (already
 * redacted; the folder shown with ~ for the home folder).
 */

export const DIAGNOSTIC_LINES = 200;

export interface DiagnosticsSource {
  appVersion: string;
  /** process.versions in main: electron and chrome are absent outside Electron. */
  versions: Partial<Record<'electron' | 'chrome', string>> & { node: string };
  logFile: LogFile | null;
}

export async function readDiagnostics(source: DiagnosticsSource): Promise<Diagnostics> {
  return {
    versions: {
      app: source.appVersion,
      electron: source.versions.electron ?? null,
      chromium: source.versions.chrome ?? null,
      node: source.versions.node,
      os: `${type()} ${release()} (${arch()})`,
    },
    logFolder: source.logFile ? describe(source.logFile.folder) : null,
    logLines: source.logFile ? await source.logFile.tail(DIAGNOSTIC_LINES) : [],
  };
}
